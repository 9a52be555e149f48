import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asc } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { countRows } from '../../../test/helpers/catalog-factories.ts';
import { currencies } from '../../db/schema/index.ts';
import { allPages, auditEntries, call, ROLES, tokensByRole, type Tokens } from './catalog.test-support.ts';

type Currency = {
  id: number;
  code: string;
  name: string;
  symbol: string;
  exchange_rate: string;
  is_default: boolean;
  is_active: boolean;
  decimals: number;
};

describe('currencies: list, create, update', () => {
  let t: TestApp;
  let tokens: Tokens;
  before(async () => {
    t = await createTestApp();
    tokens = await tokensByRole(t);
  });
  after(() => t.close());

  it("GET /currencies: public, active only, default first, each the spec's currency_model plus decimals", async () => {
    for (const token of [null, tokens.client, tokens.owner, tokens.support, tokens.admin]) {
      assert.equal((await call(t, 'GET', '/currencies', token)).statusCode, 200);
    }
    const list = await allPages<Currency>(t, '/currencies');
    assert.equal(list[0]!.code, 'EUR');
    assert.deepEqual(Object.keys(list[0]!).sort(), [
      'code',
      'decimals',
      'exchange_rate',
      'id',
      'is_active',
      'is_default',
      'name',
      'symbol',
    ]);
    assert.deepEqual(list[0], {
      ...list[0]!,
      name: 'Euro',
      symbol: '€',
      exchange_rate: '1',
      is_default: true,
      is_active: true,
      decimals: 2,
    });
    const by = new Map(list.map((c) => [c.code, c]));
    assert.equal(by.get('USD')!.exchange_rate, '1.08');
    assert.equal(by.get('JPY')!.decimals, 0);
    assert.equal(by.get('KWD')!.decimals, 3);
    assert.equal(list.filter((c) => c.is_default).length, 1);
    const codes = list.slice(1).map((c) => c.code);
    assert.deepEqual(codes, [...codes].sort());
  });

  it('?all=1 lists inactive currencies too, for admins only (401 anonymous, 403 other roles)', async () => {
    assert.equal((await call(t, 'PUT', '/currencies/isk', tokens.admin, { is_active: false })).statusCode, 200);
    assert.ok(!(await allPages<Currency>(t, '/currencies')).some((c) => c.code === 'ISK'));
    assert.equal((await call(t, 'GET', '/currencies?all=1', null)).statusCode, 401);
    for (const role of ROLES.filter((r) => r !== 'admin'))
      assert.equal((await call(t, 'GET', '/currencies?all=1', tokens[role])).statusCode, 403, role);
    const all = await allPages<Currency>(t, '/currencies?all=1', tokens.admin);
    assert.deepEqual(all.find((c) => c.code === 'ISK')?.is_active, false);
    assert.ok((await allPages<Currency>(t, '/currencies?all=0', tokens.client)).every((c) => c.is_active));
    assert.equal((await call(t, 'GET', '/currencies?all=yes', tokens.admin)).statusCode, 422);
  });

  it('writes are admin-only: 401 anonymous, 403 client, owner, support; nothing changes', async () => {
    const before = await countRows(t.deps, 'currencies');
    const body = { code: 'QAR', name: 'Qatari Rial', symbol: 'QR', exchange_rate: '3.9' };
    assert.equal((await call(t, 'POST', '/currencies', null, body)).statusCode, 401);
    assert.equal((await call(t, 'PUT', '/currencies/USD', null, { name: 'X' })).statusCode, 401);
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      assert.equal((await call(t, 'POST', '/currencies', tokens[role], body)).statusCode, 403, role);
      assert.equal((await call(t, 'PUT', '/currencies/USD', tokens[role], { name: 'X' })).statusCode, 403, role);
    }
    assert.equal(await countRows(t.deps, 'currencies'), before);
    assert.equal((await allPages<Currency>(t, '/currencies')).find((c) => c.code === 'USD')!.name, 'US Dollar');
  });

  it('admin adds a currency: code upper-cased, rate as number or text kept exactly, decimals default 2; duplicate 409; audited', async () => {
    const res = await call(t, 'POST', '/currencies', tokens.admin, {
      code: 'qar',
      name: 'Qatari Rial',
      symbol: 'QR',
      exchange_rate: 3.93,
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(
      { ...res.json().data, id: 0 },
      {
        id: 0,
        code: 'QAR',
        name: 'Qatari Rial',
        symbol: 'QR',
        exchange_rate: '3.93',
        is_default: false,
        is_active: true,
        decimals: 2,
      },
    );
    const omr = await call(t, 'POST', '/currencies', tokens.admin, {
      code: 'OMR',
      name: 'Rial Omani',
      symbol: 'RO',
      decimals: 3,
      exchange_rate: '0.41574321',
      is_active: false,
    });
    assert.equal(omr.statusCode, 201, omr.body);
    assert.equal(omr.json().data.exchange_rate, '0.41574321');
    assert.equal(omr.json().data.is_active, false);
    const dup = await call(t, 'POST', '/currencies', tokens.admin, {
      code: 'Qar',
      name: 'Again',
      symbol: 'Q',
      exchange_rate: 1,
    });
    assert.equal(dup.statusCode, 409);
    assert.ok(dup.json().errors.code);
    const [entry] = await auditEntries(t, tokens.admin, 'currency', 'QAR', 'currency.create');
    assert.equal(entry!.after!.exchange_rate, '3.93');
  });

  it('422 naming the field: code, name, symbol, decimals, exchange_rate (positive, ≤ 8 decimals, ≤ 10 digits)', async () => {
    const base = { code: 'ZZA', name: 'Test', symbol: 'T', exchange_rate: '2' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, code: 'ZZ' }, 'code'],
      [{ ...base, code: 'Z1Z' }, 'code'],
      [{ ...base, name: '' }, 'name'],
      [{ ...base, symbol: 'x'.repeat(11) }, 'symbol'],
      [{ ...base, decimals: 5 }, 'decimals'],
      [{ ...base, exchange_rate: 'abc' }, 'exchange_rate'],
      [{ ...base, exchange_rate: '0' }, 'exchange_rate'],
      [{ ...base, exchange_rate: 0 }, 'exchange_rate'],
      [{ ...base, exchange_rate: -1 }, 'exchange_rate'],
      [{ ...base, exchange_rate: '1.123456789' }, 'exchange_rate'],
      [{ ...base, exchange_rate: 1e11 }, 'exchange_rate'],
      [{ code: 'ZZA', name: 'Test', symbol: 'T' }, 'exchange_rate'],
      [{ ...base, is_default: true, is_active: false }, 'is_active'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, 'POST', '/currencies', tokens.admin, body);
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)} → ${res.body}`);
      assert.ok(res.json().errors[field], `${JSON.stringify(body)} → ${res.body}`);
    }
    assert.equal(
      (await call(t, 'GET', '/currencies?all=1&per_page=100', tokens.admin))
        .json()
        .data.some((c: Currency) => c.code === 'ZZA'),
      false,
    );
    assert.equal((await call(t, 'PUT', '/currencies/USD', tokens.admin, { exchange_rate: '-2' })).statusCode, 422);
  });

  it('admin updates name, symbol, rate and activity (audited); unknown code 404; the default cannot be deactivated or unset (409)', async () => {
    const res = await call(t, 'PUT', '/currencies/usd', tokens.admin, {
      name: 'United States Dollar',
      symbol: 'US$',
      exchange_rate: '1.0950',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      [res.json().data.name, res.json().data.symbol, res.json().data.exchange_rate],
      ['United States Dollar', 'US$', '1.095'],
    );
    const [entry] = await auditEntries(t, tokens.admin, 'currency', 'USD', 'currency.update');
    assert.deepEqual(entry!.before, { name: 'US Dollar', symbol: '$', exchange_rate: '1.08' });
    assert.deepEqual(entry!.after, { name: 'United States Dollar', symbol: 'US$', exchange_rate: '1.095' });
    assert.equal((await call(t, 'PUT', '/currencies/XYZ', tokens.admin, { name: 'Nope' })).statusCode, 404);
    assert.equal((await call(t, 'PUT', '/currencies/EURO', tokens.admin, { name: 'Nope' })).statusCode, 422);
    const deactivate = await call(t, 'PUT', '/currencies/EUR', tokens.admin, { is_active: false });
    assert.equal(deactivate.statusCode, 409);
    assert.equal((await call(t, 'PUT', '/currencies/EUR', tokens.admin, { is_default: false })).statusCode, 409);
    const rate = await call(t, 'PUT', '/currencies/EUR', tokens.admin, { exchange_rate: 2 });
    assert.equal(rate.statusCode, 422);
    assert.ok(rate.json().errors.exchange_rate);
    assert.equal(
      (await call(t, 'PUT', '/currencies/EUR', tokens.admin, { exchange_rate: '1.000', name: 'Euro' })).statusCode,
      200,
      'rate 1 is fine',
    );
    const eur = (await allPages<Currency>(t, '/currencies')).find((c) => c.code === 'EUR')!;
    assert.deepEqual([eur.is_default, eur.is_active, eur.exchange_rate], [true, true, '1']);
  });
});

describe('currencies: switching the default', () => {
  let t: TestApp;
  let admin: string;
  before(async () => {
    t = await createTestApp();
    admin = (await tokensByRole(t)).admin;
  });
  after(() => t.close());

  const rows = () => t.deps.db.select().from(currencies).orderBy(asc(currencies.id));
  const rateOf = async (code: string) => Number((await rows()).find((c) => c.code === code)!.exchangeRate);

  it('makes the new default rate 1, clears the old one and rebases every rate in one change', async () => {
    const res = await call(t, 'PUT', '/currencies/USD', admin, { is_default: true });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual([res.json().data.is_default, res.json().data.exchange_rate], [true, '1']);
    const all = await rows();
    assert.deepEqual(
      all.filter((c) => c.isDefault).map((c) => c.code),
      ['USD'],
    );
    const list = await allPages<Currency>(t, '/currencies');
    assert.equal(list[0]!.code, 'USD', 'the default comes first');
    assert.equal(list.find((c) => c.code === 'EUR')!.exchange_rate, '0.92592593');
    assert.equal(list.find((c) => c.code === 'GBP')!.exchange_rate, '0.78703704');
    assert.equal(list.find((c) => c.code === 'JPY')!.exchange_rate, '150');
    const [entry] = await auditEntries(t, admin, 'currency', 'USD', 'currency.default');
    assert.deepEqual(entry!.after, { exchange_rate: '1', is_default: true, rates_divided_by: '1.08' });
    const again = await call(t, 'PUT', '/currencies/USD', admin, { is_default: true });
    assert.equal(again.statusCode, 200);
    assert.equal(await rateOf('EUR'), 0.92592593, 'making the default the default changes nothing');
  });

  it('an inactive currency becomes the default only when activated in the same request', async () => {
    await call(t, 'PUT', '/currencies/CHF', admin, { is_active: false });
    assert.equal((await call(t, 'PUT', '/currencies/CHF', admin, { is_default: true })).statusCode, 409);
    assert.deepEqual(
      (await rows()).filter((c) => c.isDefault).map((c) => c.code),
      ['USD'],
    );
    const res = await call(t, 'PUT', '/currencies/CHF', admin, { is_default: true, is_active: true });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual([res.json().data.is_default, res.json().data.is_active], [true, true]);
    assert.equal(await rateOf('USD'), Number((1 / 0.87962963).toFixed(8)));
  });

  it('a switch that cannot complete changes nothing at all', async () => {
    assert.equal(
      (
        await call(t, 'POST', '/currencies', admin, {
          code: 'XTS',
          name: 'Test units',
          symbol: 'T',
          exchange_rate: '0.00000001',
        })
      ).statusCode,
      201,
    );
    const before = await rows();
    const res = await call(t, 'PUT', '/currencies/XTS', admin, { is_default: true, name: 'Renamed' });
    assert.equal(res.statusCode, 422, res.body);
    assert.ok(res.json().errors.is_default);
    assert.deepEqual(await rows(), before);
  });

  it('a currency created as the default takes over at once', async () => {
    const res = await call(t, 'POST', '/currencies', admin, {
      code: 'XAU',
      name: 'Gold (troy ounce)',
      symbol: 'oz',
      decimals: 4,
      exchange_rate: '0.0005',
      is_default: true,
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual([res.json().data.is_default, res.json().data.exchange_rate], [true, '1']);
    assert.deepEqual(
      (await rows()).filter((c) => c.isDefault).map((c) => c.code),
      ['XAU'],
    );
    assert.equal(await rateOf('CHF'), 2000);
  });

  it('concurrent switches end with exactly one default and consistent rates', async () => {
    const ratio = async () => (await rateOf('JPY')) / (await rateOf('GBP'));
    const expected = await ratio();
    const results = await Promise.all(
      ['EUR', 'GBP', 'JPY', 'USD'].map((code) => call(t, 'PUT', `/currencies/${code}`, admin, { is_default: true })),
    );
    for (const r of results) assert.equal(r.statusCode, 200, r.body);
    const all = await rows();
    const defaults = all.filter((c) => c.isDefault);
    assert.equal(defaults.length, 1);
    assert.equal(Number(defaults[0]!.exchangeRate), 1);
    assert.ok(Math.abs((await ratio()) / expected - 1) < 1e-5, `JPY/GBP drifted: ${await ratio()} vs ${expected}`);
  });
});
