// The whole payment flow with PAYMENT_PROCESSOR=stripe: the real Stripe adapter (official SDK)
// against the local fake Stripe (test/fakes/stripe-server.ts) — checkout, webhook, verify,
// cancellation refund and the processor being down. The fake keeps the app's ManualClock,
// which starts at the real now.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/helpers/test-app.ts';
import { createStripeTestApp, type StripeTestApp } from '../../../test/helpers/stripe-app.ts';
import type { FakeStripe } from '../../../test/fakes/stripe-server.ts';
import { bearer, createUser } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { bookAsNewGuest, openCheckout, processPayment } from '../../../test/helpers/booking-flow.ts';
import { payments, refunds } from '../../db/schema/index.ts';
import { StripePaymentProcessor } from '../../adapters/stripe/stripe-payment-processor.ts';
import { eventsFor, reservationById } from '../reservations/reservations.test-support.ts';
import { executeRefunds } from './execute-refunds.ts';

const SESSIONS = '/v1/checkout/sessions';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('payments through Stripe (real adapter, fake Stripe server)', () => {
  let app: StripeTestApp;
  let stripe: FakeStripe;
  let t: TestApp;
  let ownerId: number;
  before(async () => {
    app = await createStripeTestApp();
    ({ t, stripe } = app);
    ownerId = (await createUser(t.deps, { role: 'owner' })).id;
  });
  after(() => app?.close());

  const book = async (from: number) => {
    const propertyId = (await createProperty(t.deps, ownerId)).id;
    return bookAsNewGuest(t, { propertyId, checkin: day(from), checkout: day(from + 3) });
  };
  const processFor = (id: number, tok: string) => processPayment(t, { reservationId: id, tok });
  const open = (id: number, tok: string) => openCheckout(t, { reservationId: id, tok });
  const verify = (sessionId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/subscription-payment/verify?session_id=${encodeURIComponent(sessionId)}`,
    });
  // Signed at the app clock's time, so the 300 s tolerance holds whatever the clock says.
  const webhook = (event: object, secret?: string) => {
    const hook = stripe.signedWebhook(event, {
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
      ...(secret ? { secret } : {}),
    });
    return t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: hook.headers, payload: hook.body });
  };
  const sessionsFor = (paymentId: number) =>
    [...stripe.sessions.values()].filter((s) => s.client_reference_id === String(paymentId));
  const paymentRows = (reservationId: number) =>
    t.deps.db.select().from(payments).where(eq(payments.reservationId, reservationId));

  let paid: { id: number; tok: string; intent: string; total: number };

  it('wires the Stripe adapter with the app clock', () => {
    assert.ok(t.deps.payments instanceof StripePaymentProcessor);
    assert.equal((t.deps.payments as unknown as { clock: unknown }).clock, t.clock);
  });

  it('process opens a Stripe Checkout Session; a repeat returns the same one', async () => {
    const b = await book(60);
    const total = (await reservationById(t.deps, b.id)).totalMinor;
    const p = await open(b.id, b.tok);
    assert.equal(p.status, 'pending');
    assert.equal(p.currency, 'EUR');
    assert.equal(p.amount, (total / 100).toFixed(2));
    assert.equal(p.payment_flow, 'hosted_checkout');
    const s = p.payment_details;
    assert.equal(s.object, 'checkout.session');
    assert.match(s.id, /^cs_test_/);
    assert.equal(p.transaction_id, s.id);
    assert.equal(s.amount_total, total);
    assert.equal(s.currency, 'eur');
    assert.equal(s.payment_status, 'unpaid');
    assert.equal(s.status, 'open');
    assert.equal(s.url, `${stripe.apiBase}/c/pay/${s.id}`);
    // Hold is 30 min; Stripe's minimum is 30 min after creation, so the adapter sends now + 32 min.
    assert.equal(s.expires_at, Math.floor(t.clock.now().getTime() / 1000) + 32 * 60);

    const sent = stripe.requests.filter((r) => r.method === 'POST' && r.path === SESSIONS);
    assert.equal(sent.length, 1);
    const params = sent[0]!.params as Record<string, any>;
    assert.equal(params.line_items[0].price_data.currency, 'eur');
    assert.equal(params.line_items[0].price_data.unit_amount, String(total));
    assert.equal(params.client_reference_id, String(p.id));
    assert.deepEqual(params.metadata, {
      payment_id: String(p.id),
      reservation_id: String(b.id),
      booking_ref_code: (await reservationById(t.deps, b.id)).bookingRefCode,
      type: 'reservation',
      reservation_version: '0',
    });
    assert.deepEqual(params.payment_intent_data.metadata, params.metadata);
    assert.equal(params.success_url, 'http://app.test/payments/success?session_id={CHECKOUT_SESSION_ID}');
    assert.equal(params.customer_email, b.user.email);
    assert.match(sent[0]!.idempotencyKey ?? '', new RegExp(`^checkout-${p.id}-\\d+-[\\w-]+$`));

    const again = await open(b.id, b.tok);
    assert.equal(again.id, p.id);
    assert.equal(again.payment_details.id, s.id);
    assert.equal(sessionsFor(p.id).length, 1);
    assert.equal(stripe.requests.filter((r) => r.method === 'POST' && r.path === SESSIONS).length, 1);

    // The guest pays on Stripe; Stripe posts checkout.session.completed.
    const done = stripe.completeSession(s.id, { email: b.user.email, name: 'Guest' });
    const intent = done.payment_intent as string;
    assert.match(intent, /^pi_/);
    const bad = await webhook(stripe.sessionEvent('checkout.session.completed', s.id), 'whsec_not_ours');
    assert.equal(bad.statusCode, 400, bad.body);
    assert.equal((await reservationById(t.deps, b.id)).status, 'pending');
    const hook = await webhook(stripe.sessionEvent('checkout.session.completed', s.id));
    assert.equal(hook.statusCode, 200, hook.body);
    assert.deepEqual(hook.json().data, { received: true, handled: true, type: 'checkout.session.completed' });

    const r = await reservationById(t.deps, b.id);
    assert.equal(r.status, 'confirmed');
    assert.equal(r.paidMinor, total);
    const [row] = await paymentRows(b.id);
    assert.equal(row!.status, 'paid');
    assert.equal(row!.processorPaymentId, intent);
    assert.equal((await eventsFor(t.deps, 'reservation.confirmed', b.id)).length, 1);

    const shown = await verify(s.id);
    assert.equal(shown.statusCode, 200, shown.body);
    assert.equal(shown.json().data.outcome, 'already_paid');
    assert.equal(shown.json().data.payment.payment_details.payment_status, 'paid');
    assert.equal(shown.json().data.payment.payment_details.payment_intent, intent);
    // A replayed delivery changes nothing.
    assert.equal((await webhook(stripe.sessionEvent('checkout.session.completed', s.id))).statusCode, 200);
    assert.equal((await eventsFor(t.deps, 'reservation.confirmed', b.id)).length, 1);
    paid = { id: b.id, tok: b.tok, intent, total };
  });

  it('verify first (no webhook) confirms the stay', async () => {
    const b = await book(70);
    const p = await open(b.id, b.tok);
    assert.equal((await verify(p.payment_details.id)).json().data.outcome, 'unpaid');
    stripe.completeSession(p.payment_details.id);
    const res = await verify(p.payment_details.id);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.outcome, 'confirmed');
    assert.equal((await reservationById(t.deps, b.id)).status, 'confirmed');
    const [row] = await paymentRows(b.id);
    assert.equal(row!.status, 'paid');
    assert.equal(row!.processorPaymentId, stripe.sessions.get(p.payment_details.id)!.payment_intent);
  });

  it('a cancellation refund reaches Stripe exactly once', async () => {
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${paid.id}/cancel`,
      headers: bearer(paid.tok),
      payload: {},
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json().data.refund_amount, paid.total / 100);
    assert.equal(stripe.refunds.size, 0);
    assert.deepEqual(await executeRefunds(t.deps), { succeeded: 1, failed: 0 });
    const made = [...stripe.refunds.values()];
    assert.equal(made.length, 1);
    assert.equal(made[0]!.payment_intent, paid.intent);
    assert.equal(made[0]!.amount, paid.total);
    assert.equal(made[0]!.status, 'succeeded');
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.reservationId, paid.id));
    const [row] = await paymentRows(paid.id);
    const calls = stripe.requests.filter((r) => r.path === '/v1/refunds');
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.idempotencyKey, `refund-${refund!.id}-${row!.id}`);
    assert.equal(stripe.paymentIntents.get(paid.intent)!.amount_refunded, paid.total);

    assert.deepEqual(await executeRefunds(t.deps), { succeeded: 0, failed: 0 });
    assert.equal(stripe.refunds.size, 1);
    assert.equal(stripe.requests.filter((r) => r.path === '/v1/refunds').length, 1);
    assert.equal(refund!.status, 'succeeded');
    assert.equal(refund!.processorRefundId, made[0]!.id);
    assert.deepEqual([row!.status, row!.refundedMinor], ['refunded', paid.total]);
    assert.equal((await eventsFor(t.deps, 'refund.succeeded', paid.id)).length, 1);
  });

  it('Stripe down: 503 with Retry-After and no internals; a retry afterwards opens one session', async () => {
    const b = await book(80);
    const before = stripe.requests.filter((r) => r.path === SESSIONS).length;
    // The SDK makes 1 + maxNetworkRetries (2) attempts, all with the same idempotency key.
    stripe.failNext(SESSIONS, 500, 3);
    const down = await processFor(b.id, b.tok);
    assert.equal(down.statusCode, 503, down.body);
    assert.equal(down.headers['retry-after'], '30');
    assert.deepEqual(down.json(), {
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The payment processor is unavailable; try again shortly',
    });
    assert.doesNotMatch(down.body, /stack|Stripe|api_error|\bat \S+:\d+/);
    const attempts = stripe.requests.filter((r) => r.path === SESSIONS).slice(before);
    assert.equal(attempts.length, 3);
    assert.equal(new Set(attempts.map((a) => a.idempotencyKey)).size, 1);

    const p = await open(b.id, b.tok);
    assert.equal(p.payment_details.object, 'checkout.session');
    assert.equal(sessionsFor(p.id).length, 1);
    assert.equal((await paymentRows(b.id)).length, 1);
    stripe.completeSession(p.payment_details.id);
    assert.equal(
      (await webhook(stripe.sessionEvent('checkout.session.completed', p.payment_details.id))).statusCode,
      200,
    );
    assert.equal((await reservationById(t.deps, b.id)).status, 'confirmed');
  });
});
