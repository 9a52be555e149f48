// Issue 49, item 4: delayed payment methods through the real Stripe adapter and the Stripe-speaking
// test server, in Stripe's documented order (docs.stripe.com/checkout/fulfillment, "Immediate
// versus delayed payment methods"): checkout.session.completed with payment_status unpaid, then
// checkout.session.async_payment_succeeded or _failed, possibly long after the hold.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createStripeTestApp, type StripeTestApp } from '../../../test/helpers/stripe-app.ts';
import { middayToday, type TestApp } from '../../../test/helpers/test-app.ts';
import type { FakeStripe } from '../../../test/fakes/stripe-server.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { bookAs, bookAsNewGuest, openCheckout } from '../../../test/helpers/booking-flow.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { payments, refunds } from '../../db/schema/index.ts';
import { notificationsOf, settleOutbox } from '../notifications/notifications.test-support.ts';
import { expireHolds } from '../reservations/expire-holds.ts';
import { bookedTotal, reservationById } from '../reservations/reservations.test-support.ts';

const HOLD_MS = 1800 * 1000;
const DAY_MS = 86_400_000;

describe('delayed payment methods (issue 49)', () => {
  let app: StripeTestApp;
  let stripe: FakeStripe;
  let t: TestApp;
  let ownerId: number;
  before(async () => {
    // Days pass: tokens must outlive them.
    // The cases move the clock by hours: from midday it crosses no midnight, so day() stays put.
    app = await createStripeTestApp({
      start: middayToday(),
      env: { ACCESS_TOKEN_TTL: '36500d', SESSION_TTL: '36500d' },
    });
    ({ t, stripe } = app);
    ownerId = (await createUser(t.deps, { role: 'owner' })).id;
  });
  after(() => app?.close());

  const day = (n: number) => new Date(t.clock.now().getTime() + n * DAY_MS).toISOString().slice(0, 10);
  const send = (type: string, sessionId: string) => {
    const hook = stripe.signedWebhook(stripe.sessionEvent(type, sessionId), {
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
    });
    return t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: hook.headers, payload: hook.body });
  };
  const open = (id: number, tok: string, type = 'reservation') =>
    openCheckout(t, { reservationId: id, tok, type, method: 'sepa_debit' });
  /** A booking whose guest submits a SEPA debit: the session completes unpaid. */
  const debitSubmitted = async (from: number, nights: number) => {
    const p = await createProperty(t.deps, ownerId);
    const checkin = day(from);
    const checkout = day(from + nights);
    const { id, tok, user } = await bookAsNewGuest(t, { propertyId: p.id, checkin, checkout });
    const pay = await open(id, tok);
    stripe.completeSession(pay.payment_details.id, {}, { method: 'sepa_debit' });
    const hook = await send('checkout.session.completed', pay.payment_details.id);
    assert.equal(hook.statusCode, 200, hook.body);
    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/subscription-payment/verify?session_id=${pay.payment_details.id}`,
    });
    assert.deepEqual(
      [verify.json().data.outcome, verify.json().data.payment.status, verify.json().data.reservation.status],
      ['unpaid', 'pending', 'pending'],
      'completed but unpaid: nothing counted, the booking pending',
    );
    return {
      id,
      tok,
      guestId: user.id,
      propertyId: p.id,
      sid: pay.payment_details.id,
      paymentId: pay.id,
      checkin,
      checkout,
    };
  };

  it('succeeded within the hold: the booking is confirmed once', async () => {
    const b = await debitSubmitted(20, 2);
    t.clock.advance(HOLD_MS / 2);
    const event = stripe.settleDelayedPayment(b.sid, 'succeeded');
    assert.equal(event, 'checkout.session.async_payment_succeeded');
    for (let i = 0; i < 2; i++) assert.equal((await send(event, b.sid)).statusCode, 200);
    const r = await reservationById(t.deps, b.id);
    assert.deepEqual([r.status, r.paidMinor], ['confirmed', r.totalMinor]);
  });

  it('succeeded days after the hold lapsed and the nights were sold: refunded in full as late', async () => {
    const b = await debitSubmitted(40, 2);
    t.clock.advance(HOLD_MS + 1000);
    await expireHolds(t.deps);
    assert.equal((await reservationById(t.deps, b.id)).status, 'expired');
    const other = await loginAs(t.app, await createUser(t.deps));
    assert.equal((await bookAs(t, other, b)).statusCode, 201);
    t.clock.advance(3 * DAY_MS);
    const event = stripe.settleDelayedPayment(b.sid, 'succeeded');
    assert.equal((await send(event, b.sid)).statusCode, 200);
    const r = await reservationById(t.deps, b.id);
    assert.deepEqual([r.status, r.paidMinor - r.refundRequestedMinor], ['expired', 0]);
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, b.paymentId));
    assert.equal(row!.status, 'refund_pending');
    const pinned = await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, b.paymentId));
    assert.deepEqual(
      pinned.map((f) => [f.reason, f.amountMinor]),
      [['late_payment', row!.amountMinor]],
    );
  });

  it('succeeded after the hold lapsed while the nights are still free: confirmed', async () => {
    const b = await debitSubmitted(60, 2);
    t.clock.advance(HOLD_MS + 1000);
    await expireHolds(t.deps);
    t.clock.advance(2 * DAY_MS);
    assert.equal((await send(stripe.settleDelayedPayment(b.sid, 'succeeded'), b.sid)).statusCode, 200);
    const r = await reservationById(t.deps, b.id);
    assert.equal(r.status, 'confirmed');
    assert.equal(await bookedTotal(t.deps, b.propertyId), 2);
  });

  it('failed: the payment fails, the guest is told, the nights are released at once', async () => {
    const b = await debitSubmitted(80, 3);
    assert.equal(await bookedTotal(t.deps, b.propertyId), 3);
    t.clock.advance(HOLD_MS / 3);
    const event = stripe.settleDelayedPayment(b.sid, 'failed');
    assert.equal(event, 'checkout.session.async_payment_failed');
    for (let i = 0; i < 2; i++) assert.equal((await send(event, b.sid)).statusCode, 200);
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, b.paymentId));
    assert.equal(row!.status, 'failed');
    const r = await reservationById(t.deps, b.id);
    assert.deepEqual([r.status, r.paidMinor], ['expired', 0]);
    assert.equal(await bookedTotal(t.deps, b.propertyId), 0, 'released before the hold would have lapsed');
    await settleOutbox(t.deps);
    assert.ok((await notificationsOf(t.deps, b.guestId)).some((n) => n.title === 'Payment failed'));
    const other = await loginAs(t.app, await createUser(t.deps));
    assert.equal((await bookAs(t, other, b)).statusCode, 201, 'the nights sell again');
  });

  it('an extension paid by a debit that fails: the change is reverted at once', async () => {
    const b = await debitSubmitted(100, 2);
    assert.equal((await send(stripe.settleDelayedPayment(b.sid, 'succeeded'), b.sid)).statusCode, 200);
    const paid = await reservationById(t.deps, b.id);
    assert.equal(paid.status, 'confirmed');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/reservations/${b.id}`,
      headers: bearer(b.tok),
      payload: { checkout_date: day(106) },
    });
    assert.equal(put.statusCode, 200, put.body);
    const add = await open(b.id, b.tok, 'additional');
    stripe.completeSession(add.payment_details.id, {}, { method: 'sepa_debit' });
    assert.equal((await send('checkout.session.completed', add.payment_details.id)).statusCode, 200);
    assert.equal(
      (await send(stripe.settleDelayedPayment(add.payment_details.id, 'failed'), add.payment_details.id)).statusCode,
      200,
    );
    const r = await reservationById(t.deps, b.id);
    assert.deepEqual(
      [r.status, r.checkoutDate, r.totalMinor, r.paidStay],
      ['confirmed', paid.checkoutDate, paid.totalMinor, null],
    );
    assert.equal(await bookedTotal(t.deps, b.propertyId), 2);
  });
});
