// The default success and cancel pages: the checkout page's look, and a link onward to where the
// guest can act (the client app's reservation and payment pages, CLIENT_APP_URL + paths).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { bookAsNewGuest, openCheckout } from '../../../test/helpers/booking-flow.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import type { LocalPaymentProcessor } from '../../adapters/local-payments/local-payment-processor.ts';
import { PAGE_STYLE } from '../../platform/html-page.ts';

const APP = 'https://app.example.test/';

describe('payment result pages', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      start: new Date('2030-03-10T12:00:00Z'),
      env: {
        CLIENT_APP_URL: APP,
        CLIENT_RESERVATION_PATH: '/trips/{reservation_id}',
        CLIENT_PAYMENT_PATH: '/trips/{reservation_id}/checkout',
      },
    });
  });
  after(() => t.close());

  it("success: the outcome in the checkout page's look, with a link to the reservation page", async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    const { id, tok } = await bookAsNewGuest(t, { propertyId: p.id, checkin: '2030-05-01', checkout: '2030-05-03' });
    const sessionId = (await openCheckout(t, { reservationId: id, tok })).payment_details.id;
    await (t.deps.payments as LocalPaymentProcessor).payFromPage(sessionId, { email: null, name: null });

    const page = await t.app.inject({
      method: 'GET',
      url: `/payments/success?session_id=${encodeURIComponent(sessionId)}`,
    });
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes(PAGE_STYLE), "the checkout page's style");
    assert.match(page.body, /<h1>Payment received<\/h1>/);
    assert.ok(
      page.body.includes(`<a class="button" href="https://app.example.test/trips/${id}">View my reservation</a>`),
      page.body,
    );
    assert.match(page.headers['content-security-policy'] as string, /default-src 'none'/);
  });

  it('cancel: links to the payment page of the reservation, and to nothing for an id that is not one', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/payments/cancel?reservation_id=42' });
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('href="https://app.example.test/trips/42/checkout"'));
    assert.ok(page.body.includes('href="https://app.example.test/trips/42"'));
    const odd = await t.app.inject({
      method: 'GET',
      url: `/payments/cancel?reservation_id=${encodeURIComponent('4"><b')}`,
    });
    assert.equal(odd.statusCode, 200);
    assert.ok(!odd.body.includes('4"><b') && !odd.body.includes('4&quot;'), 'nothing of the parameter is echoed');
    assert.ok(!odd.body.includes('/trips/'));
  });
});
