// What the HTTP layer answers before any route runs, over a real socket to the real entry point:
// every such answer is the contract's error body (success, message, code) in JSON with an
// X-Request-Id, not Node's or Fastify's own body.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { createTestDatabase, onPostgres, type TestDatabase, serverDataDir } from './helpers/test-database.ts';
import { killServer, startServer, type ServerProcess } from './helpers/server-process.ts';
import { MAX_URL_BYTES } from '../src/platform/http-limits.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `parts` (one after another, `gapMs` apart) on a fresh connection; resolves with what came back once it closes. */
function exchange(port: number, parts: string[], gapMs = 0, giveUpMs = 8000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (c) => (raw += c));
    socket.on('error', () => {});
    const giveUp = setTimeout(() => socket.destroy(new Error('the server kept the connection open')), giveUpMs);
    socket.on('close', () => {
      clearTimeout(giveUp);
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1]);
      if (!status) return reject(new Error(`no HTTP answer: ${JSON.stringify(raw.slice(0, 300))}`));
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status, headers, body: rest.join('\r\n\r\n') });
    });
    void (async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        socket.write(part);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
    })();
  });
}

/** Asserts the contract's error body and returns it. */
function envelope(res: RawAnswer, status: number, code: string) {
  assert.equal(res.status, status, JSON.stringify(res));
  assert.match(res.headers['content-type'] ?? '', /^application\/json/);
  const body = JSON.parse(res.body.slice(0, Number(res.headers['content-length'] ?? res.body.length)));
  assert.deepEqual(Object.keys(body).sort(), ['code', 'message', 'success'], res.body);
  assert.equal(body.success, false);
  assert.equal(body.code, code);
  assert.ok(typeof body.message === 'string' && body.message.length > 0);
  assert.match(res.headers['x-request-id'] ?? '', /^[\w.:-]+$/, 'every answer carries X-Request-Id');
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  return body as { message: string };
}

const get = (url: string, extra = '') => `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;

describe('errors of the HTTP layer, before any route', () => {
  let dataDir: string;
  let database: TestDatabase | null = null;
  let server: ServerProcess;
  before(async () => {
    dataDir = await serverDataDir('stays-http-layer-');
    if (onPostgres) database = await createTestDatabase();
    server = await startServer({
      DATA_DIR: dataDir,
      BODY_LIMIT_BYTES: '2048',
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '1500',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    });
  });
  after(async () => {
    if (server) await killServer(server);
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('431 HEADERS_TOO_LARGE for a request head over 16 KiB', async () => {
    envelope(
      await exchange(server.port, [get('/healthz', `X-Padding: ${'a'.repeat(20_000)}\r\n`)]),
      431,
      'HEADERS_TOO_LARGE',
    );
  });

  it('400 BAD_REQUEST for a malformed request line or header, and for a URL path that is not valid percent-encoding', async () => {
    for (const text of [
      'GARBAGE\r\n\r\n',
      'GET /healthz HTTP/7.5\r\nHost: x\r\n\r\n',
      'GET /healthz HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n',
    ]) {
      envelope(await exchange(server.port, [text]), 400, 'BAD_REQUEST');
    }
    const bad = envelope(await exchange(server.port, [get('/api/properties/%zz<script>')]), 400, 'BAD_REQUEST');
    assert.doesNotMatch(bad.message, /script/, 'the URL is not echoed');
  });

  it(`414 URI_TOO_LONG for a URL over ${MAX_URL_BYTES} bytes (on a route or not) or a path parameter over 100 characters; a URL at the limit is served`, async () => {
    const query = (total: number) =>
      `/api/properties/public?q=${'a'.repeat(total - '/api/properties/public?q='.length)}`;
    envelope(await exchange(server.port, [get(query(MAX_URL_BYTES + 1))]), 414, 'URI_TOO_LONG');
    envelope(await exchange(server.port, [get(`/nowhere?${'b'.repeat(MAX_URL_BYTES)}`)]), 414, 'URI_TOO_LONG');
    envelope(await exchange(server.port, [get(`/api/properties/${'1'.repeat(101)}`)]), 414, 'URI_TOO_LONG');
    const atLimit = await exchange(server.port, [get(query(MAX_URL_BYTES))]);
    assert.notEqual(atLimit.status, 414, atLimit.body);
    assert.ok(atLimit.status < 500, atLimit.body);
  });

  it('413 PAYLOAD_TOO_LARGE for a body over BODY_LIMIT_BYTES, declared or chunked', async () => {
    const head = 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n';
    const big = JSON.stringify({ login: 'a'.repeat(3000), password: 'secret-123' });
    envelope(
      await exchange(server.port, [`${head}Content-Length: ${big.length}\r\n\r\n${big}`]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    envelope(
      await exchange(server.port, [
        `${head}Transfer-Encoding: chunked\r\n\r\n${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`,
      ]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('408 REQUEST_TIMEOUT for a head or a body that does not arrive in time', async () => {
    const started = Date.now();
    envelope(await exchange(server.port, ['GET /healthz HTTP/1.1\r\nHost: x\r\n']), 408, 'REQUEST_TIMEOUT');
    const body = '{"login":"slow@example.test","password":"not-the-password"}';
    envelope(
      await exchange(server.port, [
        `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body.slice(0, 10),
      ]),
      408,
      'REQUEST_TIMEOUT',
    );
    assert.ok(Date.now() - started < 8000, `took ${Date.now() - started} ms`);
  });

  it('keeps serving ordinary requests', async () => {
    const res = await fetch(`${server.url}/healthz`);
    assert.equal(res.status, 200);
  });
});
