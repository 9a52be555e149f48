// The seams between operations through the real Stripe adapter and the Stripe-speaking test
// server (which enforces Stripe's idempotency rule: the same key with other parameters is a 400
// idempotency_error): a guest retrying after a lost answer, a change of the booking superseding
// its Stripe checkout, and a payment Stripe took although the expiry did not reach it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/helpers/test-app.ts';
import { createStripeTestApp, postSessionCompleted, type StripeTestApp } from '../../../test/helpers/stripe-app.ts';
import type { FakeStripe } from '../../../test/fakes/stripe-server.ts';
import { bearer, createUser } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { bookAsNewGuest, processPayment } from '../../../test/helpers/booking-flow.ts';
import { payments, refunds } from '../../db/schema/index.ts';
import { reservationById } from '../reservations/reservations.test-support.ts';
import { executeRefunds } from './execute-refunds.ts';

const SESSIONS = '/v1/checkout/sessions';

describe('Stripe at the seams: retries, superseded checkouts', () => {
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

  const day = (n: number) => new Date(t.clock.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const book = async (from: number, nights: number) => {
    const propertyId = (await createProperty(t.deps, ownerId)).id;
    return bookAsNewGuest(t, { propertyId, checkin: day(from), checkout: day(from + nights) });
  };
  const processFor = (id: number, tok: string) => processPayment(t, { reservationId: id, tok });
  const webhook = (sessionId: string) => postSessionCompleted(app, sessionId);
  const creates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === SESSIONS);

  it('a lost answer, then the guest retries seconds later: the same key with the same parameters, one session', async () => {
    const b = await book(40, 3);
    const before = creates().length;
    // Stripe makes the session, the answer is lost, and the SDK's two retries fail before Stripe.
    stripe.loseNextAnswer(SESSIONS);
    stripe.failNext(SESSIONS, 503, 2);
    const lost = await processFor(b.id, b.tok);
    assert.equal(lost.statusCode, 503, lost.body);
    t.clock.advance(5_000);
    const retried = await processFor(b.id, b.tok);
    assert.equal(
      retried.statusCode,
      200,
      `the retry must replay the first session, not trip Stripe's idempotency rule: ${retried.body}`,
    );
    const sent = creates().slice(before);
    assert.equal(new Set(sent.map((r) => r.idempotencyKey)).size, 1, 'one key');
    assert.equal(new Set(sent.map((r) => JSON.stringify(r.params))).size, 1, 'the same parameters under it');
    const made = [...stripe.sessions.values()].filter(
      (s) => s.client_reference_id === String(retried.json().data.payment.id),
    );
    assert.equal(made.length, 1);
    assert.equal(retried.json().data.payment.payment_details.id, made[0]!.id);
  });

  it('a change supersedes the Stripe checkout (expired at Stripe); a payment Stripe took anyway is refunded in full, once', async () => {
    const b = await book(50, 2);
    const first = (await processFor(b.id, b.tok)).json().data.payment;
    const extended = await t.app.inject({
      method: 'PUT',
      url: `/api/reservations/${b.id}`,
      headers: bearer(b.tok),
      payload: { checkout_date: day(53) },
    });
    assert.equal(extended.statusCode, 200, extended.body);
    assert.equal(
      stripe.sessions.get(first.payment_details.id)!.status,
      'expired',
      'expired at Stripe after the change',
    );

    const second = (await processFor(b.id, b.tok)).json().data.payment;
    assert.notEqual(second.payment_details.id, first.payment_details.id);
    // Stripe is unreachable for the next expiry (all three of the SDK's attempts).
    stripe.failNext(`${SESSIONS}/${second.payment_details.id}/expire`, 503, 3);
    const shortened = await t.app.inject({
      method: 'PUT',
      url: `/api/reservations/${b.id}`,
      headers: bearer(b.tok),
      payload: { checkout_date: day(52) },
    });
    assert.equal(shortened.statusCode, 200, shortened.body);
    assert.equal(stripe.sessions.get(second.payment_details.id)!.status, 'open');
    stripe.completeSession(second.payment_details.id);
    for (let i = 0; i < 2; i++) assert.equal((await webhook(second.payment_details.id)).statusCode, 200);

    const r = await reservationById(t.deps, b.id);
    assert.equal(r.status, 'pending', 'a superseded payment never confirms');
    assert.equal(r.paidMinor - r.refundRequestedMinor, 0);
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.sessionId, second.payment_details.id));
    const pinned = await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, row!.id));
    assert.deepEqual(
      pinned.map((f) => [f.amountMinor, f.reason]),
      [[row!.amountMinor, 'superseded']],
    );
    assert.deepEqual(await executeRefunds(t.deps), { succeeded: 1, failed: 0 });
    const intent = stripe.paymentIntents.get(stripe.sessions.get(second.payment_details.id)!.payment_intent as string)!;
    assert.equal(intent.amount_refunded, row!.amountMinor);

    const third = (await processFor(b.id, b.tok)).json().data.payment;
    assert.equal(Math.round(Number(third.amount) * 100), r.totalMinor);
    stripe.completeSession(third.payment_details.id);
    assert.equal((await webhook(third.payment_details.id)).statusCode, 200);
    assert.equal((await reservationById(t.deps, b.id)).status, 'confirmed');
  });

  it('a change while Stripe is answering: the new session is expired and the guest gets 409, then opens the current checkout', async () => {
    const b = await book(60, 2);
    stripe.setLatency(400);
    const [opened, changed] = await Promise.all([
      processFor(b.id, b.tok),
      new Promise((resolve) => setTimeout(resolve, 150)).then(() =>
        t.app.inject({
          method: 'PUT',
          url: `/api/reservations/${b.id}`,
          headers: bearer(b.tok),
          payload: { checkout_date: day(63) },
        }),
      ),
    ]);
    stripe.setLatency(0);
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal(opened.statusCode, 409, opened.body);
    const rows = await t.deps.db.select().from(payments).where(eq(payments.reservationId, b.id));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.status, 'expired');
    assert.equal(
      stripe.sessions.get(rows[0]!.sessionId!)!.status,
      'expired',
      'recorded on its request and expired at Stripe',
    );
    const again = await processFor(b.id, b.tok);
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(
      Math.round(Number(again.json().data.payment.amount) * 100),
      (await reservationById(t.deps, b.id)).totalMinor,
    );
  });
});
