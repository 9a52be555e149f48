import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { onPostgres } from '../../../test/helpers/test-database.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { countRows, createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { idempotencyKeys, offers, packages, promoCodes, seasons, services } from '../../db/schema/index.ts';
import { IDEMPOTENCY_ABANDONED_MS } from '../../platform/idempotency.ts';
import { bookedTotal, eventsFor, reservationById } from './reservations.test-support.ts';

// Europe/Paris listings: "today" there is 2030-03-10.
const START = new Date('2030-03-10T12:00:00Z');

describe('reservation creation', () => {
  let t: TestApp;
  let ownerId: number;
  let ownerToken: string;
  let token: string;
  before(async () => {
    t = await createTestApp({ start: START, env: { SERVICE_FEE_PERCENT: '5' } });
    const owner = await createUser(t.deps, { role: 'owner' });
    ownerId = owner.id;
    ownerToken = await loginAs(t.app, owner);
    token = await loginAs(t.app, await createUser(t.deps));
  });
  after(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
  const book = (payload: object, tok = token, headers: Record<string, string> = {}) =>
    post('/reservations', payload, { ...bearer(tok), ...headers });
  const previewTotal = async (payload: Record<string, unknown>) => {
    const { code_promo, ...rest } = payload;
    const res = await post('/reservations/preview', { ...rest, ...(code_promo ? { promo_code: code_promo } : {}) });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.total as number;
  };
  const freshGuest = async () => loginAs(t.app, await createUser(t.deps));

  it('books at exactly the preview total (whole listing, season + offer + promo + package + services, room lines)', async () => {
    const p = await createProperty(t.deps, ownerId, { weeklyDiscountPercent: '5' });
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
    const [promo] = await t.deps.db
      .insert(promoCodes)
      .values({
        propertyId: p.id,
        code: 'SPRING',
        discountType: 'fixed',
        discountValue: '500',
        validFrom: '2030-03-01',
        validTo: '2030-12-31',
        maxUses: 10,
      })
      .returning();
    const [pkg] = await t.deps.db
      .insert(packages)
      .values({ propertyId: p.id, name: 'Welcome', price: 2000, isGlobal: true })
      .returning();
    const svc = await t.deps.db
      .insert(services)
      .values([
        { propertyId: p.id, name: 'Breakfast', price: 333, type: 'per_night' },
        { propertyId: p.id, name: 'Towels', price: 215, type: 'per_guest' },
      ])
      .returning();
    const rt = await createRoomType(t.deps, (await createProperty(t.deps, ownerId)).id, {
      price: 9133,
      countOfRooms: 3,
    });
    const cases: Record<string, unknown>[] = [
      {
        property_id: p.id,
        checkin_date: '2030-04-01',
        checkout_date: '2030-04-04',
        guests: { adults: 1, children: 0 },
      },
      {
        property_id: p.id,
        checkin_date: '2030-05-03',
        checkout_date: '2030-05-10',
        guests: { adults: 2, children: 1 },
        offer_id: offer!.id,
        code_promo: 'spring',
        package_ids: [pkg!.id],
        service_ids: svc.map((s) => s.id),
      },
      {
        property_id: rt.roomType.propertyId,
        checkin_date: '2030-06-01',
        checkout_date: '2030-06-04',
        guests: { adults: 3, children: 0 },
        rooms: [{ room_type_id: rt.roomType.id, rate_plan_id: rt.ratePlan.id, rooms_count: 2 }],
      },
    ];
    for (const body of cases) {
      const expected = await previewTotal(body);
      const res = await book(body, await freshGuest());
      assert.equal(res.statusCode, 201, res.body);
      const d = res.json().data;
      assert.equal(Number(d.total), expected);
      assert.equal(JSON.parse(d.price_details).total, expected);
      const row = await reservationById(t.deps, d.id);
      assert.equal(row.status, 'pending');
      assert.equal(row.holdExpiresAt!.getTime(), START.getTime() + 1800 * 1000);
      assert.deepEqual(row.cancellationPolicy, ['flexible']);
      assert.equal((await eventsFor(t.deps, 'reservation.created', d.id)).length, 1);
    }
    const [used] = await t.deps.db.select().from(promoCodes).where(eq(promoCodes.id, promo!.id));
    assert.equal(used!.usedCount, 1);
    assert.equal(await bookedTotal(t.deps, rt.roomType.propertyId, rt.roomType.id), 6);
  });

  it('answers the lighter variant: guests and price_details as JSON text, total as decimal text', async () => {
    const p = await createProperty(t.deps, ownerId);
    const res = await book({
      property_id: p.id,
      checkin_date: '2030-04-01',
      checkout_date: '2030-04-04',
      guests: { adults: 2, children: 1 },
      special_requests: 'Late arrival',
    });
    assert.equal(res.statusCode, 201, res.body);
    const d = res.json().data;
    assert.equal(typeof d.guests, 'string');
    assert.deepEqual(JSON.parse(d.guests), { adults: 2, children: 1 });
    assert.equal(typeof d.price_details, 'string');
    assert.equal(JSON.parse(d.price_details).currency, 'EUR');
    assert.equal(typeof d.total, 'string');
    assert.match(d.total, /^\d+\.\d{2}$/);
    assert.match(d.booking_ref_code, /^BK-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    assert.equal(d.status, 'pending');
    assert.equal(d.special_requests, 'Late arrival');
    assert.equal(d.promo_code_id, null);
    assert.equal(d.rooms_count, 1);
    assert.equal(d.property.id, p.id);
  });

  it('replays an Idempotency-Key: same reservation, one row', async () => {
    const p = await createProperty(t.deps, ownerId);
    const body = { property_id: p.id, checkin_date: '2030-04-10', checkout_date: '2030-04-12', guests: { adults: 1 } };
    const before = await countRows(t.deps, 'reservations');
    const a = await book(body, token, { 'idempotency-key': 'k-1' });
    const b = await book(body, token, { 'idempotency-key': 'k-1' });
    assert.equal(a.statusCode, 201, a.body);
    assert.equal(b.statusCode, 201, b.body);
    assert.equal(b.json().data.id, a.json().data.id);
    assert.equal(await countRows(t.deps, 'reservations'), before + 1);
  });

  it('answers a retry whose first attempt committed but never answered (its process died) with that reservation, not a second one', async () => {
    const p = await createProperty(t.deps, ownerId);
    const body = { property_id: p.id, checkin_date: '2030-04-20', checkout_date: '2030-04-22', guests: { adults: 1 } };
    const first = await book(body, token, { 'idempotency-key': 'k-lost' });
    assert.equal(first.statusCode, 201, first.body);
    // As a kill -9 after COMMIT leaves it: the key in flight, no answer stored, older than the abandon window.
    await t.deps.db
      .update(idempotencyKeys)
      .set({
        state: 'in_flight',
        responseStatus: null,
        responseBody: null,
        createdAt: new Date(t.clock.now().getTime() - IDEMPOTENCY_ABANDONED_MS - 1000),
      })
      .where(eq(idempotencyKeys.key, 'k-lost'));
    const before = await countRows(t.deps, 'reservations');
    const retry = await book(body, token, { 'idempotency-key': 'k-lost' });
    assert.equal(retry.statusCode, 201, retry.body);
    assert.equal(retry.json().data.id, first.json().data.id);
    assert.equal(retry.json().data.booking_ref_code, first.json().data.booking_ref_code);
    assert.equal(await countRows(t.deps, 'reservations'), before);
    // The replayed answer is now the stored one.
    const again = await book(body, token, { 'idempotency-key': 'k-lost' });
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.json().data.id, first.json().data.id);
  });

  it('refuses taken nights with 409 DATES_UNAVAILABLE and writes nothing', async () => {
    const p = await createProperty(t.deps, ownerId);
    const body = { property_id: p.id, checkin_date: '2030-07-01', checkout_date: '2030-07-05', guests: { adults: 1 } };
    assert.equal((await book(body)).statusCode, 201);
    // The relay turns the bookings' events into notifications and their events; let it finish first.
    await t.deps.outbox.idle();
    const counts = await Promise.all(
      ['reservations', 'reservation_rooms', 'outbox_events'].map((n) => countRows(t.deps, n)),
    );
    const res = await book({ ...body, checkin_date: '2030-07-04', checkout_date: '2030-07-06' }, await freshGuest());
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.json().code, 'DATES_UNAVAILABLE');
    assert.deepEqual(
      await Promise.all(['reservations', 'reservation_rooms', 'outbox_events'].map((n) => countRows(t.deps, n))),
      counts,
    );
    assert.equal(await bookedTotal(t.deps, p.id), 4);
    // Half-open stays: the check-out day is free for the next guest.
    assert.equal(
      (await book({ ...body, checkin_date: '2030-07-05', checkout_date: '2030-07-06' }, await freshGuest())).statusCode,
      201,
    );
  });

  it('limits a guest to 5 unpaid pending reservations (422 on the 6th)', async () => {
    const guest = await freshGuest();
    const p = await createProperty(t.deps, ownerId);
    for (let i = 0; i < 5; i++) {
      const res = await book(
        { property_id: p.id, checkin_date: `2030-08-1${i}`, checkout_date: `2030-08-1${i + 1}`, guests: { adults: 1 } },
        guest,
      );
      assert.equal(res.statusCode, 201, res.body);
    }
    const res = await book(
      { property_id: p.id, checkin_date: '2030-08-20', checkout_date: '2030-08-21', guests: { adults: 1 } },
      guest,
    );
    assert.equal(res.statusCode, 422, res.body);
    assert.ok(res.json().errors.pending_reservations);
  });

  it('refuses invalid stays (422 naming the field), anonymous callers (401) and the owner on their own listing (403)', async () => {
    const p = await createProperty(t.deps, ownerId);
    const body = { property_id: p.id, checkin_date: '2030-03-01', checkout_date: '2030-03-03', guests: { adults: 1 } };
    const past = await book(body);
    assert.equal(past.statusCode, 422, past.body);
    assert.ok(past.json().errors.checkin_date, past.body);
    const crowd = await book({
      ...body,
      checkin_date: '2030-09-01',
      checkout_date: '2030-09-03',
      guests: { adults: 9 },
    });
    assert.equal(crowd.statusCode, 422, crowd.body);
    assert.ok(crowd.json().errors.guests, crowd.body);
    assert.equal((await post('/reservations', body)).statusCode, 401);
    assert.equal((await post('/reservations/multi-room', body)).statusCode, 401);
    const own = await book({ ...body, checkin_date: '2030-09-01', checkout_date: '2030-09-03' }, ownerToken);
    assert.equal(own.statusCode, 403, own.body);
  });

  it('sells the last unit once to 20 concurrent requests', async () => {
    const p = await createProperty(t.deps, ownerId);
    const rt = await createRoomType(t.deps, p.id, { countOfRooms: 1 });
    const guests = await Promise.all(Array.from({ length: 4 }, () => freshGuest()));
    const body = {
      property_id: p.id,
      checkin_date: '2030-10-01',
      checkout_date: '2030-10-03',
      guests: { adults: 1 },
      rooms: [{ room_type_id: rt.roomType.id, rate_plan_id: rt.ratePlan.id, rooms_count: 1 }],
    };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => book(body, guests[i % 4]!)));
    const statuses = results.map((r) => r.statusCode);
    console.log(
      `# race on ${onPostgres ? 'PostgreSQL (real concurrency)' : 'PGlite (one connection: proves the logic only)'}: ` +
        `201×${statuses.filter((s) => s === 201).length}, 409×${statuses.filter((s) => s === 409).length}, other: ${statuses.filter((s) => s !== 201 && s !== 409).join(',') || 'none'}`,
    );
    assert.equal(statuses.filter((s) => s === 201).length, 1);
    assert.ok(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(','),
    );
    assert.equal(await bookedTotal(t.deps, p.id, rt.roomType.id), 2);
  });

  it('books several rooms and answers the read form, which GET /reservations/{id} shows to guest and owner only', async () => {
    const p = await createProperty(t.deps, ownerId);
    const a = await createRoomType(t.deps, p.id, { price: 9000, countOfRooms: 2, capacity: 3 });
    const b = await createRoomType(t.deps, p.id, { price: 6000, countOfRooms: 3, capacity: 2 });
    const body = {
      property_id: p.id,
      checkin_date: '2030-11-01',
      checkout_date: '2030-11-03',
      guests: [
        { first_name: 'Ana', last_name: 'Lee', age: 40 },
        { first_name: 'Bo', last_name: 'Lee', age: 38 },
        { first_name: 'Cy', last_name: 'Lee', age: 9 },
      ],
      rooms: [
        { room_type_id: a.roomType.id, rate_plan_id: a.ratePlan.id, rooms_count: 1 },
        { room_type_id: b.roomType.id, rate_plan_id: b.ratePlan.id, rooms_count: 1 },
      ],
      first_name: 'Ana',
      last_name: 'Lee',
      email: 'ana@example.test',
      phone: '+33100000000',
    };
    const expected = await previewTotal({ ...body, guests: { adults: 2, children: 1 } });
    const res = await post('/reservations/multi-room', body, bearer(token));
    assert.equal(res.statusCode, 201, res.body);
    const d = res.json().data;
    assert.deepEqual(d.guests, { adults: 2, children: 1 });
    assert.equal(typeof d.price_details, 'object');
    assert.equal(d.price_details.total, expected);
    assert.equal(d.total, undefined);
    assert.equal(d.rooms_count, 2);
    assert.deepEqual(
      d.rooms_details.map((l: { channel_room_type_id: number; line_total: unknown }) => [
        l.channel_room_type_id,
        typeof l.line_total,
      ]),
      [
        [a.roomType.id, 'number'],
        [b.roomType.id, 'number'],
      ],
    );
    assert.equal(d.rooms_details[0].line_total, 180);
    assert.equal(d.property.id, p.id);

    const get = (tok: string) =>
      t.app.inject({ method: 'GET', url: `/api/reservations/${d.id}`, headers: bearer(tok) });
    const mine = await get(token);
    assert.equal(mine.statusCode, 200, mine.body);
    assert.deepEqual(mine.json().data, d);
    assert.equal((await get(ownerToken)).statusCode, 200);
    assert.equal((await get(await freshGuest())).statusCode, 404);

    const kids = await post(
      '/reservations/multi-room',
      { ...body, guests: [{ first_name: 'Cy', last_name: 'Lee', age: 9 }] },
      bearer(token),
    );
    assert.equal(kids.statusCode, 422, kids.body);
    assert.ok(kids.json().errors.guests);
  });
});
