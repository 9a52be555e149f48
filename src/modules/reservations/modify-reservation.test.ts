import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { countRows, createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { payments, refunds } from '../../db/schema/index.ts';
import { bookedTotal, eventsFor, inventoryDrift, markPaid, reservationById } from './reservations.test-support.ts';
import { inventoryRepository } from './inventory.repository.ts';

// Europe/Paris listings at 120.00 EUR a night, cleaning 30.00, tax 10 %: "today" there is 2030-03-10.
const START = new Date('2030-03-10T12:00:00Z');

describe('reservation modification (PUT /reservations/{id})', () => {
  let t: TestApp;
  let ownerId: number;
  let ownerToken: string;
  let adminToken: string;
  let supportToken: string;
  before(async () => {
    t = await createTestApp({ start: START });
    const owner = await createUser(t.deps, { role: 'owner' });
    ownerId = owner.id;
    ownerToken = await loginAs(t.app, owner);
    adminToken = await loginAs(t.app, await createUser(t.deps, { role: 'admin' }));
    supportToken = await loginAs(t.app, await createUser(t.deps, { role: 'support' }));
  });
  after(() => t.close());

  const guest = async () => loginAs(t.app, await createUser(t.deps));
  const put = (id: number, payload: object, tok: string) =>
    t.app.inject({ method: 'PUT', url: `/api/reservations/${id}`, payload, headers: bearer(tok) });
  const previewTotal = async (payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reservations/preview', payload });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.total as number;
  };
  const book = async (payload: Record<string, unknown>, tok: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { guests: { adults: 2, children: 0 }, ...payload },
      headers: bearer(tok),
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().data.id as number;
  };
  const nights = (propertyId: number, roomTypeId = 0) =>
    inventoryRepository(t.deps.db).bookedByNight(propertyId, roomTypeId, '2030-01-01', '2031-01-01');

  it('moves a pending booking to new dates at the preview price, nights moved, the old checkout no longer payable', async () => {
    const p = await createProperty(t.deps, ownerId);
    const tok = await guest();
    const id = await book({ property_id: p.id, checkin_date: '2030-04-01', checkout_date: '2030-04-04' }, tok);
    const [open] = await t.deps.db
      .insert(payments)
      .values({ reservationId: id, type: 'reservation', amountMinor: 42900, currency: 'EUR' })
      .returning();
    const expected = await previewTotal({
      property_id: p.id,
      checkin_date: '2030-04-10',
      checkout_date: '2030-04-15',
      guests: { adults: 2, children: 0 },
    });

    const res = await put(id, { checkin_date: '2030-04-10', checkout_date: '2030-04-15' }, tok);
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json().data;
    assert.deepEqual(Object.keys(d).sort(), [
      'booking_ref_code',
      'checkin_date',
      'checkout_date',
      'id',
      'needs_additional_payment',
      'pricing',
      'refund_amount',
      'refund_initiated',
      'status',
    ]);
    assert.equal(d.status, 'pending');
    assert.equal(d.checkin_date, '2030-04-10');
    assert.deepEqual(d.pricing, {
      old_total: 429,
      new_total: expected,
      paid_amount: 0,
      additional_due: 0,
      refund_due: 0,
      price_difference: expected - 429,
    });
    assert.equal(expected, 693);
    assert.equal(d.needs_additional_payment, false);
    assert.equal(d.refund_initiated, false);

    const row = await reservationById(t.deps, id);
    assert.equal(row.totalMinor, 69300);
    assert.deepEqual(
      [...(await nights(p.id)).entries()].filter(([, n]) => n > 0).map(([night]) => night),
      ['2030-04-10', '2030-04-11', '2030-04-12', '2030-04-13', '2030-04-14'],
    );
    const [after] = await t.deps.db.select().from(payments).where(eq(payments.id, open!.id));
    assert.equal(after!.status, 'expired');
    assert.equal((await eventsFor(t.deps, 'reservation.modified', id)).length, 1);

    // The read form now carries the modification members.
    const shown = (await t.app.inject({ method: 'GET', url: `/api/reservations/${id}`, headers: bearer(tok) })).json()
      .data;
    assert.equal(shown.price_details.total, 693);
    assert.equal(shown.needs_additional_payment, false);
    assert.equal(shown.pricing.new_total, 693);
  });

  it('a confirmed booking made dearer owes the surplus as one pending additional payment; made cheaper, a refund is requested', async () => {
    const p = await createProperty(t.deps, ownerId);
    const tok = await guest();
    const id = await book({ property_id: p.id, checkin_date: '2030-05-01', checkout_date: '2030-05-04' }, tok);
    await markPaid(t.deps, id);

    const longer = await put(id, { checkout_date: '2030-05-06' }, tok);
    assert.equal(longer.statusCode, 200, longer.body);
    const l = longer.json().data;
    assert.equal(l.status, 'confirmed');
    assert.equal(l.needs_additional_payment, true);
    assert.deepEqual(l.pricing, {
      old_total: 429,
      new_total: 693,
      paid_amount: 429,
      additional_due: 264,
      refund_due: 0,
      price_difference: 264,
    });
    const pending = () =>
      t.deps.db
        .select()
        .from(payments)
        .where(and(eq(payments.reservationId, id), eq(payments.status, 'pending')));
    assert.deepEqual(
      (await pending()).map((x) => [x.type, x.amountMinor, x.taxMinor]),
      [['additional', 26400, 2400]],
    );

    // Longer still, before paying: the earlier request is replaced, never added to.
    assert.equal((await put(id, { checkout_date: '2030-05-07' }, tok)).json().data.pricing.additional_due, 396);
    assert.deepEqual(
      (await pending()).map((x) => x.amountMinor),
      [39600],
    );

    // Shorter than what was paid: the surplus request goes, a refund of the difference is requested.
    const shorter = await put(id, { checkout_date: '2030-05-03' }, tok);
    const s = shorter.json().data;
    assert.equal(s.needs_additional_payment, false);
    assert.equal(s.refund_initiated, true);
    assert.equal(s.refund_amount, 132);
    assert.deepEqual(s.pricing, {
      old_total: 825,
      new_total: 297,
      paid_amount: 429,
      additional_due: 0,
      refund_due: 132,
      price_difference: -528,
    });
    assert.equal((await pending()).length, 0);
    const asked = await t.deps.db.select().from(refunds).where(eq(refunds.reservationId, id));
    assert.deepEqual(
      asked.map((x) => [x.amountMinor, x.reason, x.status]),
      [[13200, 'modification', 'pending']],
    );
    assert.equal((await eventsFor(t.deps, 'refund.requested', id)).length, 1);

    // Back to the original length: what the platform holds is now 297, so 132 is owed again.
    const again = (await put(id, { checkout_date: '2030-05-04' }, tok)).json().data;
    assert.equal(again.pricing.paid_amount, 297);
    assert.equal(again.pricing.additional_due, 132);
    assert.equal(await bookedTotal(t.deps, p.id), 3);
  });

  it('reuses its own nights when the new stay overlaps the old one, and refuses nights another guest holds (409, nothing changed)', async () => {
    const p = await createProperty(t.deps, ownerId);
    const tok = await guest();
    const id = await book({ property_id: p.id, checkin_date: '2030-06-01', checkout_date: '2030-06-04' }, tok);
    await book({ property_id: p.id, checkin_date: '2030-06-06', checkout_date: '2030-06-08' }, await guest());
    const ok = await put(id, { checkin_date: '2030-06-02', checkout_date: '2030-06-06' }, tok);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(await bookedTotal(t.deps, p.id), 6);

    const before = await reservationById(t.deps, id);
    // The relay turns the bookings' events into notifications and their events; let it finish first.
    await t.deps.outbox.idle();
    const counts = await Promise.all(
      ['reservation_rooms', 'outbox_events', 'payments'].map((n) => countRows(t.deps, n)),
    );
    const taken = await put(id, { checkout_date: '2030-06-07' }, tok);
    assert.equal(taken.statusCode, 409, taken.body);
    assert.equal(taken.json().code, 'DATES_UNAVAILABLE');
    assert.deepEqual(await reservationById(t.deps, id), before);
    assert.deepEqual(
      await Promise.all(['reservation_rooms', 'outbox_events', 'payments'].map((n) => countRows(t.deps, n))),
      counts,
    );
    assert.deepEqual(await inventoryDrift(t.deps, p.id), []);
  });

  it('changes rooms and guests of a listing sold by room type, within its units and capacity', async () => {
    const p = await createProperty(t.deps, ownerId);
    const rt = await createRoomType(t.deps, p.id, { price: 9000, countOfRooms: 3, capacity: 2 });
    const tok = await guest();
    const line = (n: number) => [{ room_type_id: rt.roomType.id, rate_plan_id: rt.ratePlan.id, rooms_count: n }];
    const id = await book(
      { property_id: p.id, checkin_date: '2030-07-01', checkout_date: '2030-07-03', rooms: line(1) },
      tok,
    );
    const more = await put(id, { rooms: line(3), guests: { adults: 5, children: 1 } }, tok);
    assert.equal(more.statusCode, 200, more.body);
    assert.equal(await bookedTotal(t.deps, p.id, rt.roomType.id), 6);
    const row = await reservationById(t.deps, id);
    assert.deepEqual([row.adults, row.children], [5, 1]);
    // Dates unchanged, the booked lines kept: only the guests change, within capacity.
    const crowd = await put(id, { guests: { adults: 7 } }, tok);
    assert.equal(crowd.statusCode, 422, crowd.body);
    assert.ok(crowd.json().errors.rooms || crowd.json().errors.guests);
    const tooMany = await put(id, { rooms: line(4) }, tok);
    assert.equal(tooMany.statusCode, 409, tooMany.body);
    assert.equal(await bookedTotal(t.deps, p.id, rt.roomType.id), 6);
    const foreign = await put(
      id,
      { rooms: [{ room_type_id: 999999, rate_plan_id: rt.ratePlan.id, rooms_count: 1 }] },
      tok,
    );
    assert.equal(foreign.statusCode, 422);
    assert.ok(foreign.json().errors['rooms.0.room_type_id']);
  });

  it('checks who asks: guest, owner and admin change; support 403; anyone else 404; no token 401', async () => {
    const p = await createProperty(t.deps, ownerId);
    const tok = await guest();
    const id = await book({ property_id: p.id, checkin_date: '2030-08-01', checkout_date: '2030-08-03' }, tok);
    assert.equal((await put(id, { checkout_date: '2030-08-04' }, ownerToken)).statusCode, 200);
    assert.equal((await put(id, { checkout_date: '2030-08-05' }, adminToken)).statusCode, 200);
    const support = await put(id, { checkout_date: '2030-08-06' }, supportToken);
    assert.equal(support.statusCode, 403, support.body);
    assert.equal((await put(id, { checkout_date: '2030-08-06' }, await guest())).statusCode, 404);
    const otherOwner = await loginAs(t.app, await createUser(t.deps, { role: 'owner' }));
    assert.equal((await put(id, { checkout_date: '2030-08-06' }, otherOwner)).statusCode, 404);
    assert.equal((await put(99_999_999, { checkout_date: '2030-08-06' }, tok)).statusCode, 404);
    assert.equal(
      (await t.app.inject({ method: 'PUT', url: `/api/reservations/${id}`, payload: { checkout_date: '2030-08-06' } }))
        .statusCode,
      401,
    );
    assert.equal((await reservationById(t.deps, id)).checkoutDate, '2030-08-05');
  });

  it('refuses bad input per field and changes that the status or the calendar no longer allow', async () => {
    const p = await createProperty(t.deps, ownerId);
    const user = await createUser(t.deps);
    let tok = await loginAs(t.app, user);
    const id = await book({ property_id: p.id, checkin_date: '2030-09-01', checkout_date: '2030-09-03' }, tok);
    const cases: Array<[object, string]> = [
      [{}, 'body'],
      [{ unknown: 1 }, 'body'],
      [{ checkin_date: '2030-09-05' }, 'checkout_date'],
      [{ checkin_date: '2030-02-30' }, 'checkin_date'],
      [{ checkin_date: 'tomorrow' }, 'checkin_date'],
      [{ checkin_date: '2030-03-01', checkout_date: '2030-03-04' }, 'checkin_date'],
      [{ checkout_date: '2031-09-10' }, 'checkout_date'],
      [{ guests: { adults: 0 } }, 'guests.adults'],
      [{ guests: { adults: 9 } }, 'guests'],
      [{ rooms: [] }, 'rooms'],
    ];
    for (const [body, field] of cases) {
      const res = await put(id, body, tok);
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
      assert.ok(res.json().errors[field], `${JSON.stringify(body)} should name ${field}: ${res.body}`);
    }
    assert.equal((await reservationById(t.deps, id)).checkoutDate, '2030-09-03');

    // A cancelled booking, a lapsed hold and a stay that has begun cannot be changed.
    await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/cancel`, payload: {}, headers: bearer(tok) });
    assert.equal((await put(id, { checkout_date: '2030-09-04' }, tok)).statusCode, 409);
    const lapsed = await book({ property_id: p.id, checkin_date: '2030-10-01', checkout_date: '2030-10-03' }, tok);
    t.clock.advance(31 * 60 * 1000);
    tok = await loginAs(t.app, user);
    assert.equal((await put(lapsed, { checkout_date: '2030-10-04' }, tok)).statusCode, 409);
    const started = await book({ property_id: p.id, checkin_date: '2030-03-11', checkout_date: '2030-03-14' }, tok);
    await markPaid(t.deps, started);
    t.clock.set(new Date('2030-03-11T10:00:00Z'));
    tok = await loginAs(t.app, user);
    const res = await put(started, { checkout_date: '2030-03-15' }, tok);
    assert.equal(res.statusCode, 409, res.body);
    t.clock.set(START);
  });
});
