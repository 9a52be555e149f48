// The hosted checkout page through the real app (mounted outside /api for PAYMENT_PROCESSOR=local):
// what it shows, its headers, and that Pay takes one payment and Cancel none.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import type { CheckoutSession, CreateCheckoutInput } from '../../ports/payment-processor.ts';
import { LocalPaymentProcessor } from './local-payment-processor.ts';

const START = new Date('2030-03-10T12:00:00Z');
const MIN = 60_000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('local checkout page', () => {
  let t: TestApp;
  let local: LocalPaymentProcessor;
  const completed: CheckoutSession[] = [];
  let n = 0;
  before(async () => {
    t = await createTestApp({ start: START });
    assert.ok(t.deps.payments instanceof LocalPaymentProcessor);
    local = t.deps.payments;
    // This test watches the hook; the confirmation path behind it is the payments module's to test.
    local.setOnCompleted((s) => void completed.push(s));
  });
  after(() => t.close());

  const create = (over: Partial<CreateCheckoutInput> = {}) =>
    local.createCheckout(
      {
        amountMinor: 42_900,
        currency: 'EUR',
        reference: `pay-${++n}`,
        metadata: {
          booking_ref_code: 'BK-42',
          property_name: 'Seaside <flat> & "views"',
          checkin_date: '2030-04-01',
          secret_note: 'never shown',
        },
        description: 'Reservation BK-42',
        successUrl: 'https://guest.test/done?sid={CHECKOUT_SESSION_ID}&x=1',
        cancelUrl: 'https://back.test/cancelled?from=checkout',
        openedAt: t.clock.now(),
        expiresAt: new Date(t.clock.now().getTime() + 30 * MIN),
        ...over,
      },
      `page-${n}`,
    );
  const show = (id: string) => t.app.inject({ method: 'GET', url: `/checkout/${id}` });
  const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const post = (id: string, action: 'pay' | 'cancel', fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/checkout/${id}/${action}`,
      headers: FORM,
      payload: new URLSearchParams(fields).toString(),
    });

  it("shows the booking, the amount in the currency's decimals, Pay and Cancel, escaped and locked down", async () => {
    const s = await create();
    const res = await show(s.id);
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/html; charset=utf-8/);
    assert.equal(res.headers['cache-control'], 'no-store');
    const csp = res.headers['content-security-policy'] as string;
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /form-action 'self' https:\/\/guest\.test https:\/\/back\.test/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    const html = res.body;
    assert.match(html, /Reservation BK-42/);
    assert.match(html, /429\.00 EUR/);
    assert.match(html, /BK-42/);
    assert.match(html, /Seaside &lt;flat&gt; &amp; &quot;views&quot;/);
    assert.doesNotMatch(html, /never shown|<script/);
    assert.match(html, />Pay<\/button>/);
    assert.match(html, />Cancel<\/button>/);
    assert.match(html, new RegExp(`action="${s.id}/pay"`));
    assert.ok(tokenOf(html).length > 20);

    const yen = await show((await create({ amountMinor: 15_000, currency: 'JPY' })).id);
    assert.match(yen.body, /15000 JPY/);
    const dinar = await show((await create({ amountMinor: 12_345, currency: 'KWD' })).id);
    assert.match(dinar.body, /12\.345 KWD/);
  });

  it('Pay takes the payment once, tells the service, and sends the guest to the success URL', async () => {
    const s = await create();
    const token = tokenOf((await show(s.id)).body);
    const res = await post(s.id, 'pay', { token, email: 'ann@example.test', name: ' Ann Guest ' });
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, `https://guest.test/done?sid=${s.id}&x=1`);
    const paid = (await local.retrieveCheckout(s.id))!;
    assert.deepEqual([paid.status, paid.paymentStatus], ['complete', 'paid']);
    assert.match(paid.paymentId!, /^pi_local_/);
    assert.deepEqual(paid.customerDetails, { email: 'ann@example.test', name: 'Ann Guest' });
    assert.deepEqual(
      completed.filter((c) => c.id === s.id).map((c) => c.paymentId),
      [paid.paymentId],
    );

    const again = await post(s.id, 'pay', { token });
    assert.equal(again.statusCode, 409);
    assert.match(again.body, /already been paid/);
    assert.equal((await local.retrieveCheckout(s.id))!.paymentId, paid.paymentId);
    assert.equal(completed.filter((c) => c.id === s.id).length, 1);
    const page = await show(s.id);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /already been paid/);
    assert.ok(page.body.includes(`href="https://guest.test/done?sid=${s.id}&amp;x=1"`));
  });

  it('adds session_id when the success URL has no placeholder; ignores a malformed e-mail', async () => {
    const s = await create({ successUrl: 'https://guest.test/thanks?lang=en' });
    const res = await post(s.id, 'pay', { token: tokenOf((await show(s.id)).body), email: 'not an email' });
    assert.equal(res.headers.location, `https://guest.test/thanks?lang=en&session_id=${s.id}`);
    assert.deepEqual((await local.retrieveCheckout(s.id))!.customerDetails, { email: null, name: null });
  });

  it("refuses a form without the page's token", async () => {
    const s = await create();
    for (const fields of [
      {} as Record<string, string>,
      { token: 'forged' },
      { token: tokenOf((await show((await create()).id)).body) },
    ]) {
      const res = await post(s.id, 'pay', fields);
      assert.equal(res.statusCode, 403, JSON.stringify(fields));
      assert.equal((await post(s.id, 'cancel', fields)).statusCode, 403);
    }
    assert.equal((await local.retrieveCheckout(s.id))!.status, 'open');
  });

  it('an expired session cannot be paid: 410 page, nothing charged', async () => {
    const s = await create();
    const token = tokenOf((await show(s.id)).body);
    t.clock.advance(30 * MIN);
    const res = await post(s.id, 'pay', { token });
    assert.equal(res.statusCode, 410);
    assert.match(res.body, /expired/);
    assert.equal((await show(s.id)).statusCode, 410);
    t.clock.set(START);
    const expired = await create();
    await local.expireCheckout(expired.id);
    assert.equal((await post(expired.id, 'pay', { token: local.formToken(expired.id) })).statusCode, 410);
    for (const id of [s.id, expired.id]) assert.equal((await local.retrieveCheckout(id))!.paymentStatus, 'unpaid');
    assert.equal(completed.filter((c) => c.id === s.id || c.id === expired.id).length, 0);
  });

  it('Cancel sends the guest to the cancel URL with the session id and leaves the session open', async () => {
    const s = await create();
    const res = await post(s.id, 'cancel', { token: tokenOf((await show(s.id)).body) });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, `https://back.test/cancelled?from=checkout&session_id=${s.id}`);
    assert.equal((await local.retrieveCheckout(s.id))!.status, 'open');
  });

  it('an unknown session is a 404 page', async () => {
    for (const res of [
      await show('cs_local_unknown'),
      await post('cs_local_unknown', 'pay', { token: 'x' }),
      await post('cs_local_unknown', 'cancel', { token: 'x' }),
    ]) {
      assert.equal(res.statusCode, 404);
      assert.match(res.headers['content-type'] as string, /text\/html/);
      assert.match(res.body, /Checkout not found/);
    }
  });

  it("documents the page's routes in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const [path, method] of [
      ['/checkout/{sessionId}', 'get'],
      ['/checkout/{sessionId}/pay', 'post'],
      ['/checkout/{sessionId}/cancel', 'post'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      assert.ok(op, `${method} ${path}`);
      assert.ok(op.description?.length > 40, `${method} ${path} description`);
    }
    assert.ok(doc.paths['/checkout/{sessionId}/pay'].post.requestBody.content['application/x-www-form-urlencoded']);
    assert.ok(doc.paths['/checkout/{sessionId}'].get.responses['200'].content['text/html']);
  });
});
