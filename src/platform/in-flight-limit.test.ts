// Bounded concurrency: with MAX_REQUESTS_IN_FLIGHT requests being served, the next gets a quick
// 503 with Retry-After in the usual error body (never a 500, never a wait); a slot is free again
// once its request has been served, not before, even when its client has gone; a body still on
// its way, SSE-like hijacked replies and WebSocket upgrades do not hold slots.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';

const OVERLOADED = {
  success: false,
  message: 'The service is overloaded; try again shortly',
  code: 'SERVICE_UNAVAILABLE',
};

describe('in-flight limit', () => {
  let t: TestApp;
  // Requests parked in the slow route until the test lets them go.
  const parked: Array<() => void> = [];
  const streams: ServerResponse[] = [];
  const releaseAll = () => {
    for (const go of parked.splice(0)) go();
  };

  before(async () => {
    t = await createTestApp({
      env: { MAX_REQUESTS_IN_FLIGHT: '2' },
      extraRoutes: async (api) => {
        api.get('/test/slow', async () => {
          await new Promise<void>((resolve) => parked.push(resolve));
          return { done: true };
        });
        // A route that answers at once: what a request beyond the limit is refused on.
        api.get('/test/fast', async () => ({ fast: true }));
        api.post('/test/slow', async () => {
          await new Promise<void>((resolve) => parked.push(resolve));
          return { done: true };
        });
        // Like the SSE route: hijacks and keeps the response open.
        api.get('/test/stream', async (_req, reply) => {
          reply.hijack();
          reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
          reply.raw.write(': open\n\n');
          streams.push(reply.raw);
        });
      },
    });
  });
  after(async () => {
    releaseAll();
    for (const s of streams) s.end();
    await t.close();
  });

  let port = 0;
  const listening = async () => {
    if (!port) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    }
    return port;
  };

  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 200 && !ok(); i++) await sleep(5);
    assert.ok(ok(), 'condition not reached');
  };

  it('answers 503 with Retry-After beyond the limit, and serves again once a slot is free', async () => {
    const first = t.app.inject({ method: 'GET', url: '/api/test/slow' });
    const second = t.app.inject({ method: 'GET', url: '/api/test/slow' });
    await until(() => parked.length === 2);
    const shed = await t.app.inject({ method: 'GET', url: '/api/test/fast' });
    assert.equal(shed.statusCode, 503, shed.body);
    assert.equal(shed.headers['retry-after'], '1');
    assert.deepEqual(shed.json(), OVERLOADED);
    // The readiness check is refused in its own shape, not the error envelope its schema cannot carry.
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 503, ready.body);
    assert.deepEqual(ready.json(), { status: 'overloaded' });
    parked.shift()!();
    assert.equal((await first).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/test/fast' })).statusCode, 200);
    releaseAll();
    assert.equal((await second).statusCode, 200);
  });

  it('keeps the slot of a client that went away until its request has been served', async () => {
    const gone = http.get({ host: '127.0.0.1', port: await listening(), path: '/api/test/slow', agent: false });
    gone.on('error', () => {});
    const kept = t.app.inject({ method: 'GET', url: '/api/test/slow' });
    await until(() => parked.length === 2);
    gone.destroy();
    await sleep(100);
    // Its handler still runs (and would still hold its place in a database queue): still full.
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/test/fast' })).statusCode, 503);
    parked.shift()!();
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      await sleep(10);
      status = (await t.app.inject({ method: 'GET', url: '/api/test/fast' })).statusCode;
    }
    assert.equal(status, 200);
    releaseAll();
    assert.equal((await kept).statusCode, 200);
  });

  it('does not count a request while its body is on its way, and admits it (or not) once the body has arrived', async () => {
    const body = JSON.stringify({ note: 'x'.repeat(100) });
    const socket = connect(await listening(), '127.0.0.1');
    let answer = '';
    socket.on('data', (c) => (answer += c));
    socket.on('error', () => {});
    socket.write(
      `POST /api/test/slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(100);
    // The trickling client holds no slot: both are free for others.
    const slow = [
      t.app.inject({ method: 'GET', url: '/api/test/slow' }),
      t.app.inject({ method: 'GET', url: '/api/test/slow' }),
    ];
    await until(() => parked.length === 2);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/test/fast' })).statusCode, 503);
    // Its body arrives while the limit is full: refused then, before any work on it.
    socket.write(body.slice(10));
    await until(() => answer.includes('\r\n\r\n'));
    assert.match(answer, /^HTTP\/1\.1 503 /);
    assert.match(answer, /retry-after: 1/i);
    assert.equal(parked.length, 2);
    releaseAll();
    for (const r of slow) assert.equal((await r).statusCode, 200);
    socket.destroy();
    // With room, a request with a body is admitted once it has arrived, and served.
    const posted = t.app.inject({ method: 'POST', url: '/api/test/slow', payload: { note: 'y' } });
    await until(() => parked.length === 1);
    releaseAll();
    assert.equal((await posted).statusCode, 200);
  });

  it('does not count hijacked streams or WebSocket upgrades', async () => {
    // Two open streams would fill both slots if they were counted.
    const opened = [
      t.app.inject({ method: 'GET', url: '/api/test/stream', payloadAsStream: true }),
      t.app.inject({ method: 'GET', url: '/api/test/stream', payloadAsStream: true }),
    ];
    await until(() => streams.length === 2);
    const slow = [
      t.app.inject({ method: 'GET', url: '/api/test/slow' }),
      t.app.inject({ method: 'GET', url: '/api/test/slow' }),
    ];
    await until(() => parked.length === 2);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/test/fast' })).statusCode, 503);
    // Full, yet an upgrade request still reaches its route (here a plain route: no upgrade happens).
    const upgrade = t.app.inject({
      method: 'GET',
      url: '/api/test/slow',
      headers: { connection: 'upgrade', upgrade: 'websocket' },
    });
    await until(() => parked.length === 3);
    releaseAll();
    for (const r of [...slow, upgrade]) assert.equal((await r).statusCode, 200);
    for (const s of streams.splice(0)) s.end();
    for (const r of opened) (await r).stream().resume();
  });
});
