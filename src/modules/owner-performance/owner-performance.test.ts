// The owner performance report checked by hand on a small world: every figure below is written
// out with its arithmetic, so a change in what counts shows up as a changed number here.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { currencies, propertyNights, ratePlans, reservations, roomTypes } from '../../db/schema/index.ts';
import { seedReservation } from '../reservations/reservations.test-support.ts';
import { csvField } from './performance-csv.ts';
import { monthsOf, nightlyShares } from './performance-figures.ts';

describe('GET /owners/me/performance', () => {
  let t: TestApp;
  let a: number; // EUR, sold whole (1 unit)
  let b: number; // USD, one room type of 3 rooms
  let c: number; // another owner's
  let owner1Id: number;
  let tokens: Record<'owner1' | 'owner2' | 'admin' | 'support' | 'client', string>;

  before(async () => {
    t = await createTestApp({ start: new Date('2031-04-15T12:00:00Z') });
    const db = t.deps.db;
    await db.execute(sql`UPDATE currencies SET is_default = false`);
    // USD 1.25 per EUR, EUR the default: a USD amount ÷ 1.25 is its EUR value.
    for (const [code, rate, isDefault] of [
      ['EUR', '1', true],
      ['USD', '1.25', false],
    ] as const) {
      await db
        .insert(currencies)
        .values({ code, name: code, symbol: code, decimals: 2, exchangeRate: rate, isDefault })
        .onConflictDoUpdate({ target: currencies.code, set: { exchangeRate: rate, isDefault, decimals: 2 } });
    }
    const owner1 = await createUser(t.deps, { role: 'owner' });
    const owner2 = await createUser(t.deps, { role: 'owner' });
    owner1Id = owner1.id;
    a = (await createProperty(t.deps, owner1.id, { timezone: 'UTC', currencyCode: 'EUR' })).id;
    b = (await createProperty(t.deps, owner1.id, { timezone: 'UTC', currencyCode: 'USD' })).id;
    c = (await createProperty(t.deps, owner2.id, { timezone: 'UTC' })).id;
    await createProperty(t.deps, owner1.id, { status: 'draft' }); // never in the portfolio
    const { roomType } = await createRoomType(t.deps, b, { countOfRooms: 3, currency: 'USD' });

    const seed = async (
      s: Parameters<typeof seedReservation>[1],
      createdAt: string,
      extra: Partial<typeof reservations.$inferInsert> = {},
    ) => {
      const r = await seedReservation(t.deps, s);
      await db
        .update(reservations)
        .set({ createdAt: new Date(createdAt), ...extra })
        .where(eq(reservations.id, r.id));
    };
    // A, R1: 3 nights 03-05..03-07, 300.01 € → shares 100.01, 100.00, 100.00; booked 02-20 → lead 8 + 5 = 13 days.
    await seed(
      { propertyId: a, status: 'confirmed', checkin: '2031-03-05', checkout: '2031-03-08', totalMinor: 30_001 },
      '2031-02-20T09:00:00Z',
    );
    // A, R2: 3 nights 03-30, 03-31, 04-01, 450 € → 150 a night (300 in March, 150 in April); booked 03-10 → lead 20.
    await seed(
      { propertyId: a, status: 'completed', checkin: '2031-03-30', checkout: '2031-04-02', totalMinor: 45_000 },
      '2031-03-10T09:00:00Z',
    );
    // A: a pending hold is not sold; a cancellation of an unconfirmed hold is not a cancellation.
    await seed(
      { propertyId: a, status: 'pending', checkin: '2031-04-10', checkout: '2031-04-12', totalMinor: 99_999 },
      '2031-04-01T09:00:00Z',
    );
    await seed(
      { propertyId: a, status: 'cancelled', checkin: '2031-04-24', checkout: '2031-04-25', totalMinor: 5_000 },
      '2031-03-01T09:00:00Z',
      { cancelledAt: new Date('2031-03-26T10:00:00Z') },
    );
    // A: confirmed for April 20–22, cancelled on March 25: one cancellation in March (by cancellation date), no night sold.
    await seed(
      { propertyId: a, status: 'cancelled', checkin: '2031-04-20', checkout: '2031-04-22', totalMinor: 20_000 },
      '2031-03-01T09:00:00Z',
      { confirmedAt: new Date('2031-03-01T09:05:00Z'), cancelledAt: new Date('2031-03-25T10:00:00Z') },
    );
    // A's calendar: 03-20 stop-sell, 03-21 blocked by an iCal feed; 03-06 stop-sell set after R1 sold it (still counts: it was sold).
    await db.insert(propertyNights).values([
      { propertyId: a, roomTypeId: 0, night: '2031-03-20', stopSell: true },
      { propertyId: a, roomTypeId: 0, night: '2031-03-21', blocked: 1 },
    ]);
    await db
      .update(propertyNights)
      .set({ stopSell: true })
      .where(and(eq(propertyNights.propertyId, a), eq(propertyNights.night, '2031-03-06')));

    // B, R4: 2 rooms × 3 nights 04-03..04-05, 600 USD → 200 a night; booked 04-01 → lead 2.
    await seed(
      {
        propertyId: b,
        status: 'confirmed',
        checkin: '2031-04-03',
        checkout: '2031-04-06',
        currency: 'USD',
        totalMinor: 60_000,
        lines: [{ roomTypeId: roomType.id, roomsCount: 2, defaultAvailable: 3 }],
      },
      '2031-04-01T09:00:00Z',
    );
    // B: the owner keeps 2 of 3 rooms open on 04-05 (both sold) and 04-06 (none sold).
    await db
      .update(propertyNights)
      .set({ availableRooms: 2 })
      .where(and(eq(propertyNights.propertyId, b), eq(propertyNights.night, '2031-04-05')));
    await db
      .insert(propertyNights)
      .values({ propertyId: b, roomTypeId: roomType.id, night: '2031-04-06', availableRooms: 2 });
    // C: another owner's sale, never in owner1's figures.
    await seed(
      { propertyId: c, status: 'confirmed', checkin: '2031-03-10', checkout: '2031-03-12', totalMinor: 77_700 },
      '2031-03-01T09:00:00Z',
    );

    const [admin, support, client] = await Promise.all([
      createUser(t.deps, { role: 'admin' }),
      createUser(t.deps, { role: 'support' }),
      createUser(t.deps),
    ]);
    tokens = {
      owner1: await loginAs(t.app, owner1),
      owner2: await loginAs(t.app, owner2),
      admin: await loginAs(t.app, admin),
      support: await loginAs(t.app, support),
      client: await loginAs(t.app, client),
    };
  });
  after(() => t.close());

  const get = (query: string, token?: string, accept?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/owners/me/performance?${query}`,
      headers: { ...(token ? bearer(token) : {}), ...(accept ? { accept } : {}) },
    });
  const RANGE = 'from=2031-03-01&to=2031-05-01';

  it('the worked example: every figure by hand', async () => {
    const res = await get(RANGE, tokens.owner1);
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.equal(data.currency, 'EUR');
    assert.deepEqual(data.months, [
      {
        month: '2031-03',
        property_id: a,
        currency: 'EUR',
        nights_available: 29, // 31 nights − 03-20 (stop-sell) − 03-21 (iCal block); 03-06 is stop-sell but was sold, so it counts
        nights_sold: 5, // R1 3 + R2 2 (03-30, 03-31)
        occupancy: 0.1724, // 5 / 29 = 0.17241…
        adr: 120, // (30 001 + 30 000) / 5 = 12 000.2 cents → 120.00
        revpar: 20.69, // 60 001 / 29 = 2 069.003 cents → 20.69
        revenue: 600.01, // R1 300.01 + R2's March nights 2 × 150
        cancellations: 1, // the confirmed April stay cancelled on 03-25; the unconfirmed hold cancelled 03-26 is not one
        avg_lead_days: 16.5, // (13 + 20) / 2
        avg_length_of_stay: 3, // (3 + 3) / 2
        revenue_default: 600.01,
        adr_default: 120,
        revpar_default: 20.69, // EUR is the default
      },
      {
        month: '2031-03',
        property_id: b,
        currency: 'USD',
        nights_available: 93,
        nights_sold: 0,
        occupancy: 0, // 3 rooms × 31 nights
        adr: null,
        revpar: 0,
        revenue: 0,
        cancellations: 0,
        avg_lead_days: null,
        avg_length_of_stay: null,
        revenue_default: 0,
        adr_default: null,
        revpar_default: 0,
      },
      {
        month: '2031-04',
        property_id: a,
        currency: 'EUR',
        nights_available: 30,
        nights_sold: 1, // R2's 04-01; the pending hold 04-10..11 is not sold
        occupancy: 0.0333, // 1 / 30
        adr: 150,
        revpar: 5,
        revenue: 150, // 15 000 / 30 = 500 cents
        cancellations: 0,
        avg_lead_days: null,
        avg_length_of_stay: null, // R2 arrived in March
        revenue_default: 150,
        adr_default: 150,
        revpar_default: 5,
      },
      {
        month: '2031-04',
        property_id: b,
        currency: 'USD',
        nights_available: 88, // 3 × 30 − 1 (04-05: 2 open) − 1 (04-06: 2 open)
        nights_sold: 6, // 2 rooms × 3 nights
        occupancy: 0.0682, // 6 / 88 = 0.06818…
        adr: 100, // 60 000 / 6 = 10 000 cents
        revpar: 6.82, // 60 000 / 88 = 681.8 cents → 682
        revenue: 600,
        cancellations: 0,
        avg_lead_days: 2,
        avg_length_of_stay: 3,
        revenue_default: 480, // 60 000 / 1.25 = 48 000 euro cents
        adr_default: 80, // 48 000 / 6 = 8 000
        revpar_default: 5.45, // 48 000 / 88 = 545.45 → 545
      },
    ]);
    assert.deepEqual(data.totals, {
      nights_available: 240, // 29 + 93 + 30 + 88
      nights_sold: 12, // 5 + 0 + 1 + 6
      occupancy: 0.05, // 12 / 240
      adr: 102.5, // (60 001 + 0 + 15 000 + 48 000) / 12 = 123 001 / 12 = 10 250.08 cents → 102.50
      revpar: 5.13, // 123 001 / 240 = 512.504 cents → 513
      revenue: 1230.01,
      cancellations: 1,
      avg_lead_days: 11.67, // (13 + 20 + 2) / 3
      avg_length_of_stay: 3, // (3 + 3 + 3) / 3
    });
  });

  it('nights the rate plans stop selling on their weekday are not available; a room type without plans has none', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const d = (await createProperty(t.deps, owner.id, { timezone: 'UTC', currencyCode: 'EUR' })).id;
    const { roomType, ratePlan } = await createRoomType(t.deps, d, { countOfRooms: 2 });
    const week = (...closed: number[]) => Array.from({ length: 7 }, (_, i) => closed.includes(i)); // Monday first
    // Standard stops selling Sundays; Weekday stops Saturdays and Sundays: Saturdays still sell through Standard.
    await t.deps.db
      .update(ratePlans)
      .set({ stopSell: week(6) })
      .where(eq(ratePlans.id, ratePlan.id));
    await t.deps.db.insert(ratePlans).values({
      roomTypeId: roomType.id,
      title: 'Weekday',
      currency: 'EUR',
      price: 8000,
      maxStay: week().map(() => 0),
      minStayArrival: week().map(() => 1),
      closedToArrival: week(),
      closedToDeparture: week(),
      stopSell: week(5, 6),
    });
    // A room type with no plan cannot be booked at all.
    await t.deps.db
      .insert(roomTypes)
      .values({ propertyId: d, title: 'Unpriced', countOfRooms: 4, occAdults: 2, capacity: 2 });
    const res = await get(`from=2031-03-01&to=2031-04-01&property_id=${d}`, await loginAs(t.app, owner));
    assert.equal(res.statusCode, 200, res.body);
    // March 2031 starts on a Saturday and has 5 Sundays: 2 rooms × (31 − 5) nights, and 0 for the unpriced type.
    assert.equal(res.json().data.months[0].nights_available, 52);
  });

  it("property_id narrows to one listing; another owner's listing is 404", async () => {
    const res = await get(`${RANGE}&property_id=${b}`, tokens.owner1);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json().data.months.map((m: { month: string; property_id: number }) => [m.month, m.property_id]),
      [
        ['2031-03', b],
        ['2031-04', b],
      ],
    );
    assert.equal((await get(`${RANGE}&property_id=${c}`, tokens.owner1)).statusCode, 404);
    assert.equal((await get(`${RANGE}&property_id=${a}`, tokens.owner2)).statusCode, 404);
  });

  it('admin names an owner or a listing; support, clients and strangers are refused', async () => {
    const mine = (await get(RANGE, tokens.owner1)).json().data;
    const res = await get(`${RANGE}&owner_id=${owner1Id}`, tokens.admin);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, mine);
    assert.equal((await get(`${RANGE}&property_id=${c}`, tokens.admin)).statusCode, 200);
    const neither = await get(RANGE, tokens.admin);
    assert.equal(neither.statusCode, 422);
    assert.ok(neither.json().errors.owner_id, neither.body);
    assert.equal((await get(`${RANGE}&owner_id=${owner1Id}`, tokens.owner2)).statusCode, 403);
    assert.equal((await get(RANGE, tokens.support)).statusCode, 403);
    assert.equal((await get(RANGE, tokens.client)).statusCode, 403);
    assert.equal((await get(RANGE)).statusCode, 401);
  });

  it('bad ranges are 4xx naming the field', async () => {
    for (const [q, field] of [
      ['from=2031-02-30', 'from'],
      ['from=2031-03-01&to=2031-03-01', 'to'],
      ['from=2030-01-01&to=2032-02-01', 'to'],
      ['to=tomorrow', 'to'],
    ] as const) {
      const res = await get(q, tokens.owner1);
      assert.ok(res.statusCode === 400 || res.statusCode === 422, `${q}: ${res.statusCode}`);
      assert.match(res.body, new RegExp(field), q);
    }
  });

  it('without a range: the 12 months ending with the current one', async () => {
    const data = (await get('', tokens.owner1)).json().data;
    assert.equal(data.from, '2030-05-01');
    assert.equal(data.to, '2031-05-01');
    assert.equal(data.months.length, 24); // 12 months × 2 listings
  });

  it('Accept: text/csv gives the same rows as CSV', async () => {
    const res = await get(RANGE, tokens.owner1, 'text/csv');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    const lines = res.body.split('\r\n');
    assert.equal(
      lines[0],
      'month,property_id,currency,nights_available,nights_sold,occupancy,adr,revpar,revenue,cancellations,avg_lead_days,avg_length_of_stay,default_currency,revenue_default,adr_default,revpar_default',
    );
    assert.equal(lines[1], `2031-03,${a},EUR,29,5,0.1724,120,20.69,600.01,1,16.5,3,EUR,600.01,120,20.69`);
    assert.equal(lines[2], `2031-03,${b},USD,93,0,0,,0,0,0,,,EUR,0,,0`);
    assert.equal(lines[4], `2031-04,${b},USD,88,6,0.0682,100,6.82,600,0,2,3,EUR,480,80,5.45`);
    assert.equal(lines.length, 6); // header, 4 rows, the empty string after the last CRLF
    const json = await get(RANGE, tokens.owner1, 'application/json');
    assert.match(String(json.headers['content-type']), /^application\/json/);
  });

  it('helpers: shares add up, months cover partial ranges, CSV quoting', () => {
    assert.deepEqual(nightlyShares(30_001, 3), [10_001, 10_000, 10_000]);
    assert.deepEqual(nightlyShares(5, 3), [2, 2, 1]);
    assert.deepEqual(monthsOf('2031-01-31', '2031-03-01'), ['2031-01', '2031-02']);
    assert.deepEqual(monthsOf('2030-12-15', '2031-01-02'), ['2030-12', '2031-01']);
    assert.equal(csvField('a,"b"'), '"a,""b"""');
    assert.equal(csvField(null), '');
  });
});
