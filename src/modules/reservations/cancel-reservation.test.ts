import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { payments, refunds } from '../../db/schema/index.ts';
import { bookedTotal, eventsFor, markPaid, reservationById } from './reservations.test-support.ts';

// Europe/Paris listings at 120.00 EUR a night, cleaning 30.00, tax 10 %, check-in 15:00:
// "now" is 2030-03-10 13:00 in Paris (UTC+1 until 2030-03-31).
const START = new Date('2030-03-10T12:00:00Z');

describe('reservation cancellation (POST /reservations/{id}/cancel)', () => {
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
  const cancel = (id: number, tok: string | null, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/reservations/${id}/cancel`, payload, headers: tok ? bearer(tok) : {} });
  /** A paid 3-night stay (429.00) on a listing with the given policies. */
  const paidStay = async (policy: string[], checkin: string, checkout: string) => {
    const p = await createProperty(t.deps, ownerId, { cancellationPolicy: policy });
    const user = await createUser(t.deps);
    const tok = await loginAs(t.app, user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: bearer(tok),
      payload: { property_id: p.id, checkin_date: checkin, checkout_date: checkout, guests: { adults: 2 } },
    });
    assert.equal(res.statusCode, 201, res.body);
    const id = res.json().data.id as number;
    await markPaid(t.deps, id);
    return { id, tok, user, propertyId: p.id };
  };
  const refundRows = (id: number) => t.deps.db.select().from(refunds).where(eq(refunds.reservationId, id));

  it('a guest cancelling an unpaid booking frees the nights, refunds nothing and closes its open checkout', async () => {
    const p = await createProperty(t.deps, ownerId);
    const tok = await guest();
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: bearer(tok),
      payload: { property_id: p.id, checkin_date: '2030-04-01', checkout_date: '2030-04-04', guests: { adults: 1 } },
    });
    const id = booked.json().data.id as number;
    await t.deps.db
      .insert(payments)
      .values({ reservationId: id, type: 'reservation', amountMinor: 42900, currency: 'EUR' });
    assert.equal(await bookedTotal(t.deps, p.id), 3);

    const res = await cancel(id, tok, { reason: '  Plans changed  ' });
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json().data;
    assert.equal(d.status, 'cancelled');
    assert.equal(d.refund_initiated, false);
    assert.equal(d.refund_amount, 0);
    assert.equal(d.price_details.total, 429);
    assert.equal(await bookedTotal(t.deps, p.id), 0);
    const row = await reservationById(t.deps, id);
    assert.equal(row.cancelReason, 'Plans changed');
    assert.equal(row.holdExpiresAt, null);
    assert.deepEqual(
      (await t.deps.db.select().from(payments).where(eq(payments.reservationId, id))).map((x) => x.status),
      ['expired'],
    );
    assert.equal((await refundRows(id)).length, 0);
    const [event] = await eventsFor(t.deps, 'reservation.cancelled', id);
    assert.equal((event!.payload as { cancelled_by_role: string }).cancelled_by_role, 'guest');

    // A second cancel is refused and requests nothing more.
    const again = await cancel(id, tok);
    assert.equal(again.statusCode, 409, again.body);
    assert.equal((await eventsFor(t.deps, 'reservation.cancelled', id)).length, 1);
    // The freed nights can be booked again.
    const rebook = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: bearer(await guest()),
      payload: { property_id: p.id, checkin_date: '2030-04-01', checkout_date: '2030-04-04', guests: { adults: 1 } },
    });
    assert.equal(rebook.statusCode, 201, rebook.body);
  });

  it('refunds a guest by the policy kept at booking, in the listing time zone', async () => {
    // flexible, check-in 3 weeks away: everything back.
    const flexible = await paidStay(['flexible'], '2030-04-01', '2030-04-04');
    // moderate, check-in in 4 days: nothing back.
    const moderate = await paidStay(['moderate'], '2030-03-14', '2030-03-17');
    // strict, check-in in 10 days (< 14 days, so no 48 h grace) and > 7 days away: half back.
    const strict = await paidStay(['strict'], '2030-03-20', '2030-03-23');
    // The owner later making the policy generous does not change what was promised.
    const changed = await paidStay(['moderate'], '2030-03-13', '2030-03-16');
    await t.deps.db.execute(
      `UPDATE properties SET cancellation_policy = '["flexible"]' WHERE id = ${changed.propertyId}`,
    );

    const expected: Array<[typeof flexible, number]> = [
      [flexible, 429],
      [moderate, 0],
      [strict, 214.5],
      [changed, 0],
    ];
    for (const [stay, amount] of expected) {
      const res = await cancel(stay.id, stay.tok);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.refund_amount, amount);
      assert.equal(res.json().data.refund_initiated, amount > 0);
      const rows = await refundRows(stay.id);
      assert.deepEqual(
        rows.map((r) => [r.amountMinor, r.reason, r.status]),
        amount > 0 ? [[Math.round(amount * 100), 'cancellation', 'pending']] : [],
      );
      assert.equal((await eventsFor(t.deps, 'refund.requested', stay.id)).length, amount > 0 ? 1 : 0);
    }
    // The read form keeps showing the refund.
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/reservations/${strict.id}`,
      headers: bearer(strict.tok),
    });
    assert.equal(shown.json().data.refund_amount, 214.5);
  });

  it('flexible: the full refund ends exactly 24 h before the check-in instant (15:00 Paris summer time)', async () => {
    const onTime = await paidStay(['flexible'], '2030-04-10', '2030-04-12');
    const late = await paidStay(['flexible'], '2030-04-10', '2030-04-12');
    // 2030-04-09 15:00 in Paris (UTC+2) = 13:00Z. Tokens are issued again after the clock moves.
    t.clock.set(new Date('2030-04-09T13:00:00Z'));
    assert.equal((await cancel(onTime.id, await loginAs(t.app, onTime.user))).json().data.refund_amount, 297);
    t.clock.set(new Date('2030-04-09T13:00:01Z'));
    assert.equal((await cancel(late.id, await loginAs(t.app, late.user))).json().data.refund_amount, 0);
    t.clock.set(START);
  });

  it('an owner or an admin cancelling refunds in full; support follows the policy; anyone else 404, no token 401', async () => {
    const byOwner = await paidStay(['moderate'], '2030-03-14', '2030-03-17');
    const byAdmin = await paidStay(['moderate'], '2030-03-14', '2030-03-17');
    const bySupport = await paidStay(['moderate'], '2030-03-14', '2030-03-17');
    const stranger = await guest();
    const otherOwner = await loginAs(t.app, await createUser(t.deps, { role: 'owner' }));
    assert.equal((await cancel(byOwner.id, stranger)).statusCode, 404);
    assert.equal((await cancel(byOwner.id, otherOwner)).statusCode, 404);
    assert.equal((await cancel(byOwner.id, null)).statusCode, 401);
    assert.equal((await cancel(99_999_999, adminToken)).statusCode, 404);
    assert.equal((await reservationById(t.deps, byOwner.id)).status, 'confirmed');

    assert.equal((await cancel(byOwner.id, ownerToken)).json().data.refund_amount, 429);
    assert.equal((await cancel(byAdmin.id, adminToken)).json().data.refund_amount, 429);
    assert.equal((await cancel(bySupport.id, supportToken)).json().data.refund_amount, 0);
    for (const s of [byOwner, byAdmin, bySupport]) assert.equal(await bookedTotal(t.deps, s.propertyId), 0);
  });

  it('refunds only what the platform still holds after earlier refunds, and nothing for a completed stay', async () => {
    const stay = await paidStay(['flexible'], '2030-05-01', '2030-05-04');
    // Shortened by a night first: 132.00 of the 429.00 paid is already being refunded.
    const shorter = await t.app.inject({
      method: 'PUT',
      url: `/api/reservations/${stay.id}`,
      headers: bearer(stay.tok),
      payload: { checkout_date: '2030-05-03' },
    });
    assert.equal(shorter.json().data.refund_amount, 132);
    const res = await cancel(stay.id, ownerToken);
    assert.equal(res.json().data.refund_amount, 297);
    assert.deepEqual(
      (await refundRows(stay.id)).map((r) => r.amountMinor).sort((a, b) => a - b),
      [13200, 29700],
    );

    const done = await paidStay(['flexible'], '2030-06-01', '2030-06-03');
    await t.deps.db.execute(`UPDATE reservations SET status = 'completed' WHERE id = ${done.id}`);
    assert.equal((await cancel(done.id, adminToken)).statusCode, 409);
    assert.equal((await cancel(done.id, adminToken, { reason: 'x'.repeat(1001) })).statusCode, 422);
  });
});
