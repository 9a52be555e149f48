import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import type { LocalPaymentProcessor } from '../../adapters/local-payments/local-payment-processor.ts';
import { ownerEarnings, payouts } from '../../db/schema/index.ts';
import { ProcessorRejectedError, ProcessorUnavailableError } from '../../ports/payment-processor.ts';
import { executePayout } from './execute-payout.ts';
import { buildPlan, targetCurrency } from './payout-plan.ts';
import { payoutsRepository } from './payouts.repository.ts';
import { addLines, allPayouts, boundLines, resetPayouts, setAccount, transferRecords } from './payouts.test-support.ts';

const START = new Date('2030-03-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(START.getTime() - h * 3600_000);
const REAL = { min_amount: 0, max_payouts: 100, currency: 'EUR', dry_run: false };

describe('payout failures: unknown outcomes are re-sent, rejections release, nothing is paid twice or lost', () => {
  let t: TestApp;
  let admin: string;
  let local: LocalPaymentProcessor;
  before(async () => {
    t = await createTestApp({ start: START });
    admin = await loginAs(t.app, await createUser(t.deps, { role: 'admin' }));
    local = t.deps.payments as LocalPaymentProcessor;
  });
  after(() => t.close());
  beforeEach(async () => {
    t.clock.set(START);
    await resetPayouts(t.deps);
  });
  afterEach(() => void Reflect.deleteProperty(local, 'transfer'));

  const run = async (body: object = REAL) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payouts/process',
      headers: bearer(admin),
      payload: body,
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data;
  };
  const realTransfer = (...args: Parameters<LocalPaymentProcessor['transfer']>) =>
    Object.getPrototypeOf(local).transfer.apply(local, args);
  const failTransfer = (make: () => Error, land = false) => {
    local.transfer = async (...args) => {
      if (land) await realTransfer(...args); // the transfer happens, the answer is lost
      throw make();
    };
  };
  const ownerWith = async (amount: number, account: string | null = 'acct_ok') => {
    const o = await createUser(t.deps, { role: 'owner' });
    await setAccount(t.deps, o.id, account);
    const lineIds = await addLines(t.deps, o.id, [{ amount, payableAt: hoursAgo(2) }]);
    return { owner: o, lineIds };
  };

  it('an outage leaves the payout failed with its earnings; the next run re-sends the same payout under the same key', async () => {
    const { owner, lineIds } = await ownerWith(12_345);
    failTransfer(() => new ProcessorUnavailableError('processor timed out'), true);
    const first = await run();
    assert.deepEqual([first.plan[0].status, first.plan[0].error], ['failed', 'processor timed out']);
    const [failed] = await allPayouts(t.deps);
    assert.deepEqual([failed!.status, failed!.lastError, failed!.transferId], ['failed', 'processor timed out', null]);
    assert.deepEqual(
      (await boundLines(t.deps)).map((l) => [l.id, l.payoutId]),
      [[lineIds[0], failed!.id]],
      'the earnings stay with the payout',
    );
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/payouts/all-eligible-owners',
      headers: bearer(admin),
    });
    assert.equal(listed.json().data.length, 0, "an open payout's earnings are not due again");
    const pinned = await t.app.inject({
      method: 'PUT',
      url: '/api/payouts/account',
      headers: bearer(admin),
      payload: { owner_id: owner.id, payout_account_id: 'acct_other' },
    });
    assert.equal(pinned.statusCode, 409, 'its destination cannot change meanwhile');

    const dry = await run({ ...REAL, dry_run: true });
    assert.deepEqual(
      dry.retried.map((r: { payout_id: number; status: string }) => [r.payout_id, r.status]),
      [[failed!.id, 'would_retry']],
    );
    assert.equal((await allPayouts(t.deps))[0]!.status, 'failed', 'a dry run re-sends nothing');

    Reflect.deleteProperty(local, 'transfer');
    const second = await run();
    assert.equal(second.plan.length, 0, 'no new payout for those earnings');
    assert.equal(second.retried.length, 1);
    assert.deepEqual(
      [second.retried[0].payout_id, second.retried[0].status, second.retried[0].amount],
      [failed!.id, 'paid', 123.45],
    );
    const records = await transferRecords(t.deps);
    assert.equal(records.length, 1, 'the landed transfer was returned, not made again');
    assert.equal(records[0]!.idempotencyKey, `payout-${failed!.id}`);
    const [paid] = await allPayouts(t.deps);
    assert.deepEqual([paid!.status, paid!.transferId, paid!.lastError], ['paid', records[0]!.data.id, null]);
    assert.equal((await run()).retried.length, 0);
  });

  it('a rejection marks the payout rejected and frees its earnings for a later payout', async () => {
    const { lineIds } = await ownerWith(5_000, 'acct_closed');
    failTransfer(() => new ProcessorRejectedError('the destination account is closed', 'account_invalid'));
    const first = await run();
    assert.equal(first.plan[0].status, 'rejected');
    assert.equal(first.totals.rejected, 1);
    const [rejected] = await allPayouts(t.deps);
    assert.deepEqual([rejected!.status, rejected!.lastError], ['rejected', 'the destination account is closed']);
    assert.equal((await boundLines(t.deps)).length, 0);
    assert.equal((await transferRecords(t.deps)).length, 0);

    Reflect.deleteProperty(local, 'transfer');
    const second = await run();
    assert.equal(second.retried.length, 0, 'a rejected payout is never re-sent');
    assert.equal(second.plan[0].status, 'paid');
    assert.notEqual(second.plan[0].payout_id, rejected!.id);
    const [line] = await t.deps.db.select().from(ownerEarnings).where(eq(ownerEarnings.id, lineIds[0]!));
    assert.equal(line!.payoutId, second.plan[0].payout_id);
    assert.equal((await transferRecords(t.deps)).length, 1);
  });

  it('a refused reuse of the idempotency key or an unknown error is not a rejection: the earnings stay bound', async () => {
    await ownerWith(1_000);
    await ownerWith(2_000);
    let n = 0;
    local.transfer = async () => {
      throw ++n === 1 ? new ProcessorRejectedError('key reused', 'idempotency_error') : new Error('socket hang up');
    };
    const res = await run();
    assert.deepEqual(
      res.plan.map((e: { status: string }) => e.status),
      ['failed', 'failed'],
    );
    assert.equal((await boundLines(t.deps)).length, 2);
  });

  it('a payout left pending by a crash is re-sent once stale; one too old for the key is left for a person', async () => {
    const { owner } = await ownerWith(4_000);
    const at = (minutesAgo: number) => new Date(START.getTime() - minutesAgo * 60_000);
    const insert = async (status: string, minutesAgo: number) => {
      const [p] = await t.deps.db
        .insert(payouts)
        .values({
          ownerId: owner.id,
          currency: 'EUR',
          amountMinor: 4_000,
          transferCurrency: 'EUR',
          transferAmountMinor: 4_000,
          rate: '1',
          status,
          createdAt: at(minutesAgo),
          updatedAt: at(minutesAgo),
        })
        .returning();
      return p!;
    };
    const fresh = await insert('pending', 1);
    await t.deps.db.update(ownerEarnings).set({ payoutId: fresh.id }).where(eq(ownerEarnings.ownerId, owner.id));
    const old = await insert('failed', 24 * 60);
    const first = await run();
    assert.deepEqual([first.retried.length, first.plan.length], [0, 0], 'a pending payout may still be in flight');
    assert.deepEqual(
      first.unresolved_payouts.map((p: { payout_id: number; status: string }) => [p.payout_id, p.status]),
      [[old.id, 'failed']],
    );

    t.clock.advance(11 * 60_000);
    const second = await run();
    assert.deepEqual(
      second.retried.map((r: { payout_id: number; status: string }) => [r.payout_id, r.status]),
      [[fresh.id, 'paid']],
    );
    assert.equal(
      (await allPayouts(t.deps)).find((p) => p.id === old.id)!.status,
      'failed',
      'never re-sent automatically',
    );
    assert.deepEqual(
      (await transferRecords(t.deps)).map((r) => r.idempotencyKey),
      [`payout-${fresh.id}`],
    );
  });

  it('an entry whose earnings were taken or whose account vanished since planning is skipped', async () => {
    const { owner: a } = await ownerWith(3_000);
    const { owner: b } = await ownerWith(6_000);
    const repo = payoutsRepository(t.deps.db);
    const rates = await repo.currencies();
    const target = targetCurrency(rates, 'EUR');
    const now = t.clock.now();
    const stale = buildPlan(await repo.dueBalances(now), rates, target, 0, 10);
    await run(); // pays both
    await addLines(t.deps, b.id, [{ amount: 100, payableAt: hoursAgo(1) }]);
    await setAccount(t.deps, b.id, null);
    const ctx = { runId: 'stale', now, rates, target, minMinor: 0 };
    const results = await Promise.all(stale.entries.map((e) => executePayout(t.deps, e, ctx)));
    const byOwner = new Map(stale.entries.map((e, i) => [e.balance.ownerId, results[i]]));
    assert.deepEqual(byOwner.get(a.id), { status: 'skipped', reason: 'nothing_due' });
    assert.deepEqual(byOwner.get(b.id), { status: 'skipped', reason: 'no_payout_account' });
    assert.equal((await allPayouts(t.deps)).length, 2);
  });
});
