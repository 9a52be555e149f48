// The price loader caches each listing's rules and calendar (pricing-input-cache.ts). A stale
// price is a money bug, so: every kind of write through the API must reach the very next preview
// on the same instance, a write on another instance must arrive through the event bus, a read
// that raced an invalidation must not be kept, and a booking still charges the preview's total.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { onPostgres } from '../../../test/helpers/test-database.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { MemoryEventBus } from '../../adapters/memory/memory-event-bus.ts';
import { properties } from '../../db/schema/index.ts';
import { pricingInputCache } from './pricing-input-cache.ts';

// Europe/Paris listings: "today" there is 2030-03-10.
const START = new Date('2030-03-10T12:00:00Z');
const STAY = { checkin_date: '2030-05-04', checkout_date: '2030-05-07' };

describe('price loader cache', () => {
  const bus = new MemoryEventBus();
  let t: TestApp;
  let other: TestApp;
  let ownerId: number;
  let ownerToken: string;
  let guestToken: string;
  before(async () => {
    t = await createTestApp({ start: START, bus });
    // A second instance on the same database and bus: it only hears of t's writes through the bus.
    other = await createTestApp({ start: START, bus, database: t.database });
    const owner = await createUser(t.deps, { role: 'owner' });
    ownerId = owner.id;
    ownerToken = await loginAs(t.app, owner);
    guestToken = await loginAs(t.app, await createUser(t.deps));
  });
  after(async () => {
    await other.close();
    await t.close();
  });

  const call = (app: TestApp, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = ownerToken) =>
    app.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const write = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, app = t) => {
    const res = await call(app, method, url, payload);
    assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const preview = async (body: object, app = t) => {
    const res = await app.app.inject({ method: 'POST', url: '/api/reservations/preview', payload: body });
    return { status: res.statusCode, data: res.json().data, body: res.body };
  };
  const priced = async (body: object, app = t) => {
    const r = await preview(body, app);
    assert.equal(r.status, 200, r.body);
    return r.data;
  };

  it('shows every kind of listing write in the next preview, and books at that total', async () => {
    const p = await createProperty(t.deps, ownerId);
    const stay = { property_id: p.id, ...STAY, guests: { adults: 2, children: 0 } };
    assert.equal((await priced(stay)).base_total, 360);
    // Behind the API's back nothing is announced: the entry is really served from memory.
    await t.deps.db.update(properties).set({ pricePerNight: 99_900 }).where(eq(properties.id, p.id));
    assert.equal((await priced(stay)).base_total, 360);

    await write('PUT', `/properties/${p.id}`, { price_per_night: 150 });
    assert.equal((await priced(stay)).base_total, 450);
    await write('PUT', `/properties/${p.id}`, { cleaning_fee: 50, tax: 20 });
    let now = await priced(stay);
    assert.deepEqual([now.cleaning_fee, now.tax_rate], [50, 20]);

    const season = await write('POST', `/properties/${p.id}/seasons`, {
      name: 'May',
      start_date: '2030-05-01',
      end_date: '2030-05-31',
      reduction_percent: 10,
    });
    assert.equal((await priced(stay)).season?.reduction_percent, 10);
    await write('PUT', `/properties/${p.id}/seasons/${season.id}`, { reduction_percent: 20 });
    assert.equal((await priced(stay)).season?.reduction_percent, 20);
    await write('DELETE', `/properties/${p.id}/seasons/${season.id}`);
    assert.equal((await priced(stay)).season, null);

    const offer = await write('POST', `/properties/${p.id}/offers`, {
      name: 'Spring',
      discount_type: 'percent',
      discount_value: 10,
      start_date: '2030-05-01',
      end_date: '2030-05-31',
    });
    assert.equal((await priced({ ...stay, offer_id: offer.id })).offer_discount, 45);
    await write('PUT', `/properties/${p.id}/offers/${offer.id}`, { discount_value: 20 });
    assert.equal((await priced({ ...stay, offer_id: offer.id })).offer_discount, 90);
    await write('DELETE', `/properties/${p.id}/offers/${offer.id}`);
    assert.equal((await preview({ ...stay, offer_id: offer.id })).status, 422);

    const pkg = await write('POST', `/properties/${p.id}/packages`, { name: 'Welcome', price: 20 });
    assert.equal((await priced({ ...stay, package_ids: [pkg.id] })).packages_total, 20);
    await write('PUT', `/properties/${p.id}/packages/${pkg.id}`, { price: 25 });
    assert.equal((await priced({ ...stay, package_ids: [pkg.id] })).packages_total, 25);
    await write('DELETE', `/properties/${p.id}/packages/${pkg.id}`);
    assert.equal((await preview({ ...stay, package_ids: [pkg.id] })).status, 422);

    const svc = await write('POST', `/properties/${p.id}/services`, { name: 'Breakfast', price: 5, type: 'per_night' });
    assert.equal((await priced({ ...stay, service_ids: [svc.id] })).services_total, 15);
    await write('PUT', `/properties/${p.id}/services/${svc.id}`, { price: 6 });
    assert.equal((await priced({ ...stay, service_ids: [svc.id] })).services_total, 18);

    const promo = await write('POST', `/properties/${p.id}/promo-codes`, {
      code: 'MAY5',
      discount_type: 'fixed',
      discount_value: 5,
      valid_from: '2030-03-01',
      valid_to: '2030-12-31',
    });
    assert.equal((await priced({ ...stay, promo_code: 'may5' })).promo_discount, 5);
    await write('PUT', `/properties/${p.id}/promo-codes/${promo.id}`, { discount_value: 7 });
    assert.equal((await priced({ ...stay, promo_code: 'may5' })).promo_discount, 7);

    await write('PUT', `/properties/${p.id}/calendar`, { from: '2030-05-05', to: '2030-05-05', price: 200 });
    assert.equal((await priced(stay)).base_total, 500);
    await write('PUT', `/properties/${p.id}/calendar`, { from: '2030-05-06', to: '2030-05-06', stop_sell: true });
    assert.equal((await priced(stay)).stay_validation.valid, false);
    await write('PUT', `/properties/${p.id}/calendar`, { from: '2030-05-06', to: '2030-05-06', stop_sell: false });

    const full = { ...stay, package_ids: [], service_ids: [svc.id], code_promo: 'MAY5' };
    now = await priced({ ...stay, service_ids: [svc.id], promo_code: 'MAY5' });
    assert.equal(now.stay_validation.valid, true);
    const booked = await call(t, 'POST', '/reservations', full, guestToken);
    assert.equal(booked.statusCode, 201, booked.body);
    assert.equal(booked.json().data.total, now.total.toFixed(2));
    // The booking's own nights are sold now, in the preview and in the answer's read form.
    assert.match((await priced(stay)).stay_validation.message, /2030-05-04/);
    assert.deepEqual(booked.json().data.property.reserved_dates, ['2030-05-04', '2030-05-05', '2030-05-06']);
    const cancelled = await call(t, 'POST', `/reservations/${booked.json().data.id}/cancel`, {}, guestToken);
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(
      (await priced(stay)).stay_validation.valid,
      true,
      'nights given back by a cancellation are free again',
    );
  });

  it('shows room type, rate plan and room calendar writes in the next preview', async () => {
    const p = await createProperty(t.deps, ownerId);
    const { roomType, ratePlan } = await createRoomType(t.deps, p.id, { countOfRooms: 2, capacity: 3, price: 9000 });
    const line = (n = 1) => ({
      property_id: p.id,
      ...STAY,
      guests: { adults: 2, children: 0 },
      rooms: [{ room_type_id: roomType.id, rate_plan_id: ratePlan.id, rooms_count: n }],
    });
    assert.equal((await priced(line())).base_total, 270);
    await write('PUT', `/properties/${p.id}/room-types/${roomType.id}/rate-plans/${ratePlan.id}`, { price: 100 });
    assert.equal((await priced(line())).base_total, 300);
    assert.equal((await priced(line(2))).stay_validation.valid, true);
    await write('PUT', `/properties/${p.id}/room-types/${roomType.id}`, { count_of_rooms: 1 });
    assert.equal((await priced(line(2))).stay_validation.valid, false, 'one unit left of the kind');
    await write('PUT', `/properties/${p.id}/room-types/${roomType.id}`, { capacity: 2 });
    assert.match((await priced({ ...line(), guests: { adults: 3, children: 0 } })).stay_validation.message, /capacity/);
    await write('PUT', `/properties/${p.id}/room-types/${roomType.id}`, { capacity: 3 });
    await write('PUT', `/properties/${p.id}/room-types/${roomType.id}/calendar`, {
      from: '2030-05-04',
      to: '2030-05-04',
      price: 130,
    });
    assert.equal((await priced(line())).base_total, 330);
    const extra = await write('POST', `/properties/${p.id}/room-types/${roomType.id}/rate-plans`, {
      title: 'Flex',
      price: 80,
    });
    const flex = { ...line(), rooms: [{ room_type_id: roomType.id, rate_plan_id: extra.id, rooms_count: 1 }] };
    assert.equal((await priced(flex)).base_total, 290);
    await write('DELETE', `/properties/${p.id}/room-types/${roomType.id}/rate-plans/${extra.id}`);
    assert.equal((await preview(flex)).status, 422);
  });

  it("hears of another instance's writes and bookings through the event bus", async () => {
    const p = await createProperty(t.deps, ownerId);
    const stay = { property_id: p.id, ...STAY, guests: { adults: 2, children: 0 } };
    // A third instance on the same database but off the bus: what t would serve without it.
    const deaf = await createTestApp({ start: START, bus: new MemoryEventBus(), database: t.database });
    try {
      for (const app of [t, deaf]) assert.equal((await priced(stay, app)).base_total, 360);
      await write('PUT', `/properties/${p.id}`, { price_per_night: 140 }, other);
      assert.equal((await priced(stay, t)).base_total, 420, "the bus message dropped t's entry");
      assert.equal((await priced(stay, deaf)).base_total, 360, 'without it the old price would still be served');
      const booked = await call(other, 'POST', '/reservations', stay, guestToken);
      assert.equal(booked.statusCode, 201, booked.body);
      assert.equal((await priced(stay, t)).stay_validation.valid, false, 'nights booked on another instance');
    } finally {
      await deaf.close();
    }
  });

  it('does not keep a read that an invalidation overtook', async () => {
    const p = await createProperty(t.deps, ownerId);
    const cache = pricingInputCache(t.deps);
    assert.equal((await cache.config(t.deps.db, p.id))!.property.pricePerNight, 12_000);
    await t.deps.listings.changed(p.id);
    // The read starts first; the change and its announcement land while it is in flight.
    const inFlight = cache.config(t.deps.db, p.id);
    const change = t.deps.db.update(properties).set({ pricePerNight: 13_000 }).where(eq(properties.id, p.id));
    await t.deps.listings.changed(p.id);
    const [seen] = await Promise.all([inFlight, change]);
    // On PGlite's one connection the order is fixed; on PostgreSQL the read may already see the change.
    if (!onPostgres) assert.equal(seen!.property.pricePerNight, 12_000, 'the read began before the change');
    // A caller arriving after the announcement neither joins the old read nor gets its result.
    assert.equal((await cache.config(t.deps.db, p.id))!.property.pricePerNight, 13_000);
  });
});
