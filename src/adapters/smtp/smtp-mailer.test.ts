import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSmtpReceiver as startReceiver } from '../../../test/helpers/smtp-receiver.ts';
import { SmtpMailer } from './smtp-mailer.ts';

/** The value of one header of a raw message (unfolded). */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head);
  return m?.[1]?.trim();
}

describe('SmtpMailer', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let mailer: SmtpMailer;
  before(async () => {
    receiver = await startReceiver();
    mailer = new SmtpMailer(receiver.url, 'Stays <no-reply@stays.test>');
  });
  after(async () => {
    await mailer.close();
    await receiver.close();
  });

  it('delivers a message with from, to, subject and body to the SMTP server', async () => {
    await mailer.send({
      to: 'guest@example.test',
      subject: 'Your code is 123456',
      text: 'Use 123456 to verify your e-mail address.',
    });
    assert.equal(receiver.received.length, 1);
    const m = receiver.received[0]!;
    assert.equal(m.mailFrom, 'no-reply@stays.test');
    assert.deepEqual(m.rcptTo, ['guest@example.test']);
    assert.equal(header(m.raw, 'From'), 'Stays <no-reply@stays.test>');
    assert.equal(header(m.raw, 'To'), 'guest@example.test');
    assert.equal(header(m.raw, 'Subject'), 'Your code is 123456');
    assert.match(m.raw, /Use 123456 to verify your e-mail address\./);
  });

  it('sends the HTML alternative when one is given', async () => {
    await mailer.send({ to: 'host@example.test', subject: 'Booking', text: 'Plain body', html: '<p>Rich body</p>' });
    const m = receiver.received.at(-1)!;
    assert.deepEqual(m.rcptTo, ['host@example.test']);
    assert.match(header(m.raw, 'Content-Type') ?? '', /multipart\/alternative/);
    assert.match(m.raw, /Content-Type: text\/plain[\s\S]*Plain body/);
    assert.match(m.raw, /Content-Type: text\/html[\s\S]*<p>Rich body<\/p>/);
  });
});

describe('SmtpMailer against a server that refuses', () => {
  it('rejects send() when the server refuses the recipient', async () => {
    const receiver = await startReceiver({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
    });
    const mailer = new SmtpMailer(receiver.url, 'Stays <no-reply@stays.test>');
    try {
      await assert.rejects(
        mailer.send({ to: 'nobody@example.test', subject: 'Hi', text: 'Hello' }),
        /Mailbox unavailable|550/,
      );
      assert.equal(receiver.received.length, 0);
    } finally {
      await mailer.close();
      await receiver.close();
    }
  });

  it('rejects send() when no server listens', async () => {
    const receiver = await startReceiver();
    await receiver.close();
    const mailer = new SmtpMailer(receiver.url, 'Stays <no-reply@stays.test>');
    try {
      await assert.rejects(mailer.send({ to: 'a@example.test', subject: 'Hi', text: 'Hello' }));
    } finally {
      await mailer.close();
    }
  });
});
