// Every template in both languages: subject, HTML part and text part; the escaping of what users
// typed; dates and amounts written the recipient's way; the compiled-template cache.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { VALUE_MAX, compiledCount, renderEmail, warmEmailRendering } from './render-email.ts';
import { TEMPLATE_NAMES } from './templates.ts';
import { LOCALES, negotiateLocale } from './locales.ts';
import { formatDate, formatDuration, formatMoney } from './format.ts';
import { en } from './translations/en.ts';
import { fr } from './translations/fr.ts';
import { HOSTILE, sampleVars } from './emails.test-support.ts';

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o)
    .flatMap(([k, v]) => (typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
    .sort();

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
        assert.ok(
          mail.text.startsWith(
            locale === 'fr'
              ? fr.templates[template].heading.replace(/\{product\}/, 'Stays')
              : en.templates[template].heading.replace(/\{product\}/, 'Stays'),
          ),
        );
        assert.ok(mail.text.includes(locale === 'fr' ? 'Bonjour Camille,' : 'Hello Camille,'));
        for (const [key, value] of Object.entries(sampleVars(template))) {
          if (typeof value === 'string' && ['property', 'ref', 'code', 'guest', 'reason'].includes(key)) {
            assert.ok(mail.text.includes(value), `${key} in the text part`);
          }
        }
        const link = sampleVars(template).link;
        if (
          typeof link === 'string' &&
          template !== 'verification-code' &&
          template !== 'owner-application-rejected' &&
          template !== 'payout-sent'
        ) {
          assert.ok(mail.text.includes(link), 'the link in the text part, as it is');
          assert.ok(
            mail.html.includes(`href="${link.replaceAll('&', '&amp;')}"`),
            'the link in the HTML part, escaped as an attribute',
          );
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
        assert.ok(
          mail.html.includes(
            '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot; &#39;single&#39;',
          ),
          `${template}/${locale}: escaped value`,
        );
        assert.ok(mail.text.includes(HOSTILE), `${template}/${locale}: the text part keeps the value as typed`);
        // Subjects are headers: a value with a line break could add one.
        assert.ok(!/[\r\n]/.test(mail.subject));
      }
    }
    const injected = await renderEmail('booking-confirmed-guest', 'en', {
      ...sampleVars('booking-confirmed-guest'),
      property: 'Loft\r\nBcc: x@example.test',
    });
    assert.equal(injected.subject, 'Booking confirmed: Loft Bcc: x@example.test');
  });

  it('puts every value on one line, bounded, so no value starts a paragraph of its own', async () => {
    const PARAGRAPHS = '\r\n\r\nYour account is locked.\u2028Unlock it now: https://evil.example/unlock\n\tThanks';
    for (const template of TEMPLATE_NAMES) {
      for (const locale of LOCALES) {
        const vars = sampleVars(template);
        const spoiled = Object.fromEntries(
          Object.entries(vars).map(([k, v]) => [k, typeof v === 'string' && k !== 'link' ? `${v}${PARAGRAPHS}` : v]),
        );
        const clean = await renderEmail(template, locale, vars);
        const mail = await renderEmail(template, locale, spoiled);
        const where = `${template}/${locale}`;
        assert.equal(mail.text.split('\n').length, clean.text.split('\n').length, `${where}: no line added`);
        assert.ok(!/^(Your account|Unlock|\s*Thanks)/m.test(mail.text), `${where}: ${mail.text}`);
        assert.ok(!/[\r\t\u2028]/.test(mail.text + mail.subject), `${where}: no control character left`);
      }
    }
    const long = await renderEmail('verification-code', 'en', {
      ...sampleVars('verification-code'),
      name: 'A'.repeat(50_000),
    });
    const greeting = long.text.split('\n').find((l) => l.startsWith('Hello '))!;
    assert.equal(greeting, `Hello ${'A'.repeat(VALUE_MAX - 1)}…,`);
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
    // An instant in the recipient's time zone, which is named.
    assert.equal(formatDate('2026-05-02T23:30:00.000Z', 'fr', 'Europe/Paris'), '3 mai 2026 à 01:30 UTC+2');
    assert.equal(formatDate('2026-11-29T03:01:00.000Z', 'fr', 'UTC'), '29 novembre 2026 à 03:01 UTC');
    assert.equal(formatDate('2026-11-29T03:01:00.000Z', 'en', 'Europe/Paris'), '29 November 2026 at 04:01 CET');
    const receipt = await renderEmail('payment-receipt', 'fr', sampleVars('payment-receipt'), { timeZone: 'UTC' });
    assert.ok(receipt.text.includes('Payé le : 2 mai 2026 à 14:30 UTC'), receipt.text);
  });

  it('states how long a code or a link lasts in the unit people use', async () => {
    const says = async (
      template: 'verification-code' | 'password-reset-code' | 'staff-invitation',
      locale: 'en' | 'fr',
    ) => (await renderEmail(template, locale, sampleVars(template))).text;
    assert.ok((await says('verification-code', 'en')).includes('It is valid for 24 hours and works once.'));
    assert.ok(
      (await says('verification-code', 'fr')).includes('Il est valable 24\u00a0heures et ne sert qu’une fois.'),
    );
    assert.ok((await says('password-reset-code', 'en')).includes('It is valid for 15 minutes and works once.'));
    assert.ok((await says('staff-invitation', 'en')).includes('The link is valid for 7 days and works once.'));
    assert.ok(
      (await says('staff-invitation', 'fr')).includes('Le lien est valable 7\u00a0jours et ne sert qu’une fois.'),
    );
    const cases: Array<[number, string, string]> = [
      [60, '1 minute', '1 minute'],
      [90 * 60, '90 minutes', '90 minutes'],
      [3600, '1 hour', '1 heure'],
      [48 * 3600, '48 hours', '48 heures'],
      [72 * 3600, '3 days', '3 jours'],
      [100 * 3600, '100 hours', '100 heures'],
    ];
    // French mostly puts a no-break space between the number and its unit (Intl decides which).
    for (const [seconds, english, french] of cases) {
      assert.equal(formatDuration(seconds, 'en'), english);
      assert.equal(formatDuration(seconds, 'fr').replace(/\s/g, ' '), french);
    }
  });

  it('leaves out optional blocks whose value is missing', async () => {
    const withReason = await renderEmail('owner-application-rejected', 'en', sampleVars('owner-application-rejected'));
    const without = await renderEmail('owner-application-rejected', 'en', {
      ...sampleVars('owner-application-rejected'),
      reason: null,
    });
    assert.ok(withReason.text.includes('Our reviewer wrote'));
    assert.ok(!without.text.includes('Our reviewer wrote') && !without.html.includes('Our reviewer wrote'));
    const noRefund = await renderEmail('booking-cancelled-guest', 'fr', {
      ...sampleVars('booking-cancelled-guest'),
      refund: { money: { minor: 0, currency: 'EUR', decimals: 2 } },
    });
    assert.ok(!noRefund.text.includes('Remboursement'), noRefund.text);
  });

  it('compiles each template shape once', async () => {
    await renderEmail('payment-receipt', 'fr', sampleVars('payment-receipt'));
    const before = compiledCount();
    const started = performance.now();
    for (let i = 0; i < 50; i++)
      await renderEmail('payment-receipt', 'fr', { ...sampleVars('payment-receipt'), name: `Guest ${i}` });
    const perMail = (performance.now() - started) / 50;
    assert.equal(compiledCount(), before);
    console.log(`# a cached template renders in ${perMail.toFixed(2)} ms`);
  });

  it('warms up with the code templates (a serving instance does it right after it listens)', async () => {
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
