// What keeps the transports healthy under bad clients: bounded buffers (a reader that stalls is
// dropped, everyone else keeps receiving promptly), pings, presence, shutdown, the API document.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, loginAs } from '../../../test/helpers/factories.ts';
import { users } from '../../db/schema/index.ts';
import { createLogger } from '../../platform/logger.ts';
import type { PublishedEvent } from '../../kernel/events.ts';
import type { NotificationCreated } from './frames.ts';
import { realtimeHubOf } from './index.ts';
import { listen, openSse, openWs, until } from './realtime.test-support.ts';

const BUFFER = 64 * 1024;
let eventSeq = 8_000_000_000;

/** Publishes `n` big notifications for the user straight on the bus, as the relay would. */
async function burst(t: TestApp, userId: number, n: number, size = 8 * 1024): Promise<void> {
  const text = 'x'.repeat(size);
  for (let i = 0; i < n; i++) {
    eventSeq += 1;
    const data: NotificationCreated = {
      notification_id: eventSeq,
      user_id: userId,
      type: 'general',
      title: `burst ${i}`,
      message: text,
      data: {},
      created_at: new Date().toISOString(),
    };
    const ev: PublishedEvent = { eventId: eventSeq, topic: 'notification.created', occurredAt: data.created_at, data };
    await t.deps.bus.publish('notification.created', ev);
    // The test's clients share this event loop: give the reading one its turn to read.
    await new Promise((r) => setImmediate(r));
  }
}

describe('real-time limits', () => {
  let t: TestApp;
  let host: string;

  before(async () => {
    t = await createTestApp({
      env: { REALTIME_MAX_BUFFER_BYTES: String(BUFFER), REALTIME_PING_MS: '150', REALTIME_HEARTBEAT_MS: '1000' },
    });
    host = await listen(t.app);
  });
  after(async () => {
    await t?.close();
  });

  it('drops a WebSocket and an SSE stream that stop reading; a reading client still gets every event promptly', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const slowWs = await openWs(host, '/api/ws/notifications', { token });
    const slowSse = await openSse(host, { token });
    const fast = await openWs(host, '/api/ws/notifications', { token });
    const hub = realtimeHubOf(t.deps)!;
    await until(() => hub.size === 3, 'three connections');
    slowWs.ws.pause();
    slowSse.raw.pause();
    const n = 1500; // 12 MB: more than the kernel buffers of a loopback socket can hide
    const start = Date.now();
    await burst(t, u.id, n);
    await fast.frame(n - 1, 20_000);
    const elapsed = Date.now() - start;
    assert.equal(fast.frames.length, n);
    assert.ok(elapsed < 10_000, `the reading client waited ${elapsed} ms`);
    await until(() => hub.size === 1, 'the two stalled clients to be dropped');
    slowWs.ws.resume();
    slowSse.raw.resume();
    // The close frame sits behind megabytes the client never read: after the grace period the
    // connection is cut, so the client sees 1013 if it caught up in time, else 1006.
    assert.ok([1013, 1006].includes((await slowWs.closed).code));
    await slowSse.ended;
    assert.ok(slowWs.frames.length < n && slowSse.events.length < n);
    fast.ws.close();
  });

  it('terminates a WebSocket that stops answering pings', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const deaf = new WebSocket(`ws://${host}/api/ws/chat?token=${token}`, { autoPong: false });
    const closed = new Promise<number>((r) => deaf.on('close', (code) => r(code)));
    const healthy = await openWs(host, '/api/ws/chat', { token });
    assert.equal(await closed, 1006);
    assert.equal(healthy.ws.readyState, healthy.ws.OPEN);
    healthy.ws.close();
  });

  it('keeps a WebSocket that answers through stalls of the server itself, and still ends a deaf one', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const healthy = await openWs(host, '/api/ws/chat', { token });
    // The process stalls right after the client answered a ping, past the next round (150 ms),
    // while the pong sits unread: a round that judged then would end a client that did answer.
    let stalls = 3;
    const stalled = new Promise<void>((resolve) =>
      healthy.ws.on('ping', () => {
        const end = Date.now() + 250;
        while (Date.now() < end);
        if (--stalls === 0) resolve();
      }),
    );
    const endedWith = await Promise.race([stalled.then(() => null), healthy.closed.then(({ code }) => code)]);
    assert.equal(endedWith, null, 'the answering client was ended');
    const deaf = new WebSocket(`ws://${host}/api/ws/chat?token=${token}`, { autoPong: false });
    const deafClosed = new Promise<number>((r) => deaf.on('close', (code) => r(code)));
    assert.equal(await deafClosed, 1006);
    assert.equal(healthy.ws.readyState, healthy.ws.OPEN);
    healthy.ws.close();
  });

  it('reports presence and writes last_seen_at when the last connection of the user closes', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const online = async () => (await t.deps.presence.online([u.id])).has(u.id);
    const lastSeen = async () =>
      (await t.deps.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, u.id)))[0]!.at;
    assert.equal(await online(), false);
    const a = await openWs(host, '/api/ws/chat', { token });
    const b = await openSse(host, { token });
    await until(online, 'online');
    t.clock.advance(60_000);
    a.ws.close();
    await a.closed;
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(await online(), true);
    assert.equal(await lastSeen(), null);
    t.clock.advance(60_000);
    const expected = t.clock.now().getTime();
    b.close();
    await until(async () => !(await online()), 'offline');
    await until(async () => (await lastSeen())?.getTime() === expected, 'last_seen_at');
  });

  it('documents the three endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const path of ['/api/ws/notifications', '/api/ws/chat']) {
      const op = doc.paths[path]?.get;
      assert.ok(op?.description?.includes('4401'), `${path} described`);
      assert.ok(op.responses['101'] && op.responses['401'] && op.responses['426']);
      assert.ok(op.parameters.some((p: { name: string; in: string }) => p.name === 'token' && p.in === 'query'));
    }
    const sse = doc.paths['/api/notifications/stream']?.get;
    assert.ok(sse?.description?.includes('Last-Event-ID'));
    assert.ok(sse.responses['200'].content['text/event-stream']);
    assert.ok(sse.responses['401']);
  });
});

describe('real-time shutdown', () => {
  it('closes WebSockets with 1001 and ends SSE streams, so closing the app does not hang', async () => {
    const t = await createTestApp();
    const host = await listen(t.app);
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const w = await openWs(host, '/api/ws/notifications', { token });
    const c = await openWs(host, '/api/ws/chat', { token });
    const s = await openSse(host, { token });
    const start = Date.now();
    await t.close();
    assert.ok(Date.now() - start < 3000, `close took ${Date.now() - start} ms`);
    for (const x of [w, c]) assert.deepEqual(await x.closed, { code: 1001, reason: 'server shutting down' });
    await s.ended;
  });
});

describe('real-time request log', () => {
  it('never writes a ?token= to the log', async () => {
    let text = '';
    const stream = new Writable({
      write: (chunk, _enc, cb) => {
        text += String(chunk);
        cb();
      },
    });
    const t = await createTestApp({ log: createLogger('info', stream) });
    const host = await listen(t.app);
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const w = await openWs(host, '/api/ws/chat', { token });
    const s = await openSse(host, { token });
    await assert.rejects(openWs(host, '/api/ws/chat', { token: `${token}x` }), { status: 401 });
    w.ws.close();
    s.close();
    await t.close();
    assert.ok(text.includes('/api/auth/login'), 'the other requests are logged');
    assert.ok(!text.includes(token.slice(-20)), 'no token in the log');
  });
});
