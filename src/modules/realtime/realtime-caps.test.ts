// How many connections one account or one address may hold, and how long a socket outlives its
// token: the newest beyond a cap is refused (4429 / 429) while the others keep receiving; a
// socket closes when its access token expires unless re-authenticated in band.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { realtimeHubOf } from './index.ts';
import {
  commitNotification,
  listen,
  openSse,
  openWs,
  settle,
  until,
  type SseClient,
  type WsClient,
} from './realtime.test-support.ts';

const ACCESS_TTL_MS = 15 * 60_000;
// What a test may take: a close that never comes fails it instead of hanging the run.
const LIMIT = { timeout: 20_000 };

/** Closes whatever the test left open, WebSocket or stream. */
const closeAll = (clients: Array<WsClient | SseClient>) => {
  for (const c of clients) 'ws' in c ? c.ws.terminate() : c.close();
};

describe('real-time connections per user', () => {
  let t: TestApp;
  let host: string;
  const open: Array<WsClient | SseClient> = [];

  before(async () => {
    t = await createTestApp({ env: { REALTIME_MAX_CONNECTIONS_PER_USER: '3' } });
    host = await listen(t.app);
  });
  after(async () => {
    closeAll(open);
    await t?.close();
  });

  it(
    'refuses the connection beyond the cap (WebSocket 4429, SSE 429), keeps the others, and frees a slot when one closes',
    LIMIT,
    async () => {
      const u = await createUser(t.deps);
      const token = await loginAs(t.app, u);
      const hub = realtimeHubOf(t.deps)!;
      const notes = await openWs(host, '/api/ws/notifications', { token });
      const chat = await openWs(host, '/api/ws/chat', { token });
      const stream = await openSse(host, { token });
      open.push(notes, chat, stream);
      await until(() => hub.size === 3, 'three connections');

      const extraWs = await openWs(host, '/api/ws/notifications', { token });
      open.push(extraWs);
      assert.deepEqual(await extraWs.closed, { code: 4429, reason: 'too many connections' });
      const extraSse = await openSse(host, { token });
      open.push(extraSse);
      await extraSse.ended;
      assert.equal(extraSse.status, 429);
      assert.equal(extraSse.headers['retry-after'], '30');
      assert.equal(JSON.parse(extraSse.body()).code, 'RATE_LIMITED');

      // The three that were there first still receive; another user is not affected.
      const other = await createUser(t.deps);
      const otherWs = await openWs(host, '/api/ws/notifications', { token: await loginAs(t.app, other) });
      open.push(otherWs);
      await commitNotification(t.deps, u.id, { type: 'general', title: 'still here' });
      await settle(t.deps);
      assert.equal((await notes.frame(0)).title, 'still here');
      assert.equal((await stream.event(0)).event, 'notification.general');
      assert.equal(chat.ws.readyState, chat.ws.OPEN);
      assert.equal(otherWs.ws.readyState, otherWs.ws.OPEN);
      assert.equal(hub.size, 4);

      notes.ws.close();
      await notes.closed;
      await until(() => hub.size === 3, 'the closed socket to be forgotten');
      const again = await openWs(host, '/api/ws/notifications', { token });
      open.push(again);
      await commitNotification(t.deps, u.id, { type: 'general', title: 'in the freed slot' });
      await settle(t.deps);
      assert.equal((await again.frame(0)).title, 'in the freed slot');
      assert.equal(again.ws.readyState, again.ws.OPEN);
    },
  );
});

describe('real-time connections per client address, before authentication', () => {
  let t: TestApp;
  let host: string;
  const open: Array<WsClient | SseClient> = [];
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  before(async () => {
    t = await createTestApp({ env: { REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: 'true' } });
    host = await listen(t.app);
  });
  after(async () => {
    closeAll(open);
    await t?.close();
  });

  it(
    'refuses with 429 a third connection from one address, whatever its token, while other addresses connect',
    LIMIT,
    async () => {
      const [a, b, c] = [await createUser(t.deps), await createUser(t.deps), await createUser(t.deps)];
      const [ta, tb, tc] = [await loginAs(t.app, a), await loginAs(t.app, b), await loginAs(t.app, c)];
      const ws = await openWs(host, '/api/ws/chat', { token: ta, headers: from('10.0.0.1') });
      const sse = await openSse(host, { token: tb, headers: from('10.0.0.1') });
      open.push(ws, sse);
      assert.equal(sse.status, 200);

      // Refused before the token is looked at: no token at all gets 429, not 401.
      for (const token of [undefined, 'not-a-token', tc]) {
        await assert.rejects(
          openWs(host, '/api/ws/notifications', { token, headers: from('10.0.0.1') }),
          (err: { status: number; body: string }) => {
            assert.equal(err.status, 429);
            assert.equal(JSON.parse(err.body).code, 'RATE_LIMITED');
            return true;
          },
        );
        const refused = await openSse(host, { token, headers: from('10.0.0.1') });
        open.push(refused);
        await refused.ended;
        assert.equal(refused.status, 429);
        assert.equal(refused.headers['retry-after'], '30');
      }
      const elsewhere = await openWs(host, '/api/ws/notifications', { token: tc, headers: from('10.0.0.2') });
      open.push(elsewhere);

      // Closing one frees exactly one slot; refused and unauthenticated attempts hold none.
      ws.ws.close();
      await ws.closed;
      await assert.rejects(openWs(host, '/api/ws/chat', { token: 'not-a-token', headers: from('10.0.0.1') }), {
        status: 401,
      });
      const bad = await openSse(host, { token: 'not-a-token', headers: from('10.0.0.1') });
      open.push(bad);
      await bad.ended;
      assert.equal(bad.status, 401);
      const next = await openWs(host, '/api/ws/chat', { token: tc, headers: from('10.0.0.1') });
      open.push(next);
      await assert.rejects(openWs(host, '/api/ws/chat', { token: tc, headers: from('10.0.0.1') }), { status: 429 });
      assert.equal(next.ws.readyState, next.ws.OPEN);
    },
  );
});

describe('real-time connections and token expiry', () => {
  let t: TestApp;
  let host: string;
  const open: Array<WsClient | SseClient> = [];

  before(async () => {
    t = await createTestApp();
    host = await listen(t.app);
  });
  after(async () => {
    closeAll(open);
    await t?.close();
  });

  /** A token with about a second left: logged in, then the clock moved to just before its expiry. */
  const almostExpired = async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    t.clock.advance(ACCESS_TTL_MS - 1500);
    return { u, token };
  };

  it(
    'closes a WebSocket with 4401 "token expired" and ends an SSE stream when the access token expires',
    LIMIT,
    async () => {
      const { u, token } = await almostExpired();
      const fresh = await loginAs(t.app, u);
      const ws = await openWs(host, '/api/ws/notifications', { token });
      const sse = await openSse(host, { token });
      const kept = await openWs(host, '/api/ws/chat', { token: fresh });
      open.push(ws, sse, kept);
      assert.equal(sse.status, 200);
      assert.deepEqual(await ws.closed, { code: 4401, reason: 'token expired' });
      await sse.ended;
      await sleep(200);
      assert.equal(kept.ws.readyState, kept.ws.OPEN, 'a socket whose token is still valid stays open');
    },
  );

  it(
    'keeps a WebSocket re-authenticated in band with a refreshed token; refuses a bad or foreign token with 4401',
    LIMIT,
    async () => {
      const { u, token } = await almostExpired();
      const ws = await openWs(host, '/api/ws/notifications', { token });
      open.push(ws);
      const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) });
      assert.equal(refreshed.statusCode, 200, refreshed.body);
      ws.ws.send(JSON.stringify({ type: 'authenticate', token: refreshed.json().data.newToken }));
      ws.ws.send('not json, ignored');
      await sleep(2500);
      assert.equal(ws.ws.readyState, ws.ws.OPEN, 'open past the first token expiry');
      await commitNotification(t.deps, u.id, { type: 'general', title: 'after renewal' });
      await settle(t.deps);
      assert.equal((await ws.frame(0)).title, 'after renewal');

      ws.ws.send(JSON.stringify({ type: 'authenticate', token: 'not-a-token' }));
      assert.deepEqual(await ws.closed, { code: 4401, reason: 'token refused' });

      const other = await openWs(host, '/api/ws/chat', { token: await loginAs(t.app, u) });
      open.push(other);
      other.ws.send(JSON.stringify({ type: 'authenticate', token: await loginAs(t.app, u) }));
      assert.deepEqual(await other.closed, { code: 4401, reason: 'token refused' });
    },
  );

  it('documents the caps, the close codes and the re-authentication frame in the OpenAPI document', LIMIT, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const path of ['/api/ws/notifications', '/api/ws/chat']) {
      const op = doc.paths[path].get;
      for (const text of [
        '4429',
        'token expired',
        '"type":"authenticate"',
        'REALTIME_MAX_CONNECTIONS_PER_USER',
        'REALTIME_MAX_CONNECTIONS_PER_ADDRESS',
      ]) {
        assert.ok(op.description.includes(text), `${path} mentions ${text}`);
      }
      assert.ok(op.responses['429']);
    }
    const sse = doc.paths['/api/notifications/stream'].get;
    for (const text of ['429', 'Retry-After', 'expires', 'REALTIME_MAX_CONNECTIONS_PER_USER'])
      assert.ok(sse.description.includes(text), `SSE mentions ${text}`);
    assert.ok(sse.responses['429']);
  });
});
