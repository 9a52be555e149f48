// The local processor over a real database: sessions, time-based expiry, refunds within what was
// paid, idempotent writes, and Stripe-style webhook signatures checked against the clock.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { onPostgres } from '../../../test/helpers/test-database.ts';
import { currencies } from '../../db/schema/index.ts';
import {
  ProcessorRejectedError,
  WebhookSignatureError,
  type CreateCheckoutInput,
} from '../../ports/payment-processor.ts';
import { LocalPaymentProcessor, LocalProcessorError } from './local-payment-processor.ts';

const START = new Date('2030-03-10T12:00:00Z');
const MIN = 60_000;

describe('local payment processor', () => {
  let t: TestApp;
  let local: LocalPaymentProcessor;
  let n = 0;
  before(async () => {
    t = await createTestApp({ start: START });
    local = new LocalPaymentProcessor(t.deps.db, t.clock, 'http://pay.test/', { secret: 'local-test-secret' });
  });
  after(() => t.close());

  const input = (over: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput => ({
    amountMinor: 42_900,
    currency: 'eur',
    reference: `pay-${++n}`,
    metadata: { booking_ref_code: 'BK-1', reservation_id: '7' },
    description: 'Reservation BK-1 · Seaside flat',
    customerEmail: 'guest@example.test',
    successUrl: 'https://shop.test/paid?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://shop.test/cancelled',
    openedAt: t.clock.now(),
    expiresAt: new Date(t.clock.now().getTime() + 30 * MIN),
    ...over,
  });
  const paidSession = async (amountMinor: number) => {
    const s = await local.createCheckout(input({ amountMinor }), `paid-${++n}`);
    return (await local.payFromPage(s.id, { email: null, name: null }))!;
  };
  // Refusals are the port's ProcessorRejectedError, so the service branches alike over Stripe.
  const refusal = (code: LocalProcessorError['code']) => (err: unknown) =>
    err instanceof ProcessorRejectedError && err instanceof LocalProcessorError && err.code === code;

  it('creates an open session shaped like a Stripe checkout.session; a repeated create returns the first', async () => {
    const s = await local.createCheckout(input(), 'create-1');
    assert.match(s.id, /^cs_local_[0-9a-f]{24}$/);
    assert.equal(s.url, `http://pay.test/checkout/${s.id}`);
    assert.ok(s.clientSecret?.startsWith(`${s.id}_secret_`));
    assert.deepEqual(
      [s.status, s.paymentStatus, s.amountTotal, s.currency, s.paymentId, s.customerDetails],
      ['open', 'unpaid', 42_900, 'EUR', null, null],
    );
    assert.equal(s.expiresAt.getTime(), START.getTime() + 30 * MIN);
    assert.deepEqual(s.raw, {
      id: s.id,
      object: 'checkout.session',
      mode: 'payment',
      livemode: false,
      amount_subtotal: 42_900,
      amount_total: 42_900,
      currency: 'eur',
      client_reference_id: s.clientReferenceId,
      customer_email: 'guest@example.test',
      customer_details: null,
      metadata: { booking_ref_code: 'BK-1', reservation_id: '7' },
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      url: s.url,
      success_url: 'https://shop.test/paid?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.test/cancelled',
      created: START.getTime() / 1000,
      expires_at: START.getTime() / 1000 + 1800,
    });
    const again = await local.createCheckout(input({ amountMinor: 1 }), 'create-1');
    assert.equal(again.id, s.id);
    assert.equal(again.amountTotal, 42_900);
    assert.notEqual((await local.createCheckout(input(), 'create-2')).id, s.id);
  });

  it('refuses a session it could not honour', async () => {
    await assert.rejects(local.createCheckout(input({ amountMinor: 0 }), 'bad-1'), refusal('invalid_request'));
    await assert.rejects(local.createCheckout(input({ amountMinor: 12.5 }), 'bad-2'), refusal('invalid_request'));
    await assert.rejects(local.createCheckout(input({ currency: 'XXX' }), 'bad-3'), refusal('invalid_request'));
    await assert.rejects(local.createCheckout(input({ expiresAt: START }), 'bad-4'), refusal('invalid_request'));
    await assert.rejects(
      local.createCheckout(input({ successUrl: 'javascript:alert(1)' }), 'bad-5'),
      refusal('invalid_request'),
    );
  });

  it('retrieves by id; a session past expires_at reads as expired; expire is a no-op once settled', async () => {
    assert.equal(await local.retrieveCheckout('cs_local_nope'), null);
    const s = await local.createCheckout(input(), 'expiry-1');
    assert.equal((await local.retrieveCheckout(s.id))?.status, 'open');
    t.clock.advance(30 * MIN);
    const lapsed = (await local.retrieveCheckout(s.id))!;
    assert.deepEqual(
      [lapsed.status, lapsed.url, lapsed.raw.status, lapsed.raw.url],
      ['expired', null, 'expired', null],
    );
    assert.equal(await local.payFromPage(s.id, { email: null, name: null }), null);
    t.clock.set(START);

    const open = await local.createCheckout(input(), 'expiry-2');
    await local.expireCheckout(open.id);
    assert.equal((await local.retrieveCheckout(open.id))?.status, 'expired');
    assert.equal(await local.payFromPage(open.id, { email: null, name: null }), null);
    const paid = await paidSession(500);
    await local.expireCheckout(paid.id);
    assert.deepEqual([(await local.retrieveCheckout(paid.id))?.status, paid.paymentStatus], ['complete', 'paid']);
    await assert.rejects(local.expireCheckout('cs_local_nope'), refusal('resource_missing'));
  });

  it('pays once: the conditional write lets exactly one of concurrent payments through', async () => {
    const s = await local.createCheckout(input(), 'pay-race');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => local.payFromPage(s.id, { email: `g${i}@example.test`, name: `G${i}` })),
    );
    const winners = results.filter((r) => r !== null);
    assert.equal(winners.length, 1);
    const won = winners[0]!;
    assert.match(won.paymentId!, /^pi_local_[0-9a-f]{24}$/);
    assert.deepEqual([won.status, won.paymentStatus, won.url], ['complete', 'paid', null]);
    const kept = (await local.retrieveCheckout(s.id))!;
    assert.equal(kept.paymentId, won.paymentId);
    assert.deepEqual(kept.customerDetails, won.customerDetails);
    assert.equal(kept.raw.payment_intent, won.paymentId);
    console.log(
      `# concurrent page payments on ${onPostgres ? 'PostgreSQL' : 'PGlite (one connection: logic only)'}: 1 of 6 paid`,
    );
  });

  it('refunds up to what was paid, one result per idempotency key', async () => {
    await assert.rejects(
      local.refund({ paymentId: 'pi_local_nope', amountMinor: 1 }, 'r-0'),
      refusal('resource_missing'),
    );
    const unpaid = await local.createCheckout(input(), 'refund-unpaid');
    assert.equal(unpaid.paymentId, null);
    const p = await paidSession(1000);
    const first = await local.refund({ paymentId: p.paymentId!, amountMinor: 400, reason: 'cancellation' }, 'r-1');
    assert.match(first.id, /^re_local_/);
    assert.deepEqual({ ...first, id: '' }, { id: '', status: 'succeeded', amountMinor: 400 });
    assert.deepEqual(await local.refund({ paymentId: p.paymentId!, amountMinor: 400 }, 'r-1'), first);
    await assert.rejects(
      local.refund({ paymentId: p.paymentId!, amountMinor: 601 }, 'r-2'),
      refusal('amount_too_large'),
    );
    await assert.rejects(local.refund({ paymentId: p.paymentId!, amountMinor: 0 }, 'r-3'), refusal('invalid_request'));
    const rest = await local.refund({ paymentId: p.paymentId!, amountMinor: 600 }, 'r-4');
    assert.notEqual(rest.id, first.id);
    await assert.rejects(local.refund({ paymentId: p.paymentId!, amountMinor: 1 }, 'r-5'), refusal('amount_too_large'));
    // A retry of a refund that went through still answers with it, even with nothing left.
    assert.deepEqual(await local.refund({ paymentId: p.paymentId!, amountMinor: 600 }, 'r-4'), rest);
  });

  it('concurrent refunds of one payment never exceed it; a raced retry returns its first result', async () => {
    const p = await paidSession(1000);
    const settled = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => local.refund({ paymentId: p.paymentId!, amountMinor: 300 }, `race-${i}`)),
    );
    assert.equal(settled.filter((r) => r.status === 'fulfilled').length, 3);
    assert.ok(settled.every((r) => r.status === 'fulfilled' || refusal('amount_too_large')(r.reason)));
    const q = await paidSession(1000);
    const same = await Promise.all(
      Array.from({ length: 4 }, () => local.refund({ paymentId: q.paymentId!, amountMinor: 700 }, 'race-same')),
    );
    assert.equal(new Set(same.map((r) => r.id)).size, 1);
  });

  it('transfers once per idempotency key', async () => {
    const a = await local.transfer(
      { destination: 'acct_owner_1', amountMinor: 12_345, currency: 'usd', description: 'payout 1' },
      't-1',
    );
    assert.match(a.id, /^tr_local_/);
    assert.deepEqual({ ...a, id: '' }, { id: '', amountMinor: 12_345, currency: 'USD' });
    assert.deepEqual(
      await local.transfer(
        { destination: 'acct_owner_1', amountMinor: 12_345, currency: 'USD', description: 'payout 1' },
        't-1',
      ),
      a,
    );
    const same = await Promise.all(
      Array.from({ length: 4 }, () =>
        local.transfer({ destination: 'acct_owner_2', amountMinor: 5, currency: 'EUR', description: 'x' }, 't-race'),
      ),
    );
    assert.equal(new Set(same.map((r) => r.id)).size, 1);
    assert.notEqual(
      (
        await local.transfer(
          { destination: 'acct_owner_1', amountMinor: 12_345, currency: 'USD', description: 'payout 2' },
          't-2',
        )
      ).id,
      a.id,
    );
    await assert.rejects(
      local.transfer({ destination: 'acct_owner_1', amountMinor: -5, currency: 'USD', description: 'x' }, 't-3'),
      refusal('invalid_request'),
    );
    await assert.rejects(
      local.transfer({ destination: '', amountMinor: 5, currency: 'USD', description: 'x' }, 't-4'),
      refusal('invalid_request'),
    );
  });

  it('accepts its own signed webhooks only: not tampered, not another key, not older or newer than 300 s', async () => {
    const s = await paidSession(2500);
    const hook = local.signedWebhook('checkout.session.completed', s);
    const body = Buffer.from(hook.body);
    const event = local.parseWebhook(body, hook.headers);
    assert.equal(event.type, 'checkout.session.completed');
    assert.match(event.id, /^evt_local_/);
    assert.deepEqual({ ...event.session!, raw: null }, { ...s, clientSecret: null, raw: null });

    const rejects = (b: Buffer, headers: Record<string, string | undefined>) =>
      assert.throws(() => local.parseWebhook(b, headers), WebhookSignatureError);
    rejects(Buffer.from(hook.body.replace('"paid"', '"unpaid"')), hook.headers);
    rejects(body, { ...hook.headers, 'local-signature': undefined });
    rejects(body, { 'local-signature': 'garbage' });
    rejects(body, { 'local-signature': hook.headers['local-signature']!.replace(/v1=\w+/, 'v1=00') });
    const stranger = new LocalPaymentProcessor(t.deps.db, t.clock, 'http://pay.test', { secret: 'another-secret' });
    rejects(body, stranger.signedWebhook('checkout.session.completed', s).headers as Record<string, string>);

    t.clock.advance(299_000);
    assert.equal(local.parseWebhook(body, hook.headers).id, event.id);
    t.clock.advance(2_000);
    rejects(body, hook.headers);
    t.clock.set(new Date(START.getTime() - 301_000));
    rejects(body, hook.headers);
    t.clock.set(START);
  });

  it("supports the currency table's active currencies", async () => {
    const before = await local.supportedCurrencies();
    assert.ok(['EUR', 'USD', 'JPY', 'KWD'].every((c) => before.includes(c)));
    await t.deps.db.update(currencies).set({ isActive: false }).where(eq(currencies.code, 'SAR'));
    assert.ok(!(await local.supportedCurrencies()).includes('SAR'));
    await assert.rejects(local.createCheckout(input({ currency: 'SAR' }), 'sar-1'), refusal('invalid_request'));
    await t.deps.db.update(currencies).set({ isActive: true }).where(eq(currencies.code, 'SAR'));
  });
});
