// The fake Stripe against Stripe's own documents, through the official SDK (configured as the
// adapter configures it) and through raw HTTP where the SDK would hide the behaviour. The rules
// and their sources are cited in stripe-idempotency.ts and stripe-rules.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Stripe from 'stripe';
import { ManualClock } from '../../src/ports/clock.ts';
import { startStripeServer, type FakeStripe } from './stripe-server.ts';

const HOUR = 3600_000;
let seq = 0;
const key = (what: string) => `${what}-${process.pid}-${++seq}`;

describe('fake Stripe server', () => {
  const clock = new ManualClock(Date.UTC(2030, 0, 15, 12, 0, 0));
  const nowSec = () => Math.floor(clock.now().getTime() / 1000);
  let fake: FakeStripe;
  let sdk: Stripe;
  before(async () => {
    fake = await startStripeServer({ now: () => clock.now() });
    const url = new URL(fake.apiBase);
    // As the adapter builds its client (hostOptions), without retries so 409s and 5xx surface.
    sdk = new Stripe(fake.secretKey, {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  after(() => fake.close());

  const sessionParams = (
    over: Partial<Stripe.Checkout.SessionCreateParams> = {},
  ): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment',
    line_items: [
      { quantity: 2, price_data: { currency: 'eur', unit_amount: 1500, product_data: { name: 'Loft, 1 night' } } },
    ],
    success_url: 'https://stays.test/done?session_id={CHECKOUT_SESSION_ID}',
    ...over,
  });
  const sessionForm: Record<string, string> = {
    mode: 'payment',
    'line_items[0][quantity]': '2',
    'line_items[0][price_data][currency]': 'eur',
    'line_items[0][price_data][unit_amount]': '1500',
    'line_items[0][price_data][product_data][name]': 'Loft, 1 night',
  };
  /** A raw POST, as the SDK would send it but without its retries. */
  async function post(path: string, form: Record<string, string>, idempotencyKey?: string) {
    const res = await fetch(`${fake.apiBase}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fake.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: new URLSearchParams(form).toString(),
    });
    return {
      status: res.status,
      replayed: res.headers.get('idempotent-replayed') === 'true',
      body: (await res.json()) as Record<string, any>,
    };
  }
  const refused = (status: number, fields: Record<string, unknown>) => (err: unknown) => {
    assert.ok(err instanceof Stripe.errors.StripeError, String(err));
    assert.equal(err.statusCode, status, err.message);
    for (const [k, v] of Object.entries(fields))
      assert.equal((err.raw as Record<string, unknown>)[k], v, `${k}: ${err.message}`);
    return true;
  };
  async function paidIntent(unitAmount = 1500) {
    const s = await sdk.checkout.sessions.create(
      sessionParams({
        line_items: [
          { quantity: 1, price_data: { currency: 'eur', unit_amount: unitAmount, product_data: { name: 'Loft' } } },
        ],
      }),
    );
    return fake.completeSession(s.id).payment_intent as string;
  }

  describe('idempotency (docs.stripe.com/api/idempotent_requests, /error-low-level)', () => {
    it('the same key with the same parameters returns the first object, marked as a replay', async () => {
      const k = key('same');
      const count = fake.sessions.size;
      const first = await sdk.checkout.sessions.create(sessionParams(), { idempotencyKey: k });
      const again = await sdk.checkout.sessions.create(sessionParams(), { idempotencyKey: k });
      assert.equal(again.id, first.id);
      assert.equal(first.lastResponse.headers['idempotent-replayed'], undefined);
      assert.equal(again.lastResponse.headers['idempotent-replayed'], 'true');
      assert.equal(fake.sessions.size, count + 1);
      // The same parameters in another order are the same parameters.
      const reordered = Object.fromEntries(Object.entries(sessionForm).reverse());
      const k2 = key('order');
      const a = await post('/v1/checkout/sessions', sessionForm, k2);
      const b = await post('/v1/checkout/sessions', reordered, k2);
      assert.deepEqual([a.status, b.status, b.replayed, b.body.id], [200, 200, true, a.body.id]);
    });

    it('the same key with other parameters, or on another endpoint, is an idempotency_error and executes nothing', async () => {
      const k = key('other');
      await sdk.checkout.sessions.create(sessionParams(), { idempotencyKey: k });
      const count = fake.sessions.size;
      await assert.rejects(
        sdk.checkout.sessions.create(sessionParams({ client_reference_id: 'changed' }), { idempotencyKey: k }),
        (err: unknown) =>
          err instanceof Stripe.errors.StripeIdempotencyError && refused(400, { type: 'idempotency_error' })(err),
      );
      const nested = await post('/v1/checkout/sessions', { ...sessionForm, 'line_items[0][quantity]': '3' }, k);
      assert.deepEqual([nested.status, nested.body.error.type], [400, 'idempotency_error']);
      const elsewhere = await post('/v1/transfers', { amount: '100', currency: 'eur', destination: 'acct_1X' }, k);
      assert.deepEqual([elsewhere.status, elsewhere.body.error.type], [400, 'idempotency_error']);
      assert.equal(fake.sessions.size, count);
      assert.equal(fake.transfers.size, 0);
      // The same (empty) parameters on another path: the endpoint differs, so the key is refused.
      const [one, two] = [
        await sdk.checkout.sessions.create(sessionParams()),
        await sdk.checkout.sessions.create(sessionParams()),
      ];
      const k2 = key('path');
      assert.equal((await post(`/v1/checkout/sessions/${one.id}/expire`, {}, k2)).status, 200);
      const otherPath = await post(`/v1/checkout/sessions/${two.id}/expire`, {}, k2);
      assert.deepEqual([otherPath.status, otherPath.body.error.type], [400, 'idempotency_error']);
      assert.equal(fake.sessions.get(two.id)!.status, 'open');
    });

    it('a key still executing answers 409 idempotency_key_in_use, which is not saved', async () => {
      fake.setLatency(300);
      try {
        const k = key('busy');
        const seen = fake.requests.length;
        const first = post('/v1/checkout/sessions', sessionForm, k);
        while (fake.requests.length === seen) await new Promise((r) => setTimeout(r, 5));
        const second = await post('/v1/checkout/sessions', sessionForm, k);
        assert.deepEqual(
          [second.status, second.body.error.code, second.body.error.type],
          [409, 'idempotency_key_in_use', 'invalid_request_error'],
        );
        await assert.rejects(
          sdk.checkout.sessions.create(sessionParams(), { idempotencyKey: k }),
          refused(409, { code: 'idempotency_key_in_use' }),
        );
        const done = await first;
        assert.equal(done.status, 200);
        const later = await post('/v1/checkout/sessions', sessionForm, k);
        assert.deepEqual([later.status, later.replayed, later.body.id], [200, true, done.body.id]);
      } finally {
        fake.setLatency(0);
      }
    });

    it('a request that fails parameter validation is not saved: corrected, the same key executes', async () => {
      const k = key('fix');
      const tooSoon = nowSec() + 29 * 60;
      await assert.rejects(
        sdk.checkout.sessions.create(sessionParams({ expires_at: tooSoon }), { idempotencyKey: k }),
        refused(400, { param: 'expires_at' }),
      );
      const fixed = await sdk.checkout.sessions.create(sessionParams({ expires_at: nowSec() + 3600 }), {
        idempotencyKey: k,
      });
      assert.equal(fixed.lastResponse.headers['idempotent-replayed'], undefined);
      assert.equal(fixed.status, 'open');
    });

    it('a refusal from the executing endpoint is saved: the same 400 comes back, and other parameters are an idempotency_error', async () => {
      const intent = await paidIntent(1000);
      const k = key('refund');
      await assert.rejects(
        sdk.refunds.create({ payment_intent: intent, amount: 1001 }, { idempotencyKey: k }),
        refused(400, { code: 'amount_too_large' }),
      );
      const replay = await post('/v1/refunds', { payment_intent: intent, amount: '1001' }, k);
      assert.deepEqual([replay.status, replay.replayed, replay.body.error.code], [400, true, 'amount_too_large']);
      await assert.rejects(
        sdk.refunds.create({ payment_intent: intent, amount: 1000 }, { idempotencyKey: k }),
        refused(400, { type: 'idempotency_error' }),
      );
      assert.equal(
        (await sdk.refunds.create({ payment_intent: intent, amount: 1000 }, { idempotencyKey: key('refund-new') }))
          .amount,
        1000,
      );
    });

    it('a 500 from the executing endpoint is replayed for its key; one in front of the idempotency layer is not', async () => {
      fake.failNext('/v1/transfers', 500, 1, { stage: 'endpoint' });
      const k = key('t500');
      const params = { amount: '700', currency: 'eur', destination: 'acct_1Owner' };
      assert.equal((await post('/v1/transfers', params, k)).status, 500);
      const replay = await post('/v1/transfers', params, k);
      assert.deepEqual([replay.status, replay.replayed, replay.body.error.type], [500, true, 'api_error']);
      assert.equal((await post('/v1/transfers', params, key('t500-new'))).status, 200);

      for (const status of [500, 429]) {
        fake.failNext('/v1/transfers', status, 1);
        const edge = key(`edge${status}`);
        assert.equal((await post('/v1/transfers', params, edge)).status, status);
        const retry = await post('/v1/transfers', params, edge);
        assert.deepEqual([retry.status, retry.replayed], [200, false]);
      }
    });

    it('keys live 24 hours on the clock, then a reused key is a new request', async () => {
      const k = key('day');
      const first = await sdk.checkout.sessions.create(sessionParams(), { idempotencyKey: k });
      clock.advance(24 * HOUR - 1000);
      assert.equal((await sdk.checkout.sessions.create(sessionParams(), { idempotencyKey: k })).id, first.id);
      clock.advance(1000);
      const fresh = await sdk.checkout.sessions.create(sessionParams({ client_reference_id: 'next-day' }), {
        idempotencyKey: k,
      });
      assert.notEqual(fresh.id, first.id);
      assert.equal(fresh.lastResponse.headers['idempotent-replayed'], undefined);
      assert.equal(fresh.created, nowSec());
    });

    it('keys are up to 255 characters', async () => {
      assert.equal((await post('/v1/checkout/sessions', sessionForm, 'k'.repeat(255))).status, 200);
      const long = await post('/v1/checkout/sessions', sessionForm, 'k'.repeat(256));
      assert.deepEqual([long.status, long.body.error.type], [400, 'invalid_request_error']);
    });
  });

  describe('parameters (OpenAPI extract, docs.stripe.com/api/metadata)', () => {
    it('expires_at must fall 30 minutes to 24 hours after creation, on the fake clock', async () => {
      for (const [offset, ok] of [
        [30 * 60 - 1, false],
        [30 * 60, true],
        [24 * 3600, true],
        [24 * 3600 + 1, false],
      ] as const) {
        const attempt = sdk.checkout.sessions.create(sessionParams({ expires_at: nowSec() + offset }));
        if (ok) assert.equal((await attempt).expires_at, nowSec() + offset);
        else await assert.rejects(attempt, refused(400, { param: 'expires_at', type: 'invalid_request_error' }));
      }
      const byDefault = await sdk.checkout.sessions.create(sessionParams());
      assert.deepEqual(
        [byDefault.created, byDefault.expires_at, byDefault.amount_total],
        [nowSec(), nowSec() + 24 * 3600, 3000],
      );
    });

    it('metadata: up to 50 keys, keys up to 40 characters, values up to 500, on every metadata hash', async () => {
      const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
      await sdk.checkout.sessions.create(
        sessionParams({ metadata: { ...keys(49), ['a'.repeat(40)]: 'b'.repeat(500) } }),
      );
      const bad: Array<Record<string, string>> = [keys(51), { ['a'.repeat(41)]: 'v' }, { k: 'b'.repeat(501) }];
      for (const metadata of bad)
        await assert.rejects(
          sdk.checkout.sessions.create(sessionParams({ metadata })),
          refused(400, { type: 'invalid_request_error' }),
        );
      await assert.rejects(
        sdk.checkout.sessions.create(sessionParams({ payment_intent_data: { metadata: keys(51) } })),
        refused(400, {}),
      );
      await assert.rejects(
        sdk.refunds.create({ payment_intent: await paidIntent(), metadata: { k: 'b'.repeat(501) } }),
        refused(400, {}),
      );
    });

    it('refuses what the extract rules out: unknown, missing, out-of-enum and over-long parameters', async () => {
      const reject = (form: Record<string, string>, path: string, fields: Record<string, string>) =>
        post(path, form).then((r) =>
          assert.deepEqual(
            { status: r.status, ...Object.fromEntries(Object.keys(fields).map((f) => [f, r.body.error[f]])) },
            { status: 400, ...fields },
          ),
        );
      await reject({ ...sessionForm, colour: 'red' }, '/v1/checkout/sessions', {
        code: 'parameter_unknown',
        param: 'colour',
      });
      await reject({ mode: 'payment' }, '/v1/checkout/sessions', { code: 'parameter_missing', param: 'line_items' });
      await reject({ ...sessionForm, mode: 'donation' }, '/v1/checkout/sessions', { param: 'mode' });
      await reject({ ...sessionForm, 'line_items[0][price_data][currency]': 'EUR' }, '/v1/checkout/sessions', {
        param: 'line_items[0][price_data][currency]',
      });
      await reject({ ...sessionForm, 'line_items[0][price_data][unit_amount]': '12.5' }, '/v1/checkout/sessions', {
        code: 'parameter_invalid_integer',
      });
      await reject({ ...sessionForm, client_reference_id: 'r'.repeat(201) }, '/v1/checkout/sessions', {
        param: 'client_reference_id',
      });
      await reject(
        { ...sessionForm, ui_mode: 'embedded_page', success_url: 'https://x.test' },
        '/v1/checkout/sessions',
        { param: 'success_url' },
      );
      await reject({ amount: '100' }, '/v1/refunds', { code: 'parameter_missing', param: 'payment_intent' });
      await reject({ payment_intent: 'pi_x', reason: 'modification' }, '/v1/refunds', { param: 'reason' });
      await reject({ amount: '0', currency: 'eur', destination: 'acct_1X' }, '/v1/transfers', { param: 'amount' });
      await reject({ amount: '100', currency: 'eur' }, '/v1/transfers', {
        code: 'parameter_missing',
        param: 'destination',
      });
      assert.equal(
        (await post('/v1/checkout/sessions', { ...sessionForm, 'line_items[0][price_data][unit_amount]': '0' })).status,
        200,
      );
      const fakeOnly = await post('/v1/checkout/sessions', { ...sessionForm, locale: 'fr' });
      assert.match(fakeOnly.body.error.message, /^fake Stripe: /);
    });
  });

  describe('session lifecycle', () => {
    it('expiring a session that is not open is a 400; a guest cannot pay an expired one', async () => {
      const paid = await sdk.checkout.sessions.create(sessionParams());
      fake.completeSession(paid.id);
      await assert.rejects(
        sdk.checkout.sessions.expire(paid.id),
        (err: unknown) =>
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          refused(400, { type: 'invalid_request_error' })(err) &&
          /status of "complete"/.test(err.message),
      );
      const open = await sdk.checkout.sessions.create(sessionParams());
      assert.equal((await sdk.checkout.sessions.expire(open.id)).status, 'expired');
      await assert.rejects(sdk.checkout.sessions.expire(open.id), refused(400, {}));
      assert.throws(() => fake.completeSession(open.id), /expired, not open/);
    });

    it('an open session expires on its own once the clock passes expires_at', async () => {
      const s = await sdk.checkout.sessions.create(sessionParams({ expires_at: nowSec() + 30 * 60 }));
      clock.advance(30 * 60_000 - 1000);
      assert.equal((await sdk.checkout.sessions.retrieve(s.id)).status, 'open');
      clock.advance(1000);
      assert.equal(fake.sessions.get(s.id)!.status, 'expired');
      assert.equal((await sdk.checkout.sessions.retrieve(s.id)).status, 'expired');
      assert.throws(() => fake.completeSession(s.id), /not open/);
      await assert.rejects(sdk.checkout.sessions.expire(s.id), refused(400, {}));
    });

    it('a delayed method completes unpaid with its PaymentIntent processing, then succeeds or fails', async () => {
      const ok = await sdk.checkout.sessions.create(sessionParams());
      assert.deepEqual(ok.payment_method_types, ['card', 'sepa_debit'], 'euros offer SEPA Direct Debit');
      fake.completeSession(ok.id, {}, { method: 'sepa_debit' });
      let s = await sdk.checkout.sessions.retrieve(ok.id);
      assert.deepEqual([s.status, s.payment_status], ['complete', 'unpaid']);
      const pi = s.payment_intent as string;
      assert.deepEqual(
        [(await sdk.paymentIntents.retrieve(pi)).status, (await sdk.paymentIntents.retrieve(pi)).amount_received],
        ['processing', 0],
      );
      assert.equal(fake.settleDelayedPayment(ok.id, 'succeeded'), 'checkout.session.async_payment_succeeded');
      s = await sdk.checkout.sessions.retrieve(ok.id);
      assert.equal(s.payment_status, 'paid');
      assert.deepEqual(
        [(await sdk.paymentIntents.retrieve(pi)).status, (await sdk.paymentIntents.retrieve(pi)).amount_received],
        ['succeeded', 3000],
      );
      assert.throws(() => fake.settleDelayedPayment(ok.id, 'failed'), /no payment processing/);

      const ko = await sdk.checkout.sessions.create(sessionParams());
      fake.completeSession(ko.id, {}, { method: 'sepa_debit' });
      assert.equal(fake.settleDelayedPayment(ko.id, 'failed'), 'checkout.session.async_payment_failed');
      s = await sdk.checkout.sessions.retrieve(ko.id);
      assert.deepEqual([s.status, s.payment_status], ['complete', 'unpaid']);
      assert.equal((await sdk.paymentIntents.retrieve(s.payment_intent as string)).status, 'requires_payment_method');

      const gbp = await sdk.checkout.sessions.create(
        sessionParams({
          line_items: [
            { quantity: 1, price_data: { currency: 'gbp', unit_amount: 900, product_data: { name: 'Room' } } },
          ],
        }),
      );
      assert.deepEqual(gbp.payment_method_types, ['card']);
      assert.throws(() => fake.completeSession(gbp.id, {}, { method: 'sepa_debit' }), /does not offer sepa_debit/);
    });

    it("events and webhook signatures carry the fake clock's time", async () => {
      const s = await sdk.checkout.sessions.create(sessionParams());
      const event = fake.sessionEvent('checkout.session.completed', s.id);
      assert.equal(event.created, nowSec());
      const { body, headers } = fake.signedWebhook(event);
      assert.match(headers['stripe-signature']!, new RegExp(`^t=${nowSec()},v1=[0-9a-f]{64}$`));
      const parsed = sdk.webhooks.constructEvent(
        body,
        headers['stripe-signature']!,
        fake.webhookSecret,
        300,
        undefined,
        clock.now().getTime(),
      );
      assert.equal(parsed.id, event.id);
    });
  });
});
