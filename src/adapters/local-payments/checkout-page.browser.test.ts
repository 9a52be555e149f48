// The hosted checkout page in a real browser: Debian's Chromium driven by playwright-core (which
// downloads no browser of its own). The app listens on a real port; the success and cancel pages
// are test-only routes of the same app. Without Chromium the test skips and says why.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { chromiumForTests } from '../../../test/helpers/chromium.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import type { CreateCheckoutInput } from '../../ports/payment-processor.ts';
import { LocalPaymentProcessor } from './local-payment-processor.ts';

const { executablePath, skip } = chromiumForTests('checkout page browser test');

describe('local checkout page in Chromium', { skip }, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let local: LocalPaymentProcessor;
  const completed: string[] = [];
  let n = 0;

  before(async () => {
    t = await createTestApp({
      extraRoutes: async (api) => {
        api.get('/test/landing/:kind', { schema: { hide: true } }, async (req, reply) => {
          const { kind } = req.params as { kind: string };
          const sid = new URLSearchParams(req.url.split('?')[1] ?? '').get('session_id') ?? '';
          const text = (s: string) => s.replace(/[^\w-]/g, '');
          return reply
            .type('text/html; charset=utf-8')
            .send(
              `<!doctype html><title>${text(kind)}</title><h1>Landed: ${text(kind)}</h1><p id="sid">${text(sid)}</p>`,
            );
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    assert.ok(t.deps.payments instanceof LocalPaymentProcessor);
    local = t.deps.payments;
    local.setOnCompleted((s) => void completed.push(s.id));
    // Root in containers: Chromium's sandbox needs namespaces those often lack.
    browser = await chromium.launch({
      executablePath: executablePath!,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const create = (over: Partial<CreateCheckoutInput> = {}) =>
    local.createCheckout(
      {
        amountMinor: 123_450,
        currency: 'EUR',
        reference: `browser-${++n}`,
        metadata: { booking_ref_code: 'BK-777', property_name: 'Harbour loft' },
        description: 'Reservation BK-777',
        successUrl: `${base}/api/test/landing/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}/api/test/landing/cancel`,
        openedAt: t.clock.now(),
        expiresAt: new Date(t.clock.now().getTime() + 30 * 60_000),
        ...over,
      },
      `browser-${n}`,
    );

  it('shows the amount and currency, Pay lands on the success URL with the session id', async () => {
    const s = await create();
    const page = await browser.newPage();
    try {
      const shown = await page.goto(`${base}${new URL(s.url!).pathname}`);
      assert.equal(shown?.status(), 200);
      assert.equal((await page.getByTestId('amount').textContent())?.trim(), '1234.50 EUR');
      assert.match((await page.locator('h1').textContent()) ?? '', /Reservation BK-777/);
      assert.match((await page.locator('dl').textContent()) ?? '', /Harbour loft/);
      await page.getByLabel('Name').fill('Bea Browser');
      await Promise.all([
        page.waitForURL(/\/api\/test\/landing\/success/),
        page.getByRole('button', { name: 'Pay' }).click(),
      ]);
      assert.equal(new URL(page.url()).searchParams.get('session_id'), s.id);
      assert.equal(await page.locator('#sid').textContent(), s.id);
      const paid = (await local.retrieveCheckout(s.id))!;
      assert.deepEqual(
        [paid.status, paid.paymentStatus, paid.customerDetails?.name],
        ['complete', 'paid', 'Bea Browser'],
      );
      assert.deepEqual(completed, [s.id]);

      // Back to the page after paying: it says so and charges nothing more.
      await page.goto(`${base}/checkout/${s.id}`);
      assert.match((await page.locator('h1').textContent()) ?? '', /already been paid/);
    } finally {
      await page.close();
    }
  });

  it('Cancel lands on the cancel URL with the session id and takes no payment', async () => {
    const s = await create();
    const page = await browser.newPage();
    try {
      await page.goto(`${base}/checkout/${s.id}`);
      await Promise.all([
        page.waitForURL(/\/api\/test\/landing\/cancel/),
        page.getByRole('button', { name: 'Cancel' }).click(),
      ]);
      assert.equal(new URL(page.url()).searchParams.get('session_id'), s.id);
      assert.equal(await page.locator('h1').textContent(), 'Landed: cancel');
      assert.equal((await local.retrieveCheckout(s.id))!.paymentStatus, 'unpaid');
      assert.ok(!completed.includes(s.id));
    } finally {
      await page.close();
    }
  });
});
