import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { closedPortUrl } from '../../../test/fakes/google-jwks-server.ts';
import { startStripeServer, type FakeStripe } from '../../../test/fakes/stripe-server.ts';
import {
  ProcessorRejectedError,
  ProcessorUnavailableError,
  WebhookSignatureError,
  type CreateCheckoutInput,
} from '../../ports/payment-processor.ts';
import { createStripeProcessor, StripePaymentProcessor } from './stripe-payment-processor.ts';

let seq = 0;
const key = (what: string) => `${what}-${process.pid}-${++seq}`;

function checkoutInput(over: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput {
  return {
    amountMinor: 45_050,
    currency: 'EUR',
    reference: `pay_${++seq}`,
    metadata: { reservation_id: 'res_42', payment_type: 'reservation' },
    description: 'Sea-view loft, 3 nights',
    customerEmail: 'guest@example.test',
    successUrl: 'https://stays.test/payments/done?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://stays.test/payments/cancelled',
    openedAt: new Date(),
    expiresAt: new Date(Date.now() + 2 * 3600_000),
    ...over,
  };
}

describe('StripePaymentProcessor against a local Stripe', () => {
  let stripe: FakeStripe;
  let processor: StripePaymentProcessor;
  before(async () => {
    stripe = await startStripeServer();
    processor = new StripePaymentProcessor({
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
      apiBase: stripe.apiBase,
      maxNetworkRetries: 1,
    });
  });
  after(() => stripe.close());

  describe('checkout sessions', () => {
    it('creates a session: form-encoded on the wire, our conventions back', async () => {
      const input = checkoutInput();
      const session = await processor.createCheckout(input, key('create'));
      const sent = stripe.requests.at(-1)!;
      assert.equal(sent.path, '/v1/checkout/sessions');
      assert.equal(sent.stripeVersion, '2026-10-28.endive');
      assert.deepEqual(sent.params.line_items, [
        {
          quantity: '1',
          price_data: { currency: 'eur', unit_amount: '45050', product_data: { name: 'Sea-view loft, 3 nights' } },
        },
      ]);
      assert.deepEqual(sent.params.metadata, input.metadata);
      assert.deepEqual(sent.params.payment_intent_data, { metadata: input.metadata });
      assert.equal(sent.params.success_url, input.successUrl, 'the {CHECKOUT_SESSION_ID} template is sent literally');
      assert.equal(sent.params.expires_at, String(Math.floor(input.expiresAt.getTime() / 1000)));

      assert.match(session.id, /^cs_test_/);
      assert.equal(session.status, 'open');
      assert.equal(session.paymentStatus, 'unpaid');
      assert.equal(session.amountTotal, 45_050);
      assert.equal(session.currency, 'EUR');
      assert.equal(session.clientReferenceId, input.reference);
      assert.deepEqual(session.metadata, input.metadata);
      assert.equal(session.paymentId, null, 'no PaymentIntent before the guest pays');
      assert.equal(session.customerDetails, null);
      assert.equal(session.url, `${stripe.apiBase}/c/pay/${session.id}`);
      assert.equal(session.expiresAt.getTime(), Math.floor(input.expiresAt.getTime() / 1000) * 1000);
      assert.equal(session.raw.object, 'checkout.session');
      assert.equal(session.raw.success_url, input.successUrl);
      assert.equal('lastResponse' in session.raw, false);
    });

    it("stretches a hold shorter than Stripe's 30-minute minimum to the minimum", async () => {
      const before = Math.floor(Date.now() / 1000);
      const session = await processor.createCheckout(
        checkoutInput({ expiresAt: new Date(Date.now() + 10 * 60_000) }),
        key('short'),
      );
      const sent = Number(stripe.requests.at(-1)!.params.expires_at);
      assert.ok(sent >= before + 1800 && sent <= before + 1800 + 300, `expires_at ${sent - before}s ahead`);
      assert.equal(session.expiresAt.getTime(), sent * 1000);
    });

    it('the same idempotency key returns the first session and creates nothing more', async () => {
      const input = checkoutInput();
      const k = key('same');
      const count = stripe.sessions.size;
      const first = await processor.createCheckout(input, k);
      const again = await processor.createCheckout(input, k);
      assert.equal(again.id, first.id);
      assert.equal(stripe.sessions.size, count + 1);
      assert.deepEqual(
        stripe.requests.slice(-2).map((r) => r.idempotencyKey),
        [k, k],
      );
    });

    it('the same key with other parameters is refused, not executed', async () => {
      const k = key('reuse');
      await processor.createCheckout(checkoutInput(), k);
      const count = stripe.sessions.size;
      await assert.rejects(
        processor.createCheckout(checkoutInput({ amountMinor: 1 }), k),
        (err: unknown) => err instanceof ProcessorRejectedError && err.code === 'idempotency_error',
      );
      assert.equal(stripe.sessions.size, count);
    });

    it('retrieves by id, and null for an id Stripe does not know', async () => {
      const created = await processor.createCheckout(checkoutInput(), key('get'));
      const got = await processor.retrieveCheckout(created.id);
      assert.deepEqual({ ...got!, raw: null }, { ...created, raw: null });
      assert.equal(await processor.retrieveCheckout('cs_test_unknown'), null);
    });

    it('expires an open session, and shrugs at one already expired or paid', async () => {
      const open = await processor.createCheckout(checkoutInput(), key('exp'));
      await processor.expireCheckout(open.id);
      assert.equal((await processor.retrieveCheckout(open.id))!.status, 'expired');
      await processor.expireCheckout(open.id);

      const paid = await processor.createCheckout(checkoutInput(), key('exp-paid'));
      stripe.completeSession(paid.id, { email: 'ana@example.test', name: 'Ana Lima' });
      await processor.expireCheckout(paid.id);
      assert.equal((await processor.retrieveCheckout(paid.id))!.status, 'complete');

      await assert.rejects(processor.expireCheckout('cs_test_unknown'), ProcessorRejectedError);
    });

    it('a paid session comes back complete with the PaymentIntent and the customer', async () => {
      const created = await processor.createCheckout(checkoutInput(), key('pay'));
      stripe.completeSession(created.id, { email: 'ana@example.test', name: 'Ana Lima' });
      const paid = (await processor.retrieveCheckout(created.id))!;
      assert.equal(paid.status, 'complete');
      assert.equal(paid.paymentStatus, 'paid');
      assert.match(paid.paymentId!, /^pi_/);
      assert.deepEqual(paid.customerDetails, { email: 'ana@example.test', name: 'Ana Lima' });
      assert.deepEqual(stripe.paymentIntents.get(paid.paymentId!)!.metadata, created.metadata);
    });

    it('converts króna: whole ISK for us, two-decimal ISK for Stripe', async () => {
      const session = await processor.createCheckout(
        checkoutInput({ currency: 'ISK', amountMinor: 15_000 }),
        key('isk'),
      );
      const item = (stripe.requests.at(-1)!.params.line_items as Array<{ price_data: { unit_amount: string } }>)[0]!;
      assert.equal(item.price_data.unit_amount, '1500000');
      assert.equal(session.amountTotal, 15_000);
      assert.equal(session.currency, 'ISK');
    });
  });

  describe('refunds and transfers', () => {
    async function paidSession(amountMinor = 45_050) {
      const created = await processor.createCheckout(checkoutInput({ amountMinor }), key('paid'));
      stripe.completeSession(created.id, { email: 'ana@example.test', name: 'Ana' });
      return (await processor.retrieveCheckout(created.id))!;
    }

    it('refunds in part, then the rest; a repeated key refunds once', async () => {
      const paid = await paidSession();
      const k = key('refund');
      const part = await processor.refund(
        { paymentId: paid.paymentId!, amountMinor: 10_000, reason: 'modification' },
        k,
      );
      assert.match(part.id, /^re_/);
      assert.deepEqual(
        { status: part.status, amountMinor: part.amountMinor },
        { status: 'succeeded', amountMinor: 10_000 },
      );
      const sent = stripe.requests.at(-1)!;
      assert.deepEqual(sent.params, {
        payment_intent: paid.paymentId,
        amount: '10000',
        metadata: { reason: 'modification' },
      });
      assert.equal(sent.idempotencyKey, k);

      const replay = await processor.refund(
        { paymentId: paid.paymentId!, amountMinor: 10_000, reason: 'modification' },
        k,
      );
      assert.equal(replay.id, part.id);
      assert.equal(stripe.paymentIntents.get(paid.paymentId!)!.amount_refunded, 10_000);

      const rest = await processor.refund({ paymentId: paid.paymentId!, amountMinor: 35_050 }, key('refund-rest'));
      assert.equal(rest.amountMinor, 35_050);
      await assert.rejects(
        processor.refund({ paymentId: paid.paymentId!, amountMinor: 1 }, key('refund-more')),
        (err: unknown) => err instanceof ProcessorRejectedError && err.code === 'charge_already_refunded',
      );
    });

    it('refuses a refund above what is left, or for an unknown payment', async () => {
      const paid = await paidSession(5_000);
      await assert.rejects(
        processor.refund({ paymentId: paid.paymentId!, amountMinor: 5_001 }, key('too-much')),
        (err: unknown) => err instanceof ProcessorRejectedError && err.code === 'amount_too_large',
      );
      await assert.rejects(
        processor.refund({ paymentId: 'pi_unknown', amountMinor: 1 }, key('unknown')),
        (err: unknown) => err instanceof ProcessorRejectedError && err.code === 'resource_missing',
      );
    });

    it('transfers a payout once per key', async () => {
      const k = key('transfer');
      const input = {
        destination: 'acct_1OwnerAbc',
        amountMinor: 30_000,
        currency: 'EUR',
        description: 'Payout for stays ending 2025-06-01',
      };
      const t = await processor.transfer(input, k);
      assert.match(t.id, /^tr_/);
      assert.deepEqual({ amountMinor: t.amountMinor, currency: t.currency }, { amountMinor: 30_000, currency: 'EUR' });
      assert.deepEqual(stripe.requests.at(-1)!.params, {
        amount: '30000',
        currency: 'eur',
        destination: 'acct_1OwnerAbc',
        description: input.description,
      });
      const count = stripe.transfers.size;
      assert.equal((await processor.transfer(input, k)).id, t.id);
      assert.equal(stripe.transfers.size, count);
      await assert.rejects(
        processor.transfer({ ...input, destination: 'nobody' }, key('bad-dest')),
        ProcessorRejectedError,
      );
    });
  });

  describe('webhooks', () => {
    async function completedEvent() {
      const created = await processor.createCheckout(checkoutInput(), key('hook'));
      stripe.completeSession(created.id, { email: 'ana@example.test', name: 'Ana' });
      return { created, event: stripe.sessionEvent('checkout.session.completed', created.id) };
    }

    it('parses a correctly signed event into our session', async () => {
      const { created, event } = await completedEvent();
      const { body, headers } = stripe.signedWebhook(event);
      const parsed = processor.parseWebhook(Buffer.from(body), headers);
      assert.equal(parsed.id, event.id);
      assert.equal(parsed.type, 'checkout.session.completed');
      assert.equal(parsed.session!.id, created.id);
      assert.equal(parsed.session!.paymentStatus, 'paid');
      assert.match(parsed.session!.paymentId!, /^pi_/);
    });

    it('gives no session for events about other objects', () => {
      const { body, headers } = stripe.signedWebhook({
        id: 'evt_1',
        object: 'event',
        type: 'charge.refunded',
        data: { object: { id: 'ch_1', object: 'charge' } },
      });
      assert.deepEqual(processor.parseWebhook(Buffer.from(body), headers), {
        id: 'evt_1',
        type: 'charge.refunded',
        session: null,
      });
    });

    it('refuses a wrong secret, a tampered body, a stale timestamp and a missing header', async () => {
      const { event } = await completedEvent();
      const refused = (body: string, headers: Record<string, string | undefined>) =>
        assert.throws(() => processor.parseWebhook(Buffer.from(body), headers), WebhookSignatureError);

      const forged = stripe.signedWebhook(event, { secret: 'whsec_someone_else' });
      refused(forged.body, forged.headers);
      const good = stripe.signedWebhook(event);
      const tampered = good.body.replace('"paid"', '"unpaid"');
      assert.notEqual(tampered, good.body);
      refused(tampered, good.headers);
      const stale = stripe.signedWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
      refused(stale.body, stale.headers);
      refused(good.body, { ...good.headers, 'stripe-signature': undefined });
      refused(good.body, { ...good.headers, 'stripe-signature': 'garbage' });

      const justInTime = stripe.signedWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 290 });
      assert.equal(processor.parseWebhook(Buffer.from(justInTime.body), justInTime.headers).id, event.id);
    });

    it('refuses everything when no webhook secret is configured', async () => {
      const { event } = await completedEvent();
      const noSecret = new StripePaymentProcessor({ secretKey: stripe.secretKey, apiBase: stripe.apiBase });
      const { body, headers } = stripe.signedWebhook(event);
      assert.throws(() => noSecret.parseWebhook(Buffer.from(body), headers), WebhookSignatureError);
    });
  });

  describe('failures', () => {
    it('a 500 is retried by the SDK with the same key, and succeeds if the retry does', async () => {
      stripe.failNext('/v1/checkout/sessions', 500, 1);
      const k = key('flaky');
      const session = await processor.createCheckout(checkoutInput(), k);
      assert.match(session.id, /^cs_test_/);
      assert.deepEqual(
        stripe.requests.slice(-2).map((r) => r.idempotencyKey),
        [k, k],
      );
    });

    it('500s past the retries, a 429 and a closed port are "unavailable: retry later"', async () => {
      stripe.failNext('/v1/checkout/sessions', 500, 2);
      await assert.rejects(processor.createCheckout(checkoutInput(), key('down')), ProcessorUnavailableError);
      stripe.failNext('/v1/refunds', 429, 1);
      const paid = await processor.createCheckout(checkoutInput(), key('busy'));
      stripe.completeSession(paid.id);
      const pi = (await processor.retrieveCheckout(paid.id))!.paymentId!;
      await assert.rejects(
        processor.refund({ paymentId: pi, amountMinor: 100 }, key('busy-refund')),
        ProcessorUnavailableError,
      );

      const nowhere = new StripePaymentProcessor({
        secretKey: stripe.secretKey,
        apiBase: new URL(await closedPortUrl()).origin,
        maxNetworkRetries: 0,
        timeoutMs: 2000,
      });
      await assert.rejects(nowhere.retrieveCheckout('cs_test_x'), ProcessorUnavailableError);
    });

    it('a rejected API key is "unavailable", and its message does not carry Stripe\'s text', async () => {
      const wrongKey = new StripePaymentProcessor({
        secretKey: 'sk_test_wrong',
        apiBase: stripe.apiBase,
        maxNetworkRetries: 0,
      });
      await assert.rejects(wrongKey.createCheckout(checkoutInput(), key('auth')), (err: unknown) => {
        assert.ok(err instanceof ProcessorUnavailableError);
        assert.doesNotMatch(err.message, /API Key|sk_test/);
        return true;
      });
    });

    it('the config factory needs a secret key and an origin-only base URL', () => {
      assert.throws(() =>
        createStripeProcessor({
          STRIPE_SECRET_KEY: undefined,
          STRIPE_WEBHOOK_SECRET: undefined,
          STRIPE_API_BASE: undefined,
        }),
      );
      assert.throws(
        () =>
          createStripeProcessor({
            STRIPE_SECRET_KEY: 'sk_test_x',
            STRIPE_WEBHOOK_SECRET: undefined,
            STRIPE_API_BASE: 'http://127.0.0.1:1/v1',
          }),
        /origin/,
      );
      assert.equal(
        createStripeProcessor({
          STRIPE_SECRET_KEY: 'sk_test_x',
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
          STRIPE_API_BASE: stripe.apiBase,
        }).name,
        'stripe',
      );
    });

    it('offers upper-case currencies, without the three-decimal ones', async () => {
      const list = await processor.supportedCurrencies();
      assert.ok(list.includes('EUR') && list.includes('JPY') && list.includes('ISK'));
      assert.ok(!list.includes('KWD'));
      assert.ok(list.every((c) => /^[A-Z]{3}$/.test(c)));
    });
  });
});
