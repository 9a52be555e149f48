import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createLogger } from '../../platform/logger.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { MailMessage } from '../../ports/mailer.ts';
import { OutboxMailer } from './outbox-mailer.ts';

/** Log lines written by pino, parsed. */
function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { lines, log: createLogger('info', stream) };
}

describe('OutboxMailer (the default mailer)', () => {
  let t: TestApp;
  const captured = captureLog();
  before(async () => {
    t = await createTestApp({ log: captured.log });
  });
  after(() => t.close());

  it('is what the container wires when SMTP_URL is not set', () => {
    assert.ok(t.deps.mailer instanceof OutboxMailer);
  });

  it('keeps each message in mail_outbox and writes it to the log', async () => {
    const message: MailMessage = {
      to: 'Guest@Example.test',
      subject: 'Verify your e-mail',
      text: 'Your code is 654321',
      html: '<b>654321</b>',
    };
    await t.deps.mailer.send(message);
    const rows = await platformRepository(t.deps.db).listMail('guest@example.test');
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.to, 'Guest@Example.test');
    assert.equal(rows[0]!.subject, 'Verify your e-mail');
    assert.equal(rows[0]!.text, 'Your code is 654321');
    assert.equal(rows[0]!.html, '<b>654321</b>');
    assert.equal(rows[0]!.transport, 'outbox');
    const line = captured.lines.find((l) => typeof l.msg === 'string' && l.msg.includes('Verify your e-mail'));
    assert.ok(line, JSON.stringify(captured.lines));
    assert.equal(line.level, 30);
    assert.deepEqual(line.mail, {
      to: 'Guest@Example.test',
      subject: 'Verify your e-mail',
      text: 'Your code is 654321',
    });
  });

  it('keeps messages in the order they were sent', async () => {
    await t.deps.mailer.send({ to: 'order@example.test', subject: 'first', text: '1' });
    await t.deps.mailer.send({ to: 'order@example.test', subject: 'second', text: '2' });
    assert.deepEqual(
      (await t.mails('order@example.test')).map((m) => m.subject),
      ['first', 'second'],
    );
  });
});

describe('OutboxMailer', () => {
  // The caller must learn that the mail was not kept (a code the user never gets is a dead end).
  it('rejects when the message could not be recorded', async () => {
    const mailer = new OutboxMailer(
      async () => {
        throw new Error('database unavailable');
      },
      () => {},
    );
    await assert.rejects(mailer.send({ to: 'a@example.test', subject: 's', text: 't' }), /database unavailable/);
    await mailer.close();
  });
});
