// What the README says the service prints is what it prints: every `# → …` answer and the quoted
// log lines of README.md's shell blocks are compared with what the same calls give on a test app
// (its log written as a terminal shows it). A `…` in a quote stands for any text (an id, the rest
// of a mail); text after two spaces and an opening parenthesis is the README's remark. The
// first session's request bodies are the README's own `-d` payloads. The payment block runs on a
// listing of the test's own instead of the demo seed's, which changes no quoted line.
// run-once: the README against the service's answers; they do not depend on the database
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { bearer, createUser, loginAs } from './helpers/factories.ts';
import { createProperty } from './helpers/catalog-factories.ts';
import { createLogger } from '../src/platform/logger.ts';

const README_CODE = '922411';
const BASE = 'http://127.0.0.1:3000';

/** `# → ` answers of the README's shell blocks, in order, without their remarks. */
function quotedAnswers(readme: string): string[] {
  return [...readme.matchAll(/^# → (.+)$/gm)].map(([, quote = '']) => quote.replace(/\s{2,}\(.*$/, '').trim());
}

/** The quoted log lines: `#   ` lines right after the comment that says to read the log. */
function quotedLogLines(readme: string): string[] {
  const lines = readme.split('\n');
  const at = lines.findIndex((l) => l.startsWith('# read the code there'));
  assert.ok(at >= 0, 'the README says where the code is read');
  const after = lines.slice(at + 1);
  const end = after.findIndex((l) => !l.startsWith('#   '));
  return after.slice(0, end < 0 ? after.length : end).map((l) => l.slice(4));
}

/** A quote as a pattern: literal text, with `…` standing for anything. */
const pattern = (quote: string) =>
  new RegExp(
    quote
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*'),
  );

/** The bodies the "A first session with curl" block sends, in order. */
function firstSessionBodies(readme: string): Array<Record<string, string>> {
  const block = readme.slice(readme.indexOf('## A first session with curl'));
  const commands = block.slice(0, block.indexOf('```\n', block.indexOf('```sh') + 5));
  return [...commands.matchAll(/-d '([^']*)'/g)].map(([, body = '']) => JSON.parse(body));
}

describe('README quotes', () => {
  let t: TestApp;
  let readme: string;
  let logText = '';
  before(async () => {
    readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const terminal = new Writable({
      write(chunk, _enc, cb) {
        logText += String(chunk);
        cb();
      },
    });
    t = await createTestApp({
      env: { PUBLIC_BASE_URL: BASE, LOG_LEVEL: 'info' },
      log: createLogger('info', terminal, { pretty: true }),
    });
  });
  after(() => t.close());

  const answers: string[] = [];

  it('the payment through the local checkout answers as quoted', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const listing = await createProperty(t.deps, owner.id);
    const traveller = await createUser(t.deps);
    const token = await loginAs(t.app, traveller);
    const day = (n: number) => new Date(Date.now() + n * 864e5).toISOString().slice(0, 10);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: bearer(token),
      payload: { property_id: listing.id, checkin_date: day(60), checkout_date: day(63), guests: { adults: 2 } },
    });
    assert.equal(booked.statusCode, 201, booked.body);
    const id = booked.json().data.id as number;
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/payments/process',
      headers: bearer(token),
      payload: { reservation_id: id, type: 'reservation', currency: 'EUR', payment_method: 'card' },
    });
    assert.equal(opened.statusCode, 200, opened.body);
    const url = new URL(opened.json().data.payment.payment_details.url as string);
    const page = await t.app.inject({ method: 'GET', url: url.pathname });
    const form = /name="token" value="([^"]*)"/.exec(page.body)?.[1] ?? '';
    const paid = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(form)}`,
    });
    answers.push(`${paid.statusCode} ${new URL(String(paid.headers.location), url).href}`);
    const sessionId = url.pathname.split('/checkout/')[1];
    const verify = (
      await t.app.inject({ method: 'GET', url: `/api/subscription-payment/verify?session_id=${sessionId}` })
    ).json().data;
    answers.push(`${verify.outcome} ${verify.payment.status} ${verify.reservation.status}`);
    const reservation = (
      await t.app.inject({ method: 'GET', url: `/api/reservations/${id}`, headers: bearer(token) })
    ).json().data;
    answers.push(`${reservation.status} ${reservation.booking_ref_code}`);
  });

  it('the first session prints the mail and answers as quoted', async () => {
    const [register, verify, login] = firstSessionBodies(readme);
    assert.ok(register && verify && login, 'the README sends a registration, a code and a login');
    const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: register });
    assert.equal(registered.statusCode, 201, registered.body);
    const code = /Your verification code: (\d{6})/.exec(logText)?.[1];
    assert.ok(code, `the code is in the log:\n${logText}`);
    // The README's example code stands in for this run's.
    const printed = logText.replaceAll(code, README_CODE).split('\n');
    for (const quote of quotedLogLines(readme))
      assert.ok(
        printed.some((line) => pattern(quote).test(line)),
        `the log has a line like: ${quote}\n--- the log:\n${printed.join('\n')}`,
      );
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { ...verify, code },
    });
    assert.equal(verified.statusCode, 200, verified.body);
    const session = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: login });
    assert.equal(session.statusCode, 200, session.body);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: bearer(session.json().data.token),
    });
    const newToken = refreshed.json().data.newToken as string;
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(newToken) });
    answers.push((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(newToken) })).body);
  });

  it('every quoted answer is what the service answered', () => {
    const quotes = quotedAnswers(readme);
    assert.equal(
      quotes.length,
      answers.length,
      `quoted: ${JSON.stringify(quotes)}\nanswered: ${JSON.stringify(answers)}`,
    );
    for (const [i, quote] of quotes.entries()) assert.match(answers[i] ?? '', new RegExp(`^${pattern(quote).source}$`));
  });
});
