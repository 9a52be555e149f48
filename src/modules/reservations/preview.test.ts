import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { countRows, createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { offers, packages, promoCodes, propertyNights, ratePlans, seasons, services } from '../../db/schema/index.ts';
import { priceStay, toPreview, type PricingInput } from '../pricing/index.ts';

// Europe/Paris listings: "today" there is 2030-03-10.
const START = new Date('2030-03-10T12:00:00Z');

describe('POST /reservations/preview', () => {
  let t: TestApp;
  let ownerId: number;
  let token: string;
  before(async () => {
    t = await createTestApp({
      start: START,
      env: { SERVICE_FEE_PERCENT: '5' },
    });
    ownerId = (await createUser(t.deps, { role: 'owner' })).id;
    token = await loginAs(t.app, await createUser(t.deps));
  });
  after(() => t.close());

  const preview = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/reservations/preview', payload, headers });
  const ok = async (payload: object, headers?: Record<string, string>) => {
    const res = await preview(payload, headers);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data;
  };
  const fails = async (payload: object, field: string) => {
    const res = await preview(payload);
    assert.equal(res.statusCode, 422, res.body);
    assert.ok(res.json().errors[field], `${field} in ${res.body}`);
  };

  it('prices a whole listing exactly as the engine does, with calendar overrides and fees (worked example)', async () => {
    const p = await createProperty(t.deps, ownerId);
    await t.deps.db
      .insert(propertyNights)
      .values({ propertyId: p.id, roomTypeId: 0, night: '2030-04-02', price: 15000 });
    const data = await ok({ property_id: p.id, checkin_date: '2030-04-01', checkout_date: '2030-04-04' });
    const input: PricingInput = {
      stay: { checkin: '2030-04-01', checkout: '2030-04-04', guests: { adults: 1, children: 0 }, today: '2030-03-10' },
      currency: { code: 'EUR', decimals: 2 },
      units: [
        {
          roomTypeId: null,
          roomTypeTitle: p.publicName!,
          roomsCount: 1,
          capacityPerRoom: 4,
          nights: [
            { date: '2030-04-01', priceMinor: 12000, stopSell: false, available: 1 },
            { date: '2030-04-02', priceMinor: 15000, stopSell: false, available: 1 },
            { date: '2030-04-03', priceMinor: 12000, stopSell: false, available: 1 },
          ],
        },
      ],
      seasons: [],
      longStay: { weeklyPercent: 0, monthlyPercent: 0 },
      cleaningFeeMinor: 3000,
      serviceFeePercent: 5,
      taxPercent: 10,
      packages: [],
      services: [],
    };
    assert.deepEqual(data, JSON.parse(JSON.stringify(toPreview(priceStay(input), input.currency))));
    // By hand: 390 + 30 cleaning = 420; 5 % fee 21 → 441; 10 % tax 44.10 → 485.10.
    assert.equal(data.base_total, 390);
    assert.equal(data.service_fee_total, 21);
    assert.equal(data.sub_total, 441);
    assert.equal(data.tax_amount, 44.1);
    assert.equal(data.total, 485.1);
    assert.equal(data.currency, 'EUR');
    assert.equal(data.rooms_breakdown, undefined);
    assert.deepEqual(data.stay_validation, { valid: true, message: null });
  });

  it('reflects seasons, long stay, the offer, a promo code (any case), packages and services', async () => {
    const p = await createProperty(t.deps, ownerId, {
      pricePerNight: 10000,
      cleaningFee: 0,
      taxRate: '0',
      weeklyDiscountPercent: '5',
      capacity: 4,
    });
    await t.deps.db.insert(seasons).values({
      propertyId: p.id,
      name: 'May',
      startDate: '2030-05-01',
      endDate: '2030-05-31',
      reductionPercent: '10',
      minStay: 2,
    });
    const [offer] = await t.deps.db
      .insert(offers)
      .values({
        propertyId: p.id,
        name: 'Spring',
        discountType: 'percent',
        discountValue: '10',
        startDate: '2030-05-01',
        endDate: '2030-05-31',
      })
      .returning();
    await t.deps.db.insert(promoCodes).values({
      propertyId: p.id,
      code: 'SPRING',
      discountType: 'fixed',
      discountValue: '500',
      validFrom: '2030-03-01',
      validTo: '2030-12-31',
    });
    const [pkg] = await t.deps.db
      .insert(packages)
      .values({ propertyId: p.id, name: 'Welcome', price: 2000, isGlobal: true })
      .returning();
    const svc = await t.deps.db
      .insert(services)
      .values([
        { propertyId: p.id, name: 'Breakfast', price: 500, type: 'per_night' },
        { propertyId: p.id, name: 'Towels', price: 200, type: 'per_guest' },
      ])
      .returning();
    const body = {
      property_id: p.id,
      checkin_date: '2030-05-03',
      checkout_date: '2030-05-10',
      guests: { adults: 2, children: 1 },
      offer_id: offer!.id,
      promo_code: 'spring',
      package_ids: [pkg!.id],
      service_ids: svc.map((s) => s.id),
    };
    const d = await ok(body);
    // 700 − season 70 = 630 − weekly 31.50 = 598.50 − offer 59.85 = 538.65 − promo 5 = 533.65;
    // + services 5×7 + 2×3 = 41 + package 20 = 594.65; + 5 % fee 29.73 = 624.38; no tax.
    assert.equal(d.base_total, 700);
    assert.deepEqual(d.season, { id: d.season.id, name: 'May', reduction_percent: 10, min_stay: 2, max_stay: 0 });
    assert.equal(d.season_discount, 70);
    assert.equal(d.long_stay_discount, 31.5);
    assert.equal(d.offer_applied, true);
    assert.equal(d.offer_discount, 59.85);
    assert.deepEqual(d.offer_details, { id: offer!.id, name: 'Spring', discount_value: 10, discount_type: 'percent' });
    assert.equal(d.promo_applied, true);
    assert.equal(d.promo_discount, 5);
    assert.equal(d.services_total, 41);
    assert.deepEqual(
      d.services_details.map((s: { price: number }) => s.price),
      [35, 6],
    );
    assert.deepEqual(d.packages_details, [{ id: pkg!.id, name: 'Welcome', price: 20, is_global: true }]);
    assert.equal(d.sub_total, 624.38);
    assert.equal(d.total, 624.38);
    assert.equal(d.stay_validation.valid, true);
    assert.equal(d.stay_validation.min_stay, 2);

    const noPromo = await ok({ ...body, promo_code: 'NOPE' });
    assert.equal(noPromo.promo_applied, false);
    assert.equal(noPromo.promo_discount, 0);
    const outside = await ok({ ...body, checkin_date: '2030-06-03', checkout_date: '2030-06-10' });
    assert.equal(outside.offer_applied, false);
    assert.equal(outside.season, null);
    assert.equal(outside.season_discount, 0);
    const short = await ok({ ...body, checkout_date: '2030-05-04' });
    assert.equal(short.stay_validation.valid, false);
    assert.match(short.stay_validation.message, /May requires at least 2 nights/);
  });

  it('prices several room types line by line in rooms_breakdown, and checks the lines belong to the listing', async () => {
    const p = await createProperty(t.deps, ownerId);
    const a = await createRoomType(t.deps, p.id, { price: 9000, countOfRooms: 2, capacity: 3 });
    const b = await createRoomType(t.deps, p.id, { price: 6000, countOfRooms: 3, capacity: 2 });
    const d = await ok({
      property_id: p.id,
      checkin_date: '2030-04-01',
      checkout_date: '2030-04-03',
      guests: { adults: 4 },
      rooms: [
        { room_type_id: a.roomType.id, rate_plan_id: a.ratePlan.id, rooms_count: 2 },
        { room_type_id: b.roomType.id, rate_plan_id: b.ratePlan.id, rooms_count: 1 },
      ],
    });
    assert.deepEqual(d.rooms_breakdown, [
      {
        room_type_id: a.roomType.id,
        room_type_title: a.roomType.title,
        rate_plan_id: a.ratePlan.id,
        rate_plan_title: 'Standard',
        rooms_count: 2,
        price_per_night: 180,
        line_total: 360,
      },
      {
        room_type_id: b.roomType.id,
        room_type_title: b.roomType.title,
        rate_plan_id: b.ratePlan.id,
        rate_plan_title: 'Standard',
        rooms_count: 1,
        price_per_night: 60,
        line_total: 120,
      },
    ]);
    assert.equal(d.base_total, 480);
    assert.equal(d.rooms_total, 480);
    assert.equal(d.stay_validation.valid, true);

    const other = await createRoomType(t.deps, (await createProperty(t.deps, ownerId)).id);
    const dates = { property_id: p.id, checkin_date: '2030-04-01', checkout_date: '2030-04-03' };
    await fails(dates, 'rooms');
    await fails(
      { ...dates, rooms: [{ room_type_id: other.roomType.id, rate_plan_id: other.ratePlan.id, rooms_count: 1 }] },
      'rooms.0.room_type_id',
    );
    await fails(
      {
        ...dates,
        rooms: [
          { room_type_id: a.roomType.id, rate_plan_id: a.ratePlan.id, rooms_count: 1 },
          { room_type_id: a.roomType.id, rate_plan_id: b.ratePlan.id, rooms_count: 1 },
        ],
      },
      'rooms.1.rate_plan_id',
    );
    await fails(
      { ...dates, rooms: [{ room_type_id: a.roomType.id, rate_plan_id: a.ratePlan.id, rooms_count: 0 }] },
      'rooms.0.rooms_count',
    );
  });

  it('shows full, overridden and stopped nights in stay_validation, with the price still computed', async () => {
    const p = await createProperty(t.deps, ownerId);
    await t.deps.db.insert(propertyNights).values({ propertyId: p.id, roomTypeId: 0, night: '2030-04-02', booked: 1 });
    const full = await ok({ property_id: p.id, checkin_date: '2030-04-01', checkout_date: '2030-04-04' });
    assert.equal(full.stay_validation.valid, false);
    assert.match(full.stay_validation.message, /2030-04-02/);
    assert.equal(full.base_total, 360);

    const withRooms = await createProperty(t.deps, ownerId);
    const rt = await createRoomType(t.deps, withRooms.id, { countOfRooms: 3 });
    await t.deps.db
      .insert(propertyNights)
      .values({ propertyId: withRooms.id, roomTypeId: rt.roomType.id, night: '2030-04-01', availableRooms: 1 });
    const line = (n: number, ratePlanId = rt.ratePlan.id) => ({
      room_type_id: rt.roomType.id,
      rate_plan_id: ratePlanId,
      rooms_count: n,
    });
    const body = { property_id: withRooms.id, checkin_date: '2030-04-01', checkout_date: '2030-04-03' };
    assert.equal((await ok({ ...body, rooms: [line(1)] })).stay_validation.valid, true);
    assert.equal((await ok({ ...body, rooms: [line(2)] })).stay_validation.valid, false);
    // Two rate plans of one room type share its units.
    const seven = <T>(v: T) => Array.from({ length: 7 }, () => v);
    const [flex] = await t.deps.db
      .insert(ratePlans)
      .values({
        roomTypeId: rt.roomType.id,
        title: 'Flex',
        currency: 'EUR',
        price: 9900,
        maxStay: seven(0),
        minStayArrival: seven(1),
        closedToArrival: seven(false),
        closedToDeparture: seven(false),
        stopSell: seven(false),
      })
      .returning();
    // Rows written behind the API's back: announce them as a route would (the loader caches per listing).
    await t.deps.listings.changed(withRooms.id);
    const shared = await ok({
      ...body,
      checkin_date: '2030-04-02',
      checkout_date: '2030-04-03',
      rooms: [line(2), line(2, flex!.id)],
    });
    assert.equal(shared.stay_validation.valid, false, 'four units asked of three');
    await t.deps.db
      .insert(propertyNights)
      .values({ propertyId: withRooms.id, roomTypeId: rt.roomType.id, night: '2030-04-02', stopSell: true });
    await t.deps.listings.changed(withRooms.id);
    const stopped = await ok({ ...body, rooms: [line(1)] });
    assert.match(stopped.stay_validation.message, /not sold on 2030-04-02/);
  });

  it('reports reversed dates, a past check-in and too many guests in stay_validation', async () => {
    const p = await createProperty(t.deps, ownerId);
    const reversed = await ok({ property_id: p.id, checkin_date: '2030-04-05', checkout_date: '2030-04-05' });
    assert.equal(reversed.nights, 0);
    assert.equal(reversed.stay_validation.message, 'checkout_date must be after checkin_date');
    const past = await ok({ property_id: p.id, checkin_date: '2030-03-09', checkout_date: '2030-03-12' });
    assert.equal(past.stay_validation.message, 'checkin_date is in the past');
    const crowd = await ok({
      property_id: p.id,
      checkin_date: '2030-04-01',
      checkout_date: '2030-04-02',
      guests: { adults: 4, children: 1 },
    });
    assert.match(crowd.stay_validation.message, /5 guests exceed the capacity of 4/);
    assert.equal(
      (await ok({ property_id: p.id, checkin_date: '2030-03-10', checkout_date: '2030-03-11' })).stay_validation.valid,
      true,
      'today is bookable',
    );
  });

  it('answers 404 for a draft, hidden, inactive or unknown listing, even to its owner', async () => {
    const ownerToken = await loginAs(t.app, await createUser(t.deps, { role: 'owner' }));
    const dates = { checkin_date: '2030-04-01', checkout_date: '2030-04-02' };
    for (const over of [{ status: 'draft' }, { visibility: false }, { status: 'inactive' }]) {
      const p = await createProperty(t.deps, ownerId, over);
      assert.equal((await preview({ property_id: p.id, ...dates })).statusCode, 404, JSON.stringify(over));
      assert.equal((await preview({ property_id: p.id, ...dates }, bearer(ownerToken))).statusCode, 404);
    }
    assert.equal((await preview({ property_id: 999_999_999, ...dates })).statusCode, 404);
  });

  it('answers 422 naming the field for bad dates and for extras of another listing', async () => {
    const p = await createProperty(t.deps, ownerId);
    const other = await createProperty(t.deps, ownerId);
    const [foreignOffer] = await t.deps.db
      .insert(offers)
      .values({
        propertyId: other.id,
        name: 'X',
        discountType: 'percent',
        discountValue: '5',
        startDate: '2030-01-01',
        endDate: '2030-12-31',
      })
      .returning();
    const [foreignPkg] = await t.deps.db
      .insert(packages)
      .values({ propertyId: other.id, name: 'X', price: 100 })
      .returning();
    const [foreignSvc] = await t.deps.db
      .insert(services)
      .values({ propertyId: other.id, name: 'X', price: 100, type: 'per_stay' })
      .returning();
    const body = { property_id: p.id, checkin_date: '2030-04-01', checkout_date: '2030-04-03' };
    await fails({ ...body, checkin_date: '01/04/2030' }, 'checkin_date');
    await fails({ ...body, checkout_date: '2030-02-30' }, 'checkout_date');
    await fails({ ...body, checkout_date: '2031-04-02' }, 'checkout_date');
    await fails({ ...body, offer_id: foreignOffer!.id }, 'offer_id');
    await fails({ ...body, package_ids: [foreignPkg!.id] }, 'package_ids');
    await fails({ ...body, service_ids: [foreignSvc!.id] }, 'service_ids');
    await fails({ ...body, guests: { adults: 0 } }, 'guests.adults');
    await fails({ checkin_date: '2030-04-01', checkout_date: '2030-04-03' }, 'property_id');
    await fails({ ...body, rooms: [{ room_type_id: 1, rate_plan_id: 1, rooms_count: 1 }] }, 'rooms.0.room_type_id');
    assert.equal((await ok({ ...body, checkout_date: '2031-04-01' })).nights, 365);
  });

  it('gives the same answer anonymously and signed in, and never writes', async () => {
    const p = await createProperty(t.deps, ownerId);
    const rt = await createRoomType(t.deps, (await createProperty(t.deps, ownerId)).id);
    const before = {
      reservations: await countRows(t.deps, 'reservations'),
      nights: await countRows(t.deps, 'property_nights'),
    };
    const body = { property_id: p.id, checkin_date: '2030-04-01', checkout_date: '2030-04-08' };
    const anonymous = await ok(body);
    assert.deepEqual(await ok(body, bearer(token)), anonymous);
    await ok({
      property_id: rt.roomType.propertyId,
      checkin_date: '2030-04-01',
      checkout_date: '2030-04-03',
      rooms: [{ room_type_id: rt.roomType.id, rate_plan_id: rt.ratePlan.id, rooms_count: 2 }],
    });
    await preview({ ...body, package_ids: [1] });
    assert.deepEqual(
      { reservations: await countRows(t.deps, 'reservations'), nights: await countRows(t.deps, 'property_nights') },
      before,
    );
  });
});
