// Each template's HTML part in a real browser (Debian's Chromium driven by playwright-core): it
// lays out without overflowing a phone's width, the button is a link, and a screenshot of each
// template in each language goes to .test-cache/artifacts/emails/<template>.<locale>.png for a
// person to look at. Without Chromium the test skips and says why.
// run-once: renders templates in Chromium; no database
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { chromiumForTests } from '../../../test/helpers/chromium.ts';
import { renderEmail } from './render-email.ts';
import { TEMPLATE_NAMES } from './templates.ts';
import { LOCALES } from './locales.ts';
import { sampleVars } from './emails.test-support.ts';

const { executablePath, skip } = chromiumForTests('e-mail screenshots');

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.test-cache/artifacts/emails');

describe('e-mail HTML parts in Chromium', { skip }, () => {
  let browser: Browser;
  before(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    // Root in containers: Chromium's sandbox needs namespaces those often lack.
    browser = await chromium.launch({
      executablePath: executablePath!,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
  });
  after(async () => {
    await browser?.close();
  });

  it('lays out every template in both languages on a phone and a desktop, screenshots in the artifacts', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 700 } });
    const desktop = await browser.newPage({ viewport: { width: 760, height: 900 } });
    try {
      for (const template of TEMPLATE_NAMES) {
        for (const locale of LOCALES) {
          const mail = await renderEmail(template, locale, sampleVars(template));
          // E-mail clients show no script: the page is checked with JavaScript off in the markup itself.
          assert.ok(!/<script/i.test(mail.html));
          await phone.setContent(mail.html, { waitUntil: 'load' });
          const overflow = await phone.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          assert.ok(overflow <= 0, `${template}.${locale}: ${overflow}px wider than a 375px phone`);
          await desktop.setContent(mail.html, { waitUntil: 'load' });
          const heading = await desktop.evaluate(() => document.body.innerText);
          assert.ok(
            heading.includes(locale === 'fr' ? 'Bonjour Camille,' : 'Hello Camille,'),
            `${template}.${locale}: greeting shown`,
          );
          const link = sampleVars(template).link;
          if (
            typeof link === 'string' &&
            !['verification-code', 'owner-application-rejected', 'payout-sent'].includes(template)
          ) {
            assert.ok(
              await desktop.locator(`a[href="${link}"]`).first().isVisible(),
              `${template}.${locale}: the button links to ${link}`,
            );
          }
          const file = path.join(ARTIFACTS, `${template}.${locale}.png`);
          await desktop.screenshot({ path: file, fullPage: true });
          assert.ok((await stat(file)).size > 5_000, `${file} is a real picture`);
        }
      }
    } finally {
      await phone.close();
      await desktop.close();
    }
    console.log(
      `# ${TEMPLATE_NAMES.length * LOCALES.length} e-mail screenshots in ${path.relative(process.cwd(), ARTIFACTS)}`,
    );
  });
});
