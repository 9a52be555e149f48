// Every decoder of outside input runs on a budget (issue 48): each one gets its worst input over
// HTTP while a thread of its own asks GET /healthz on other connections, and /healthz answers
// within 500 ms throughout; the input itself is refused with a 4xx naming the field (or, for mail
// templates fed user text, rendered within the same bound). iCal files: src/modules/ical/ical-budget.test.ts.
// CSV is only written (owner performance exports), never read from outside.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { bearer, createUser, loginAs } from './helpers/factories.ts';
import { bombPng } from './helpers/image-files.ts';
import { healthzWithin } from './helpers/healthz-probe.ts';
import { warmEmailRendering } from '../src/modules/emails/render-email.ts';

// The issue's bound, on top of what /healthz waits on the quiet app just before (the machine's load).
const ANSWER_WITHIN_MS = 500;
const CHANNEL_SECRET = 'channel-secret-0123456789';
const BODY_LIMIT = 1_048_576;

type Answer = { status: number; body: { message?: string; errors?: Record<string, string[]> } };

// The worst JSON within the body limit: nesting as deep as it goes, or keys as many as fit.
const deepArrays = (open = '[', close = ']') => {
  const depth = Math.floor((BODY_LIMIT - 64) / (open.length + close.length));
  return `{"login":"a@b.c","password":"x","extra":${open.repeat(depth)}${close.repeat(depth)}}`;
};
const manyKeys = () => {
  const keys: string[] = [];
  for (let i = 0, size = 0; size < BODY_LIMIT - 64; i++) {
    keys.push(`"k${i}":1`);
    size += keys.at(-1)!.length + 1;
  }
  return `{${keys.join(',')},"login":"a@b.c","password":"x"}`;
};

function multipart(parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>) {
  const boundary = '----budget-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.type ? `\r\ncontent-type: ${p.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

// A channel manager endpoint gone bad: every answer is `hostile`, a JSON body as Channex's are
// (application/json, https://docs.channex.io/api-v.1-documentation/api-reference), written in 64 KB chunks.
let hostile: () => Iterable<string> = () => [];
async function startHostileChannex(): Promise<{ server: Server; base: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunks = hostile()[Symbol.iterator]();
    const next = () => {
      for (let r = chunks.next(); !r.done; r = chunks.next()) if (!res.write(r.value)) return res.once('drain', next);
      res.end();
    };
    res.on('error', () => {});
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1` };
}
function* repeated(text: string, times: number) {
  const chunk = text.repeat(Math.max(1, Math.floor(65_536 / text.length)));
  for (let sent = 0; sent < times * text.length; sent += chunk.length) yield chunk;
}

describe('every parser of outside input on a budget: /healthz answers while the worst input is processed', () => {
  let t: TestApp;
  let port: number;
  let headers: Record<string, string>;
  let channex: { server: Server; base: string };
  before(async () => {
    channex = await startHostileChannex();
    t = await createTestApp({
      env: {
        CHANNEL_MANAGER: 'channex',
        CHANNEX_API_BASE: channex.base,
        CHANNEX_API_KEY: 'unused-key',
        CHANNEX_WEBHOOK_SECRET: CHANNEL_SECRET,
      },
    });
    const user = await createUser(t.deps, { role: 'client' });
    headers = bearer(await loginAs(t.app, user));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    // As a serving instance does before it listens (MAIL_WARM_UP): MJML's first load is start-up's.
    await warmEmailRendering();
  });
  after(async () => {
    await t?.close();
    channex?.server.closeAllConnections();
    await new Promise((resolve) => channex?.server.close(resolve));
  });

  const send = async (
    method: string,
    path: string,
    body: string | Buffer,
    type: string,
    extra: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
      method,
      headers: { 'content-type': type, ...extra },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };
  // Sends the worst input, asking /healthz meanwhile; its result once every answer came within the bound.
  const processed = async <T>(hostile: () => Promise<T>, on = port): Promise<T> => {
    const probe = await healthzWithin(on, ANSWER_WITHIN_MS, hostile);
    assert.ok(
      probe.waits.every((w) => w.status === 200),
      JSON.stringify(probe.waits),
    );
    assert.ok(
      probe.responsive,
      `/healthz waited ${JSON.stringify(probe.runs)} ms (longest, and on the quiet app) while the input was processed`,
    );
    return probe.result;
  };
  const refusedNaming = (answer: Answer, status: number, field: string, message: RegExp) => {
    assert.equal(answer.status, status, JSON.stringify(answer.body).slice(0, 300));
    assert.deepEqual(Object.keys(answer.body.errors ?? {}), [field]);
    assert.match(answer.body.errors![field]![0]!, message);
  };

  it('JSON bodies: nesting deeper than 64 levels, or more than 10,000 keys, is 422 naming body', async () => {
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ] as const) {
      const body = deepArrays(open, close);
      const result = await processed(() => send('POST', '/auth/login', body, 'application/json'));
      refusedNaming(result, 422, 'body', /nests deeper than the 64 levels allowed/);
    }
    const keys = manyKeys();
    const result = await processed(() => send('POST', '/auth/login', keys, 'application/json'));
    refusedNaming(result, 422, 'body', /more than the 10000 keys allowed/);
    // Strings may hold any brackets and colons: only structure counts (login's own length is refused).
    const inString = JSON.stringify({ login: `${'[{:'.repeat(20_000)}`, password: 'x' });
    const answer = await send('POST', '/auth/login', inString, 'application/json');
    assert.deepEqual(Object.keys(answer.body.errors ?? {}), ['login'], JSON.stringify(answer.body).slice(0, 300));
  });

  it('multipart uploads: a decompression bomb (400 megapixels in 50 KB) is 422 naming the file field', async () => {
    const form = multipart([{ name: 'avatar', value: bombPng(20_000), filename: 'a.png', type: 'image/png' }]);
    const result = await processed(() => send('PUT', '/user/update', form.body, form.type, headers));
    refusedNaming(result, 422, 'avatar', /pixels|megapixels/);
  });

  it('multipart uploads: 20,000 parts (1.1 MB) are refused, parsed no further than the chunk crossing the limit', async () => {
    const parts = Array.from({ length: 20_000 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const form = multipart(parts);
    const result = await processed(() => send('PUT', '/user/update', form.body, form.type, headers));
    assert.ok(result.status >= 400 && result.status < 500, JSON.stringify(result));
  });

  it('payment webhook bodies: a megabyte of nesting with no valid signature is 400, never parsed (local and Stripe)', async () => {
    const result = await processed(() =>
      send('POST', '/payments/webhook', deepArrays(), 'application/json', { 'local-signature': 't=1,v1=00' }),
    );
    assert.equal(result.status, 400, JSON.stringify(result.body));
    // The Stripe processor: its SDK checks Stripe-Signature (an HMAC of the raw bytes) before parsing.
    const stripe = await createTestApp({
      database: t.database,
      env: {
        PAYMENT_PROCESSOR: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_budget',
        STRIPE_WEBHOOK_SECRET: 'whsec_budget',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      },
    });
    try {
      await stripe.app.listen({ port: 0, host: '127.0.0.1' });
      const stripePort = (stripe.app.server.address() as AddressInfo).port;
      for (const body of [deepArrays(), manyKeys()]) {
        const answer = await processed(
          () =>
            fetch(`http://127.0.0.1:${stripePort}/api/payments/webhook`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=00`,
              },
              body,
            }).then(async (r) => ({ status: r.status, text: await r.text() })),
          stripePort,
        );
        assert.equal(answer.status, 400, answer.text.slice(0, 300));
      }
    } finally {
      await stripe.close();
    }
  });

  it('channel manager webhooks: a megabyte of nesting or keys is 422 naming body, before the secret is looked at', async () => {
    for (const body of [deepArrays(), manyKeys()]) {
      const result = await processed(() =>
        send('POST', '/channel/webhook', body, 'application/json', { 'x-channel-secret': CHANNEL_SECRET }),
      );
      refusedNaming(result, 422, 'body', /levels allowed|keys allowed/);
    }
  });

  it('channel manager answers: over 8 MB, or nested past 64 levels, are refused unread or unparsed', async () => {
    const cases: Array<[() => Iterable<string>, RegExp]> = [
      [
        () => ['{"data":[', ...repeated('{"id":"x","attributes":{}},', 1_000_000), '{}]}'],
        /more than the 8388608 bytes/,
      ],
      [() => ['{"data":', ...repeated('[', 4_000_000)], /nests deeper than the 64 levels/],
    ];
    for (const [body, message] of cases) {
      hostile = body;
      const result = await processed(() => t.deps.channel!.bookingRevisionsFeed().catch((e: Error) => e));
      assert.ok(result instanceof Error, String(result));
      assert.match(result.message, message);
    }
  });

  it('mail templates fed user text: a registration with the longest hostile names renders its mail meanwhile', async () => {
    const hostile = '<a href="https://evil.test">&amp;</a>\u202e'.repeat(3).slice(0, 100);
    const email = 'hostile-names@example.test';
    const result = await processed(async () => {
      const answer = await send(
        'POST',
        '/auth/register',
        JSON.stringify({
          username: 'hostilenames',
          first_name: hostile,
          last_name: hostile,
          email,
          password: 'long-enough-1',
          password_confirmation: 'long-enough-1',
        }),
        'application/json',
      );
      await t.deps.outbox.idle();
      return answer;
    });
    assert.equal(result.status, 201, JSON.stringify(result.body));
    const [mail] = await t.mails(email);
    assert.match(mail?.text ?? '', /\b\d{6}\b/, 'the verification mail was rendered');
  });
});
