// Through a real SMTP receiver (SMTP_URL set): each mail leaves as multipart/alternative with a
// text/plain and a text/html part, the code mail at once and a queued event mail by the job.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/helpers/smtp-receiver.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { usersRepository } from '../users/users.repository.ts';
import { sendQueuedEmails } from './send-queued-emails.ts';

describe('e-mails over SMTP', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  before(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Séjours <no-reply@stays.test>' },
    });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  /** Quoted-printable (RFC 2045) → text. */
  const unQp = (s: string) =>
    Buffer.from(
      s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const parts = (raw: string) => {
    assert.match(raw, /^Content-Type: multipart\/alternative;/m);
    assert.match(raw, /^Content-Type: text\/plain; charset=utf-8/m);
    assert.match(raw, /^Content-Type: text\/html; charset=utf-8/m);
    const [text, html] = raw.split(/^Content-Type: text\/html; charset=utf-8/m) as [string, string];
    return { text: unQp(text), html: unQp(html) };
  };

  it('sends the reset code with both parts, in the recipient’s language', async () => {
    const u = await createUser(t.deps);
    await usersRepository(t.deps.db).update(u.id, { locale: 'fr' }, t.clock.now());
    const res = await t.app.inject({ method: 'POST', url: '/api/password_reset/request', payload: { email: u.email } });
    assert.equal(res.statusCode, 200);
    const raw = smtp.received.at(-1)!.raw;
    assert.match(
      raw,
      /^Subject: =\?UTF-8\?Q\?Votre_code_de_r=C3=A9initialisation/m,
      'the French subject, MIME-encoded',
    );
    const { text, html } = parts(raw);
    assert.match(text, /^Réinitialisez votre mot de passe\r?\n/m);
    assert.match(html, /<html lang="fr"/);
    const code = /\b(\d{6})\b/.exec(text)![1]!;
    assert.ok(html.includes(code), 'the same code in the HTML part');
    assert.match(html, /reset-password\?email=/);
  });

  it('sends a queued event mail with both parts', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    await platformRepository(t.deps.db).insertEvent('payout.paid', {
      payout_id: 9,
      owner_id: owner.id,
      amount: '80.00',
      currency: 'EUR',
    });
    await t.deps.outbox.kick();
    await t.deps.outbox.idle();
    const before = smtp.received.length;
    assert.deepEqual(await sendQueuedEmails(t.deps), { sent: 1, failed: 0 });
    assert.equal(smtp.received.length, before + 1);
    const raw = smtp.received.at(-1)!.raw;
    assert.match(raw, /^Subject: =\?UTF-8\?Q\?Payout_sent=3A_/m);
    assert.match(raw, new RegExp(`^To: ${owner.email.replace('.', '\\.')}`, 'mi'));
    const { text, html } = parts(raw);
    assert.match(text, /Payout: 9/);
    assert.match(html, /<!doctype html>/i);
  });
});
