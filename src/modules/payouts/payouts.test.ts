import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { countRows } from '../../../test/helpers/catalog-factories.ts';
import { currencies, ownerEarnings, payouts } from '../../db/schema/index.ts';
import type { UserRow } from '../users/users.repository.ts';
import { addLines, resetPayouts, setAccount } from './payouts.test-support.ts';

const START = new Date('2030-03-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(START.getTime() - h * 3600_000);

describe('payouts: eligibility, settings, processor currencies, accounts, roles', () => {
  let t: TestApp;
  let tok: Record<'admin' | 'support' | 'owner' | 'client', string>;
  let owner: UserRow;
  before(async () => {
    t = await createTestApp({ start: START });
    owner = await createUser(t.deps, { role: 'owner' });
    tok = {
      admin: await loginAs(t.app, await createUser(t.deps, { role: 'admin' })),
      support: await loginAs(t.app, await createUser(t.deps, { role: 'support' })),
      owner: await loginAs(t.app, owner),
      client: await loginAs(t.app, await createUser(t.deps)),
    };
  });
  after(() => t.close());
  beforeEach(async () => {
    t.clock.set(START);
    await resetPayouts(t.deps);
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  it('answers 401 without a token and 403 to roles that may not, on every route', async () => {
    const routes: Array<[method: 'GET' | 'POST' | 'PUT', url: string, body: object | undefined, allowed: string[]]> = [
      ['GET', '/payouts/all-eligible-owners', undefined, ['admin', 'support']],
      ['POST', '/payouts/process', { dry_run: true }, ['admin']],
      ['GET', '/payouts/settings', undefined, ['admin', 'support']],
      ['PUT', '/payouts/settings', { max_payouts: 100 }, ['admin']],
      ['GET', '/payouts/currencies-processor', undefined, ['admin', 'support']],
      ['GET', '/payouts/account', undefined, ['owner', 'admin', 'support']],
      ['PUT', '/payouts/account', { payout_account_id: 'acct_own' }, ['owner', 'admin']],
    ];
    for (const [method, url, body, allowed] of routes) {
      assert.equal((await call(method, url, undefined, body)).statusCode, 401, `${method} ${url} anonymous`);
      for (const role of ['admin', 'support', 'owner', 'client'] as const) {
        const res = await call(method, url, tok[role], body);
        assert.equal(res.statusCode, allowed.includes(role) ? 200 : 403, `${method} ${url} as ${role}: ${res.body}`);
      }
    }
  });

  it("lists due positive balances per owner and currency, reversals netted, converted with the table's rates", async () => {
    const a = await createUser(t.deps, { role: 'owner' });
    const b = await createUser(t.deps, { role: 'owner' });
    const c = await createUser(t.deps, { role: 'owner' });
    await setAccount(t.deps, a.id, 'acct_a');
    await setAccount(t.deps, b.id, 'acct_b');
    await addLines(t.deps, a.id, [
      { amount: 10_000, payableAt: hoursAgo(5) },
      { amount: -3_000, payableAt: hoursAgo(1) }, // a refund's reversal nets out
      { amount: 5_000, payableAt: new Date(START.getTime() + 3600_000) }, // not payable yet
      { amount: 2_000, currency: 'USD', payableAt: START }, // payable_at = now counts
    ]);
    // Already paid lines never count again.
    const [paid] = await t.deps.db
      .insert(payouts)
      .values({
        ownerId: a.id,
        currency: 'EUR',
        amountMinor: 7_700,
        transferCurrency: 'EUR',
        transferAmountMinor: 7_700,
        status: 'paid',
      })
      .returning();
    const [paidLine] = await addLines(t.deps, a.id, [{ amount: 7_700, payableAt: hoursAgo(48) }]);
    await t.deps.db.update(ownerEarnings).set({ payoutId: paid!.id }).where(eq(ownerEarnings.id, paidLine!));
    await addLines(t.deps, b.id, [
      { amount: 1_000, payableAt: hoursAgo(2) },
      { amount: -2_500, payableAt: hoursAgo(1) },
    ]); // negative: not eligible
    await addLines(t.deps, c.id, [{ amount: 5_000, currency: 'JPY', payableAt: hoursAgo(30) }]);

    const res = await call('GET', '/payouts/all-eligible-owners', tok.admin);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.deepEqual(body.meta, { current_page: 1, per_page: 20, total: 2, last_page: 1 });
    assert.deepEqual(
      body.data.map((o: { owner_id: number }) => o.owner_id),
      [a.id, c.id],
    );
    const [oa, oc] = body.data;
    assert.deepEqual(Object.keys(oa).sort(), [
      'balances',
      'email',
      'has_payout_account',
      'name',
      'owner_id',
      'target_currency',
      'total_converted_amount',
    ]);
    assert.equal(oa.email, a.email);
    assert.equal(oa.name, `${a.firstName} ${a.lastName}`);
    assert.equal(oa.has_payout_account, true);
    assert.equal(oa.target_currency, 'EUR');
    assert.deepEqual(oa.balances, [
      { currency: 'EUR', amount: 70, converted_amount: 70, rate: 1, earnings_count: 1, lines_count: 2 },
      { currency: 'USD', amount: 20, converted_amount: 18.52, rate: 0.9259259259, earnings_count: 1, lines_count: 1 },
    ]);
    assert.equal(oa.total_converted_amount, 88.52);
    assert.equal(oc.has_payout_account, false);
    assert.deepEqual(oc.balances, [
      { currency: 'JPY', amount: 5000, converted_amount: 30.86, rate: 0.0061728395, earnings_count: 1, lines_count: 1 },
    ]);

    const usd = (await call('GET', '/payouts/all-eligible-owners?currency=usd', tok.support)).json().data;
    assert.deepEqual(
      usd[0].balances.map((x: { converted_amount: number }) => x.converted_amount),
      [75.6, 20],
    );
    assert.equal(usd[0].total_converted_amount, 95.6);
    assert.equal(usd[1].balances[0].converted_amount, 33.33);
    const unknown = await call('GET', '/payouts/all-eligible-owners?currency=XXX', tok.admin);
    assert.equal(unknown.statusCode, 422);
    assert.ok(unknown.json().errors.currency);
    const page2 = await call('GET', '/payouts/all-eligible-owners?per_page=1&page=2', tok.admin);
    assert.equal(page2.json().data[0]?.owner_id, c.id, page2.body);

    // Once the later stay is payable, it joins the balance (tokens expire meanwhile: log in again).
    t.clock.advance(2 * 3600_000);
    const fresh = await loginAs(t.app, await createUser(t.deps, { role: 'admin' }));
    const later = (await call('GET', '/payouts/all-eligible-owners', fresh)).json().data[0];
    assert.equal(later.balances[0].amount, 120);
  });

  it('keeps settings, created with defaults, validated field by field', async () => {
    const first = await call('GET', '/payouts/settings', tok.support);
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json().data, { min_amount: 0, max_payouts: 100, currency: 'EUR', updated_at: null });
    assert.equal(await countRows(t.deps, 'payout_settings'), 0, 'reading the defaults writes nothing');
    const put = await call('PUT', '/payouts/settings', tok.admin, {
      min_amount: 50.5,
      max_payouts: 10,
      currency: 'usd',
    });
    assert.equal(put.statusCode, 200, put.body);
    assert.deepEqual(put.json().data, {
      min_amount: 50.5,
      max_payouts: 10,
      currency: 'USD',
      updated_at: START.toISOString(),
    });
    assert.deepEqual((await call('GET', '/payouts/settings', tok.admin)).json().data, put.json().data);
    // Only the fields sent change.
    assert.equal((await call('PUT', '/payouts/settings', tok.admin, { max_payouts: 20 })).json().data.min_amount, 50.5);

    const bad = async (body: object, field: string) => {
      const res = await call('PUT', '/payouts/settings', tok.admin, body);
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
      assert.ok(res.json().errors[field], `${JSON.stringify(body)} names ${field}: ${res.body}`);
    };
    await bad({ currency: 'XXX' }, 'currency');
    await t.deps.db.update(currencies).set({ isActive: false }).where(eq(currencies.code, 'CHF'));
    await bad({ currency: 'CHF' }, 'currency');
    await bad({ currency: 'EURO' }, 'currency');
    await bad({ min_amount: 1.234 }, 'min_amount');
    await bad({ min_amount: -1 }, 'min_amount');
    await bad({ currency: 'JPY' }, 'min_amount'); // 50.5 does not fit a currency without decimals
    await bad({ max_payouts: 0 }, 'max_payouts');
    await bad({ max_payouts: 2.5 }, 'max_payouts');
    assert.equal((await call('PUT', '/payouts/settings', tok.admin, {})).statusCode, 422);
    assert.equal(
      (await call('PUT', '/payouts/settings', tok.admin, { currency: 'JPY', min_amount: 5000 })).json().data.min_amount,
      5000,
    );
    await t.deps.db.update(currencies).set({ isActive: true }).where(eq(currencies.code, 'CHF'));
    await call('PUT', '/payouts/settings', tok.admin, { currency: 'EUR', min_amount: 0, max_payouts: 100 });
  });

  it('lists the active currencies, each marked with whether the processor pays out in it', async () => {
    const res = await call('GET', '/payouts/currencies-processor', tok.support);
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json().data;
    assert.equal(d.processor, 'local');
    assert.equal(d.currencies[0].code, 'EUR');
    assert.equal(d.currencies[0].is_default, true);
    assert.deepEqual(Object.keys(d.currencies[0]).sort(), [
      'code',
      'decimals',
      'exchange_rate',
      'is_default',
      'name',
      'supported',
      'symbol',
    ]);
    const usd = d.currencies.find((c: { code: string }) => c.code === 'USD');
    assert.deepEqual(
      { ...usd, name: undefined, symbol: undefined },
      {
        code: 'USD',
        decimals: 2,
        exchange_rate: '1.08',
        is_default: false,
        supported: true,
        name: undefined,
        symbol: undefined,
      },
    );
    assert.ok(
      d.currencies.every((c: { supported: boolean }) => c.supported),
      'the local processor pays out in every active currency',
    );
  });

  it("lets an owner set their own payout account and an admin set anyone's, never while a payout is open", async () => {
    const own = await call('PUT', '/payouts/account', tok.owner, { payout_account_id: 'acct_mine_1' });
    assert.equal(own.statusCode, 200, own.body);
    assert.deepEqual(own.json().data, {
      owner_id: owner.id,
      payout_account_id: 'acct_mine_1',
      has_payout_account: true,
      open_payouts: 0,
    });
    assert.equal((await call('GET', '/payouts/account', tok.owner)).json().data.payout_account_id, 'acct_mine_1');
    const other = await createUser(t.deps, { role: 'owner' });
    assert.equal(
      (await call('PUT', '/payouts/account', tok.owner, { payout_account_id: 'acct_x', owner_id: other.id }))
        .statusCode,
      403,
    );
    assert.equal((await call('GET', `/payouts/account?owner_id=${other.id}`, tok.owner)).statusCode, 403);
    const byAdmin = await call('PUT', '/payouts/account', tok.admin, {
      payout_account_id: 'acct_theirs',
      owner_id: other.id,
    });
    assert.equal(byAdmin.statusCode, 200, byAdmin.body);
    assert.equal(
      (await call('GET', `/payouts/account?owner_id=${other.id}`, tok.support)).json().data.payout_account_id,
      'acct_theirs',
    );
    const client = await createUser(t.deps);
    const notOwner = await call('PUT', '/payouts/account', tok.admin, {
      payout_account_id: 'acct_c',
      owner_id: client.id,
    });
    assert.equal(notOwner.statusCode, 422);
    assert.ok(notOwner.json().errors.owner_id);
    assert.equal(
      (await call('PUT', '/payouts/account', tok.admin, { payout_account_id: 'acct_c', owner_id: 99_999_999 }))
        .statusCode,
      404,
    );
    const badId = await call('PUT', '/payouts/account', tok.owner, { payout_account_id: 'acct with spaces' });
    assert.equal(badId.statusCode, 422);
    assert.ok(badId.json().errors.payout_account_id);

    // A payout still being sent pins the destination.
    await t.deps.db.insert(payouts).values({
      ownerId: owner.id,
      currency: 'EUR',
      amountMinor: 100,
      transferCurrency: 'EUR',
      transferAmountMinor: 100,
      status: 'failed',
    });
    const pinned = await call('PUT', '/payouts/account', tok.owner, { payout_account_id: 'acct_mine_2' });
    assert.equal(pinned.statusCode, 409, pinned.body);
    assert.equal(
      (await call('PUT', '/payouts/account', tok.owner, { payout_account_id: 'acct_mine_1' })).statusCode,
      200,
      'the same account is fine',
    );
    assert.equal(
      (await call('PUT', '/payouts/account', tok.admin, { payout_account_id: null, owner_id: owner.id })).statusCode,
      409,
    );
    await t.deps.db.update(payouts).set({ status: 'paid' }).where(eq(payouts.ownerId, owner.id));
    const cleared = await call('PUT', '/payouts/account', tok.admin, { payout_account_id: null, owner_id: owner.id });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.equal(cleared.json().data.has_payout_account, false);
  });
});
