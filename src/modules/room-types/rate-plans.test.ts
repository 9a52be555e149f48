import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createProperty, createRoomType, ensureCurrency } from '../../../test/helpers/catalog-factories.ts';
import { ratePlans } from '../../db/schema/index.ts';
import { makeCast, START, type Cast, type Who } from './room-types.test-support.ts';

const WEEK_FIELDS = ['max_stay', 'min_stay_arrival', 'closed_to_arrival', 'closed_to_departure', 'stop_sell'] as const;
const entry: Record<(typeof WEEK_FIELDS)[number], number | boolean> = {
  max_stay: 0,
  min_stay_arrival: 1,
  closed_to_arrival: false,
  closed_to_departure: false,
  stop_sell: false,
};
const of = <T>(n: number, v: T) => Array.from({ length: n }, () => v);

describe('rate plans', () => {
  let t: TestApp;
  let c: Cast;
  before(async () => {
    t = await createTestApp({ start: START });
    c = await makeCast(t);
  });
  after(() => t.close());

  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: c.headers(who), ...(payload ? { payload } : {}) });

  async function setup(over: Parameters<typeof createProperty>[2] = {}) {
    const p = await createProperty(t.deps, c.users.owner.id, over);
    const { roomType, ratePlan } = await createRoomType(t.deps, p.id, { currency: p.currencyCode });
    return { p, rt: roomType, rp: ratePlan, base: `/properties/${p.id}/room-types/${roomType.id}/rate-plans` };
  }

  it('creates a plan with the defaults: the listing currency, max_stay 0, min_stay_arrival 1, flags false, per_room, manual', async () => {
    const { base } = await setup();
    const res = await call('owner', 'POST', base, { title: 'Non-refundable', price: 85.5 });
    assert.equal(res.statusCode, 201, res.body);
    const { id, ...rest } = res.json().data;
    assert.ok(Number.isInteger(id));
    assert.deepEqual(rest, {
      title: 'Non-refundable',
      currency: 'EUR',
      price: 85.5,
      max_stay: of(7, 0),
      min_stay_arrival: of(7, 1),
      closed_to_arrival: of(7, false),
      closed_to_departure: of(7, false),
      stop_sell: of(7, false),
      sell_mode: 'per_room',
      rate_mode: 'manual',
    });
    const [row] = await t.deps.db.select().from(ratePlans).where(eq(ratePlans.id, id));
    assert.equal(row!.price, 8550, 'kept in minor units');
  });

  it('keeps every member sent, weekday arrays Monday first', async () => {
    const { base } = await setup();
    const payload = {
      title: 'Weekly',
      currency: 'eur',
      price: 0,
      max_stay: [7, 7, 7, 7, 7, 14, 0],
      min_stay_arrival: [2, 2, 2, 2, 2, 3, 1],
      closed_to_arrival: [true, false, false, false, false, false, true],
      closed_to_departure: [false, true, false, false, false, false, false],
      stop_sell: [false, false, true, false, false, false, false],
      sell_mode: 'per_person',
      rate_mode: 'derived',
    };
    const res = await call('admin', 'POST', base, payload);
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual({ ...res.json().data, id: 0 }, { ...payload, id: 0, currency: 'EUR' });
  });

  it("uses the currency's decimals: a JPY listing takes whole yen only", async () => {
    await ensureCurrency(t.deps, 'JPY', 0);
    const { base } = await setup({ currencyCode: 'JPY' });
    const ok = await call('owner', 'POST', base, { title: 'Yen', price: 15000 });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.json().data.price, 15000);
    assert.equal(ok.json().data.currency, 'JPY');
    const bad = await call('owner', 'POST', base, { title: 'Yen', price: 150.5 });
    assert.equal(bad.statusCode, 422);
    assert.ok(bad.json().errors.price);
  });

  it('names the field of every rule broken (422): 6 and 8 weekday entries, bad entries, currency, price, modes', async () => {
    const { base, rt } = await setup();
    const valid = { title: 'Plan', price: 100 };
    const cases: Array<[string, object]> = [];
    for (const f of WEEK_FIELDS) {
      cases.push(
        [f, { ...valid, [f]: of(6, entry[f]) }],
        [f, { ...valid, [f]: of(8, entry[f]) }],
        [f, { ...valid, [f]: [] }],
      );
    }
    cases.push(
      ['max_stay.2', { ...valid, max_stay: [0, 0, -1, 0, 0, 0, 0] }],
      ['min_stay_arrival.6', { ...valid, min_stay_arrival: [1, 1, 1, 1, 1, 1, 0] }],
      ['closed_to_arrival.0', { ...valid, closed_to_arrival: ['maybe', false, false, false, false, false, false] }],
      ['max_stay', { ...valid, max_stay: [0, 0, 0, 0, 2, 0, 0], min_stay_arrival: [1, 1, 1, 1, 3, 1, 1] }],
      ['currency', { ...valid, currency: 'USD' }],
      ['currency', { ...valid, currency: 'EURO' }],
      ['price', { ...valid, price: -1 }],
      ['price', { ...valid, price: 10.555 }],
      ['price', { title: 'Plan' }],
      ['title', { price: 10 }],
      ['title', { ...valid, title: '' }],
      ['sell_mode', { ...valid, sell_mode: 'per_bed' }],
      ['rate_mode', { ...valid, rate_mode: 'magic' }],
    );
    for (const [field, payload] of cases) {
      const res = await call('owner', 'POST', base, payload);
      assert.equal(res.statusCode, 422, `${field}: ${JSON.stringify(payload)} → ${res.body}`);
      assert.ok(res.json().errors[field], `${field}: ${res.body}`);
    }
    assert.equal(
      (await t.deps.db.select().from(ratePlans).where(eq(ratePlans.roomTypeId, rt.id))).length,
      1,
      'only the factory plan',
    );
  });

  it('lets the owner and an admin create, change and delete plans; others get 401 / 403; anyone who may see the listing lists them', async () => {
    const { base, rp } = await setup();
    const write: Record<Who, number> = {
      anonymous: 401,
      client: 403,
      otherOwner: 403,
      support: 403,
      owner: 201,
      admin: 201,
    };
    for (const [who, status] of Object.entries(write)) {
      assert.equal((await call(who as Who, 'POST', base, { title: who, price: 1 })).statusCode, status, `POST ${who}`);
      assert.equal(
        (await call(who as Who, 'PUT', `${base}/${rp.id}`, { title: who })).statusCode,
        status === 201 ? 200 : status,
        `PUT ${who}`,
      );
    }
    for (const who of ['anonymous', 'client', 'otherOwner', 'support', 'owner', 'admin'] as const) {
      const res = await call(who, 'GET', base);
      assert.equal(res.statusCode, 200, who);
      assert.deepEqual(
        res.json().data.map((d: { title: string }) => d.title),
        ['admin', 'owner', 'admin'],
      );
    }
    const planIds = (await call('owner', 'GET', base)).json().data.map((d: { id: number }) => d.id);
    for (const who of ['anonymous', 'client', 'otherOwner', 'support'] as const) {
      assert.equal(
        (await call(who, 'DELETE', `${base}/${planIds[1]}`)).statusCode,
        who === 'anonymous' ? 401 : 403,
        `DELETE ${who}`,
      );
    }
    assert.equal((await call('owner', 'DELETE', `${base}/${planIds[1]}`)).statusCode, 200);
    assert.equal((await call('admin', 'DELETE', `${base}/${planIds[2]}`)).statusCode, 200);
    assert.equal((await call('owner', 'DELETE', `${base}/${planIds[2]}`)).statusCode, 404);
    assert.deepEqual(
      (await call('owner', 'GET', base)).json().data.map((d: { id: number }) => d.id),
      [planIds[0]],
    );
  });

  it('hides the plans of a hidden listing (404) and answers 404 for a room type or plan of another listing', async () => {
    const hidden = await setup({ visibility: false });
    for (const who of ['anonymous', 'client', 'otherOwner'] as const)
      assert.equal((await call(who, 'GET', hidden.base)).statusCode, 404, who);
    assert.equal((await call('otherOwner', 'POST', hidden.base, { title: 'x', price: 1 })).statusCode, 404);
    assert.equal((await call('support', 'GET', hidden.base)).statusCode, 200);
    const a = await setup();
    const b = await setup();
    assert.equal(
      (await call('owner', 'GET', `/properties/${a.p.id}/room-types/${b.rt.id}/rate-plans`)).statusCode,
      404,
    );
    assert.equal(
      (await call('owner', 'POST', `/properties/${a.p.id}/room-types/${b.rt.id}/rate-plans`, { title: 'x', price: 1 }))
        .statusCode,
      404,
    );
    assert.equal((await call('owner', 'PUT', `${a.base}/${b.rp.id}`, { title: 'x' })).statusCode, 404);
    assert.equal((await call('owner', 'DELETE', `${a.base}/${b.rp.id}`)).statusCode, 404);
  });

  it('updates only the members sent and checks the merged plan', async () => {
    const { base, rp } = await setup();
    const res = await call('owner', 'PUT', `${base}/${rp.id}`, {
      price: 120,
      closed_to_arrival: [false, false, false, false, false, true, true],
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.price, 120);
    assert.equal(res.json().data.title, 'Standard');
    assert.deepEqual(res.json().data.closed_to_arrival, [false, false, false, false, false, true, true]);
    const merged = await call('owner', 'PUT', `${base}/${rp.id}`, {
      max_stay: [1, 0, 0, 0, 0, 0, 0],
      min_stay_arrival: [2, 1, 1, 1, 1, 1, 1],
    });
    assert.equal(merged.statusCode, 422);
    assert.ok(merged.json().errors.max_stay);
    for (const f of WEEK_FIELDS) {
      for (const n of [6, 8]) {
        const bad = await call('owner', 'PUT', `${base}/${rp.id}`, { [f]: of(n, entry[f]) });
        assert.equal(bad.statusCode, 422, `${f} × ${n}`);
        assert.ok(bad.json().errors[f], `${f} × ${n}: ${bad.body}`);
      }
    }
    const wrongCurrency = await call('owner', 'PUT', `${base}/${rp.id}`, { currency: 'GBP' });
    assert.ok(wrongCurrency.json().errors.currency);
    const [row] = await t.deps.db.select().from(ratePlans).where(eq(ratePlans.id, rp.id));
    assert.equal(row!.price, 12000);
    assert.deepEqual(row!.maxStay, of(7, 0));
  });

  it('realigns a plan kept in an earlier listing currency on its next update', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const { roomType, ratePlan } = await createRoomType(t.deps, p.id, { currency: 'USD' });
    const res = await call('owner', 'PUT', `/properties/${p.id}/room-types/${roomType.id}/rate-plans/${ratePlan.id}`, {
      title: 'Renamed',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.currency, 'EUR');
  });

  it('allows at most 20 plans per room type (409)', async () => {
    const { base, rt } = await setup();
    await t.deps.db.insert(ratePlans).values(
      Array.from({ length: 19 }, (_, i) => ({
        roomTypeId: rt.id,
        title: `P${i}`,
        currency: 'EUR',
        price: 100,
        maxStay: of(7, 0),
        minStayArrival: of(7, 1),
        closedToArrival: of(7, false),
        closedToDeparture: of(7, false),
        stopSell: of(7, false),
      })),
    );
    const res = await call('owner', 'POST', base, { title: 'One too many', price: 1 });
    assert.equal(res.statusCode, 409, res.body);
  });
});
