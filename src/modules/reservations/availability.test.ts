// GET /properties/{id}/availability: shapes, who may see it, bad ranges, the statements it costs,
// and that a calendar write reaches the very next answer (the listing's caches are shared).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import type { Deps } from '../../kernel/deps.ts';
import { propertyNights, ratePlans, seasons } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { getPropertyAvailability } from './get-property-availability.ts';
import { AvailabilityCache } from './availability-cache.ts';
import { countingDb } from '../../../test/helpers/counting-db.ts';

// Europe/Paris listings: "today" there is 2030-03-10.
const START = new Date('2030-03-10T12:00:00Z');

/** deps whose database counts the statements started through it (test/helpers/counting-db.ts). */
function counting(deps: Deps): { deps: Deps; count: () => number } {
  const { db, statements } = countingDb(deps.db);
  return { deps: { ...deps, db } as Deps, count: statements };
}

describe('GET /properties/{id}/availability', () => {
  let t: TestApp;
  let ownerId: number;
  let ownerToken: string;
  before(async () => {
    t = await createTestApp({ start: START });
    const owner = await createUser(t.deps, { role: 'owner' });
    ownerId = owner.id;
    ownerToken = await loginAs(t.app, owner);
  });
  after(() => t.close());

  const get = (id: number, from: string, to: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/properties/${id}/availability?from=${from}&to=${to}`, headers });

  it('gives a whole listing night by night: past nights closed, seasons taken off, stop-sell and booked nights closed, season rules', async () => {
    const p = await createProperty(t.deps, ownerId);
    await t.deps.db.insert(seasons).values({
      propertyId: p.id,
      name: 'Spring',
      startDate: '2030-03-11',
      endDate: '2030-03-11',
      reductionPercent: '12.5',
      minStay: 2,
      maxStay: 5,
    });
    await t.deps.db.insert(propertyNights).values([
      { propertyId: p.id, roomTypeId: 0, night: '2030-03-12', stopSell: true },
      { propertyId: p.id, roomTypeId: 0, night: '2030-03-13', booked: 1, price: 15000 },
    ]);
    const res = await get(p.id, '2030-03-09', '2030-03-14');
    assert.equal(res.statusCode, 200, res.body);
    const { currency, nights } = res.json().data;
    assert.equal(currency, 'EUR');
    assert.deepEqual(
      nights.map((n: { date: string; bookable: boolean; price: number }) => [n.date, n.bookable, n.price]),
      [
        ['2030-03-09', false, 120],
        ['2030-03-10', true, 120],
        ['2030-03-11', true, 105],
        ['2030-03-12', false, 120],
        ['2030-03-13', false, 150],
      ],
    );
    assert.deepEqual(nights[2], {
      date: '2030-03-11',
      bookable: true,
      price: 105,
      min_stay: 2,
      max_stay: 5,
      closed_to_arrival: false,
      closed_to_departure: false,
    });
    assert.equal(nights[0].room_types, undefined);
  });

  it('gives each room type its rooms left and each rate plan its price and weekday rules', async () => {
    const p = await createProperty(t.deps, ownerId);
    const { roomType, ratePlan } = await createRoomType(t.deps, p.id, { countOfRooms: 2, price: 9000 });
    // 2030-03-11 is a Monday (index 0).
    await t.deps.db
      .update(ratePlans)
      .set({ closedToArrival: [true, false, false, false, false, false, false], minStayArrival: [3, 0, 0, 0, 0, 0, 0] })
      .where(eq(ratePlans.id, ratePlan.id));
    await t.deps.db
      .insert(propertyNights)
      .values({ propertyId: p.id, roomTypeId: roomType.id, night: '2030-03-11', booked: 1 });
    const res = await get(p.id, '2030-03-11', '2030-03-13');
    assert.equal(res.statusCode, 200, res.body);
    const [mon, tue] = res.json().data.nights;
    assert.deepEqual(mon, {
      date: '2030-03-11',
      bookable: true,
      price: 90,
      min_stay: 3,
      max_stay: null,
      closed_to_arrival: true,
      closed_to_departure: false,
      room_types: [
        {
          room_type_id: roomType.id,
          rooms_left: 1,
          rate_plans: [
            {
              rate_plan_id: ratePlan.id,
              price: 90,
              min_stay: 3,
              max_stay: null,
              closed_to_arrival: true,
              closed_to_departure: false,
              stop_sell: false,
            },
          ],
        },
      ],
    });
    assert.equal(tue.room_types[0].rooms_left, 2);
    assert.equal(tue.closed_to_arrival, false);
  });

  it('answers 404 for a listing that is not active and visible, whoever asks, and 422 naming `to` for a bad range', async () => {
    const hidden = await createProperty(t.deps, ownerId, { visibility: false });
    const draft = await createProperty(t.deps, ownerId, { status: 'draft' });
    for (const id of [hidden.id, draft.id, 987654321]) {
      assert.equal((await get(id, '2030-04-01', '2030-04-03', bearer(ownerToken))).statusCode, 404);
    }
    const p = await createProperty(t.deps, ownerId);
    for (const [from, to] of [
      ['2030-04-03', '2030-04-03'],
      ['2030-04-03', '2030-04-01'],
      ['2030-04-01', '2031-04-03'],
    ]) {
      const res = await get(p.id, from!, to!);
      assert.equal(res.statusCode, 422, res.body);
      assert.ok(res.json().errors.to, res.body);
    }
    const bad = await get(p.id, '2030-02-30', '2030-04-01');
    assert.equal(bad.statusCode, 422, bad.body);
    assert.ok(bad.json().errors.from, bad.body);
    const year = await get(p.id, '2030-04-01', '2031-04-02');
    assert.equal(year.statusCode, 200, year.body);
    assert.equal(year.json().data.nights.length, 366);
  });

  it('costs at most two statements whatever the range (the rules and the nights), none once cached', async () => {
    const p = await createProperty(t.deps, ownerId);
    await createRoomType(t.deps, p.id);
    await createRoomType(t.deps, p.id);
    const cold = counting(t.deps);
    await getPropertyAvailability(cold.deps, p.id, '2030-03-10', '2031-03-11');
    // One statement for the rules (listing, room types, plans, seasons, offers, packages, services), one for the calendar.
    assert.equal(cold.count(), 2);
    for (const to of ['2030-03-11', '2030-05-09', '2031-03-11']) {
      const warm = counting(t.deps);
      await getPropertyAvailability(warm.deps, p.id, '2030-03-10', to);
      assert.equal(warm.count(), 0, `cached listing, to ${to}`);
    }
    // Before the cached calendar's first day: one statement for the range.
    const past = counting(t.deps);
    await getPropertyAvailability(past.deps, p.id, '2029-03-10', '2030-03-10');
    assert.equal(past.count(), 1);
  });

  it("keeps answers until the listing's nights change (a booking announces it) or its day moves on", async () => {
    const p = await createProperty(t.deps, ownerId);
    const first = (await get(p.id, '2030-03-10', '2030-03-12')).json().data.nights[0];
    assert.equal(first.bookable, true);
    // Written behind the API's back: the kept answer is still served, until a change is announced.
    await t.deps.db.insert(propertyNights).values({ propertyId: p.id, roomTypeId: 0, night: '2030-03-11', booked: 1 });
    assert.equal((await get(p.id, '2030-03-10', '2030-03-12')).json().data.nights[1].bookable, true);
    await t.deps.listings.changed(p.id, 'nights');
    assert.equal((await get(p.id, '2030-03-10', '2030-03-12')).json().data.nights[1].bookable, false);
    // Paris midnight: 2030-03-10 becomes a past night.
    t.clock.set(new Date('2030-03-10T23:30:00Z'));
    try {
      assert.equal((await get(p.id, '2030-03-10', '2030-03-12')).json().data.nights[0].bookable, false);
    } finally {
      t.clock.set(START);
    }
  });

  it('keeps at most its bytes of answers, the listing kept longest going first', () => {
    const cache = new AvailabilityCache(t.deps.listings, 15_000, 100);
    const now = START;
    const keep = (id: number, range: string, size: number) =>
      cache.set(id, range, cache.stamp(), { json: Buffer.alloc(size), timezone: 'Europe/Paris', today: '2030-03-10' });
    keep(1, 'a', 40);
    keep(1, 'b', 40);
    keep(2, 'a', 40);
    assert.equal(cache.get(1, 'a', now), undefined);
    assert.equal(cache.get(2, 'a', now)?.length, 40);
    keep(3, 'a', 101);
    assert.equal(cache.get(3, 'a', now), undefined, 'an answer bigger than the whole cache is not kept');
    cache.close();
  });

  it('shows a calendar write of the owner on the very next call', async () => {
    const p = await createProperty(t.deps, ownerId);
    assert.equal((await get(p.id, '2030-04-01', '2030-04-02')).json().data.nights[0].price, 120);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}/calendar`,
      headers: bearer(ownerToken),
      payload: { from: '2030-04-01', to: '2030-04-01', price: 99, stop_sell: true },
    });
    assert.ok(put.statusCode < 300, put.body);
    const night = (await get(p.id, '2030-04-01', '2030-04-02')).json().data.nights[0];
    assert.equal(night.price, 99);
    assert.equal(night.bookable, false);
  });
});
