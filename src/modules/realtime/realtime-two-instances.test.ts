// Two instances on one PostgreSQL and one Redis: clients connected to A receive what was
// committed through B, A's sockets close when B revokes their session, and B sees A's clients
// as online.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/helpers/test-database.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import {
  commitMessageEvent,
  commitNotification,
  listen,
  openSse,
  openWs,
  settle,
  until,
} from './realtime.test-support.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const why = !onPostgres
  ? 'needs TEST_DATABASE_URL: PGlite is one process, so there is no second instance'
  : !redisUrl
    ? 'needs TEST_REDIS_URL for the shared event bus'
    : null;
if (why) console.log(`# realtime-two-instances.test.ts skipped: ${why}`);

describe('real time across two instances', { skip: why ?? false }, () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let hostA: string;

  before(async () => {
    database = await createTestDatabase();
    const env = { REDIS_URL: redisUrl!, DATABASE_URL: database.url! };
    a = await createTestApp({ database, env });
    b = await createTestApp({ database, env });
    for (const t of [a, b]) await (t.deps.bus as unknown as { whenReady(): Promise<void> }).whenReady();
    hostA = await listen(a.app);
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('delivers a notification and a chat message committed through B to WebSocket and SSE clients on A', async () => {
    const guest = await createUser(b.deps);
    const owner = await createUser(b.deps, { role: 'owner' });
    const token = await loginAs(b.app, guest);
    const notes = await openWs(hostA, '/api/ws/notifications', { token });
    const chat = await openWs(hostA, '/api/ws/chat', { token });
    const sse = await openSse(hostA, { token });
    await commitNotification(b.deps, guest.id, {
      type: 'reservation_confirmed',
      title: 'Confirmed',
      message: 'See you soon',
      data: { reservation_id: 5 },
    });
    await commitMessageEvent(b.deps, {
      message_id: 901,
      sender_id: owner.id,
      receiver_id: guest.id,
      sender_name: 'Host',
      content: 'Welcome',
      kind: 'text',
      created_at: '2030-05-01T10:00:00.000Z',
    });
    await settle(b.deps);
    const frame = await notes.frame(0);
    assert.equal(frame.type, 'reservation_confirmed');
    assert.equal(frame.data.reservation_id, 5);
    assert.deepEqual(await chat.frame(0), {
      id: 901,
      sender_id: owner.id,
      sender_name: 'Host',
      content: 'Welcome',
      type: 'text',
      created_at: '2030-05-01T10:00:00.000Z',
    });
    const ev = await sse.event(0);
    assert.equal(ev.event, 'booking.confirmed');
    assert.equal(JSON.parse(ev.data!).data.id, String(frame.data.notification_id));
    // The message's own notification (written by B's projector) follows on both transports.
    assert.equal((await notes.frame(1)).type, 'message');
    assert.equal((await sse.event(1)).event, 'message.received');
    for (const c of [notes, chat]) c.ws.close();
    sse.close();
  });

  it('B sees a client connected to A as online, and A closes it when B ends its session', async () => {
    const u = await createUser(b.deps);
    const token = await loginAs(b.app, u);
    const ws = await openWs(hostA, '/api/ws/chat', { token });
    const sse = await openSse(hostA, { token });
    await until(async () => (await b.deps.presence.online([u.id])).has(u.id), 'online on B');
    assert.equal(
      (await b.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) })).statusCode,
      200,
    );
    assert.equal((await ws.closed).code, 4401);
    await sse.ended;
    await until(async () => !(await b.deps.presence.online([u.id])).has(u.id), 'offline on B');
  });
});
