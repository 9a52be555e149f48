// Every template in both languages: subject, HTML part and text part; the escaping of what users
// typed; dates and amounts written the recipient's way; the compiled-template cache.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compiledCount, renderEmail, warmEmailRendering } from './render-email.ts';
import { TEMPLATE_NAMES } from './templates.ts';
import { LOCALES, negotiateLocale } from './locales.ts';
import { formatDate, formatMoney } from './format.ts';
import { en } from './translations/en.ts';
import { fr } from './translations/fr.ts';
import { HOSTILE, sampleVars } from './emails.test-support.ts';

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`])).sort();

describe('e-mail templates', () => {
  it('has the same texts in every language', () => {
    assert.deepEqual(keysOf(fr), keysOf(en));
  });

  for (const template of TEMPLATE_NAMES) {
    for (const locale of LOCALES) {
      it(`${template} (${locale}): subject, HTML and text parts`, async () => {
        const mail = await renderEmail(template, locale, sampleVars(template));
        assert.ok(mail.subject.length > 5 && !/[{}<>\r\n]/.test(mail.subject), mail.subject);
        assert.match(mail.html, /^<!doctype html>/i);
        assert.match(mail.html, new RegExp(`<html lang="${locale}"`));
        assert.ok(!/fonts\.googleapis|<link\b|@import/i.test(mail.html), 'nothing fetched from elsewhere');
        assert.ok(!/\{\{?\w+\}\}?/.test(mail.html), 'no marker left in the HTML part');
        assert.ok(mail.html.includes(locale === 'fr' ? 'Bonjour Camille,' : 'Hello Camille,'));
        // The text part: the same content, no markup, no entity, no marker.
        assert.ok(!/<\/?[a-z!][^>]*>/i.test(mail.text), mail.text);
        assert.ok(!/&(amp|lt|gt|quot|#\d+);/.test(mail.text), mail.text);
        assert.ok(!/[{}]/.test(mail.text), mail.text);
        assert.ok(mail.text.startsWith(locale === 'fr' ? fr.templates[template].heading.replace(/\{product\}/, 'Stays') : en.templates[template].heading.replace(/\{product\}/, 'Stays')));
        assert.ok(mail.text.includes(locale === 'fr' ? 'Bonjour Camille,' : 'Hello Camille,'));
        for (const [key, value] of Object.entries(sampleVars(template))) {
          if (typeof value === 'string' && ['property', 'ref', 'code', 'guest', 'reason'].includes(key)) {
            assert.ok(mail.text.includes(value), `${key} in the text part`);
          }
        }
        const link = sampleVars(template).link;
        if (typeof link === 'string' && template !== 'verification-code' && template !== 'owner-application-rejected' && template !== 'payout-sent') {
          assert.ok(mail.text.includes(link), 'the link in the text part, as it is');
          assert.ok(mail.html.includes(`href="${link.replaceAll('&', '&amp;')}"`), 'the link in the HTML part, escaped as an attribute');
        }
      });
    }
  }

  it('escapes every value a user typed in the HTML part, and keeps it as typed in the text part', async () => {
    for (const template of TEMPLATE_NAMES) {
      for (const locale of LOCALES) {
        const mail = await renderEmail(template, locale, sampleVars(template, true));
        assert.ok(!mail.html.includes('<script>'), `${template}/${locale}: raw <script> in the HTML part`);
        assert.ok(!mail.html.includes(`"quotes"`), `${template}/${locale}: raw quotes`);
        assert.ok(mail.html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot; &#39;single&#39;'), `${template}/${locale}: escaped value`);
        assert.ok(mail.text.includes(HOSTILE), `${template}/${locale}: the text part keeps the value as typed`);
        // Subjects are headers: a value with a line break could add one.
        assert.ok(!/[\r\n]/.test(mail.subject));
      }
    }
    const injected = await renderEmail('booking-confirmed-guest', 'en', { ...sampleVars('booking-confirmed-guest'), property: 'Loft\r\nBcc: x@example.test' });
    assert.equal(injected.subject, 'Booking confirmed: Loft Bcc: x@example.test');
  });

  it('writes dates and amounts the recipient’s way', async () => {
    const enMail = await renderEmail('booking-confirmed-guest', 'en', sampleVars('booking-confirmed-guest'));
    const frMail = await renderEmail('booking-confirmed-guest', 'fr', sampleVars('booking-confirmed-guest'));
    assert.ok(enMail.text.includes('Check-in: Fri, 5 June 2026'), enMail.text);
    assert.ok(enMail.text.includes('Total: €1,234.50'), enMail.text);
    assert.ok(frMail.text.includes('Arrivée : '), frMail.text);
    assert.match(frMail.text, /ven\. 5 juin 2026/);
    assert.match(frMail.text, /1\s234,50\s€/);
    assert.equal(formatMoney(250_000, 'JPY', 0, 'en'), 'JP¥250,000');
    assert.equal(formatMoney(-5, 'EUR', 2, 'en'), '-€0.05');
    // An instant in the recipient's time zone.
    assert.equal(formatDate('2026-05-02T23:30:00.000Z', 'fr', 'Europe/Paris'), '3 mai 2026 à 01:30');
  });

  it('leaves out optional blocks whose value is missing', async () => {
    const withReason = await renderEmail('owner-application-rejected', 'en', sampleVars('owner-application-rejected'));
    const without = await renderEmail('owner-application-rejected', 'en', { ...sampleVars('owner-application-rejected'), reason: null });
    assert.ok(withReason.text.includes('Our reviewer wrote'));
    assert.ok(!without.text.includes('Our reviewer wrote') && !without.html.includes('Our reviewer wrote'));
    const noRefund = await renderEmail('booking-cancelled-guest', 'fr', { ...sampleVars('booking-cancelled-guest'), refund: { money: { minor: 0, currency: 'EUR', decimals: 2 } } });
    assert.ok(!noRefund.text.includes('Remboursement'), noRefund.text);
  });

  it('compiles each template shape once', async () => {
    await renderEmail('payment-receipt', 'fr', sampleVars('payment-receipt'));
    const before = compiledCount();
    const started = performance.now();
    for (let i = 0; i < 50; i++) await renderEmail('payment-receipt', 'fr', { ...sampleVars('payment-receipt'), name: `Guest ${i}` });
    const perMail = (performance.now() - started) / 50;
    assert.equal(compiledCount(), before);
    console.log(`# a cached template renders in ${perMail.toFixed(2)} ms`);
  });

  it('warms up with the code templates (a serving instance does it before it listens)', async () => {
    await warmEmailRendering();
    const after = compiledCount();
    await renderEmail('verification-code', 'fr', sampleVars('verification-code'));
    await renderEmail('password-reset-code', 'en', sampleVars('password-reset-code'));
    assert.equal(compiledCount(), after, 'nothing left to compile for a code mail');
  });

  it('picks the locale from Accept-Language', () => {
    assert.equal(negotiateLocale('fr-FR,fr;q=0.9,en;q=0.8'), 'fr');
    assert.equal(negotiateLocale('de-DE,fr;q=0.5'), 'fr');
    assert.equal(negotiateLocale('de-DE'), 'en');
    assert.equal(negotiateLocale('en-US,fr;q=0.9'), 'en');
    assert.equal(negotiateLocale(undefined), 'en');
    assert.equal(negotiateLocale('*'), 'en');
  });
});
