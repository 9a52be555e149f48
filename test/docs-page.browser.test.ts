// The /docs page in a real browser: Debian's Chromium driven by playwright-core (which downloads
// no browser of its own). The app listens on the port its PUBLIC_BASE_URL names, so "Try it out"
// calls the same server, as with `npm start`. Without Chromium the test skips and says why.
// How fast the page is, is a benchmark figure: the first test prints the time to the first
// operation drawn as a diagnostic (not checked: `npm run bench:docs` measures it properly).
// run-once: the /docs page in Chromium; what it calls is tested on both databases elsewhere
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumForTests } from './helpers/chromium.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createUser, loginAs } from './helpers/factories.ts';
import { freePort } from './helpers/server-process.ts';
import { firstOperationDrawn, installDocsProbe } from '../bench/docs-page-probe.ts';

const { executablePath, skip } = chromiumForTests('docs page browser test');

describe('/docs in Chromium', { skip }, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let title: string;

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { PUBLIC_BASE_URL: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    title = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json().info.title;
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

  interface Docs {
    page: Page;
    failed: string[];
    /** How many times the page fetched the outline and the full document, so far. */
    fetches: { outline: number; document: number };
    firstOperationMs: number;
  }

  async function openDocs(): Promise<Docs> {
    const context = await browser.newContext();
    await installDocsProbe(context);
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('pageerror', (err) => failed.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => failed.push(`request failed: ${req.url()}`));
    // Everything the page needs comes from this server: it works offline.
    const fetches = { outline: 0, document: 0 };
    page.on('request', (req) => {
      if (!req.url().startsWith(base) && !req.url().startsWith('data:')) failed.push(`outside request: ${req.url()}`);
      if (req.url() === `${base}/docs/outline.json`) fetches.outline++;
      if (req.url() === `${base}/docs/json`) fetches.document++;
    });
    const shown = await page.goto(`${base}/docs`);
    assert.equal(shown?.status(), 200);
    await page.locator('.opblock').first().waitFor({ state: 'visible' });
    return { page, failed, fetches, firstOperationMs: await firstOperationDrawn(page) };
  }

  /** Filters to `tag`, opens GET `path`, "Try it out" → "Execute"; the operation and its live answer. */
  async function executeGet(page: Page, tag: string, path: string) {
    // Operations are rendered as they scroll into view: the tag filter brings the operation up.
    await page.locator('.operation-filter-input').fill(tag);
    const operation = page.locator('.opblock-get', { has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });
    await operation.locator('.opblock-summary-control').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    const live = operation.locator('.live-responses-table');
    await live.waitFor({ state: 'visible' });
    return { operation, live };
  }

  it("has the document's title and no Swagger or Fastify branding", async (ctx) => {
    const { page, failed, fetches, firstOperationMs } = await openDocs();
    ctx.diagnostic(
      `first operation drawn ${firstOperationMs} ms after navigation (a figure, not a check; npm run bench:docs)`,
    );
    try {
      assert.equal(title, 'Stays booking API');
      assert.equal(await page.title(), title);
      assert.equal((await page.locator('.info .title').textContent())?.startsWith(title), true);
      // No top bar (logo, URL box), no framework favicon, no framework name on the page.
      assert.equal(await page.locator('.topbar').count(), 0);
      assert.equal(await page.locator('link[rel~="icon"]').count(), 0);
      assert.equal(await page.locator('img').count(), 0);
      const text = await page.locator('body').innerText();
      assert.doesNotMatch(text, /swagger|fastify|smartbear/i);
      assert.deepEqual(failed, []);
      // The preloaded outline is what Swagger UI reads (fetched once); the full document waits
      // until an operation is opened, while the page still names it.
      assert.deepEqual(fetches, { outline: 1, document: 0 });
      assert.equal(await page.locator('.info a[href$="/docs/json"]').count(), 1);
    } finally {
      // The page's own context, awaited: a close left running raced the browser's close in after().
      await page.context().close();
    }
  });

  it('"Try it out" → "Execute" on a public route shows the 200 and its body', async () => {
    const { page, failed, fetches } = await openDocs();
    try {
      const { operation, live } = await executeGet(page, 'catalog', '/api/countries');
      // The opened operation was read from the full document, fetched then.
      assert.deepEqual(fetches, { outline: 1, document: 1 });
      assert.ok(await operation.locator('.opblock-description-wrapper, .parameters-container').first().isVisible());
      assert.equal((await live.locator('tr.response .response-col_status').textContent())?.trim(), '200');
      assert.match(
        await live.locator('tr.response .response-col_description').innerText(),
        /"success": true[\s\S]*"name": "Afghanistan"/,
      );
      // The request went to this server, with no credentials needed.
      assert.ok((await operation.locator('.request-url').innerText()).includes(`${base}/api/countries`));
      assert.deepEqual(failed, []);
    } finally {
      await page.context().close();
    }
  });

  it('"Authorize" with a token, then "Execute" on a signed-in route shows the caller\'s own profile', async () => {
    const user = await createUser(t.deps);
    const token = await loginAs(t.app, user);
    const { page, failed } = await openDocs();
    try {
      await page.getByRole('button', { name: 'Authorize' }).first().click();
      const dialog = page.locator('.modal-ux');
      await dialog.locator('.auth-container input').fill(token);
      await dialog.getByRole('button', { name: 'Apply credentials' }).click();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      const { live } = await executeGet(page, 'users', '/api/user/profile');
      assert.equal((await live.locator('tr.response .response-col_status').textContent())?.trim(), '200');
      assert.ok((await live.locator('tr.response .response-col_description').innerText()).includes(user.email));
      assert.deepEqual(failed, []);
    } finally {
      await page.context().close();
    }
  });
});
