// The SSE stream on a listening app: headers, exact events, replay from Last-Event-ID without
// duplicates or gaps, heartbeat, authentication and revocation.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import type { UserRow } from '../users/users.repository.ts';
import { commitNotification, listen, openSse, settle, until, type SseClient } from './realtime.test-support.ts';

describe('real-time SSE stream', () => {
  let t: TestApp;
  let host: string;
  let alice: UserRow;
  let token: string;
  const open: SseClient[] = [];
  const sse = async (opts: Parameters<typeof openSse>[1]) => {
    const c = await openSse(host, opts);
    open.push(c);
    return c;
  };
  const ids = (c: SseClient) => c.events.map((e) => Number(e.id));

  before(async () => {
    t = await createTestApp({ env: { REALTIME_HEARTBEAT_MS: '100' } });
    host = await listen(t.app);
    alice = await createUser(t.deps);
    token = await loginAs(t.app, alice);
  });
  after(async () => {
    for (const c of open) c.close();
    await t?.close();
  });

  it('streams each notification with id, the SSE type and the spec data, only to its user', async () => {
    const bob = await createUser(t.deps);
    const s = await sse({ token });
    assert.equal(s.status, 200);
    assert.equal(s.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.match(String(s.headers['cache-control']), /no-cache/);
    assert.equal(s.headers['x-accel-buffering'], 'no');
    assert.ok(s.headers['x-request-id']);
    const cases = [
      ['new_reservation', 'booking.created'],
      ['reservation_confirmed', 'booking.confirmed'],
      ['reservation_cancelled', 'booking.cancelled'],
      ['payment_received', 'payment.succeeded'],
      ['message', 'message.received'],
      ['refund_pending', 'notification.general'],
      ['general', 'notification.general'],
    ] as const;
    for (const [i, [type]] of cases.entries()) {
      await commitNotification(t.deps, bob.id, { type: 'general', title: 'not for alice' });
      await commitNotification(t.deps, alice.id, {
        type,
        title: `T${i}`,
        message: `M${i}`,
        data: { reservation_id: i, property_name: 'Loft' },
      });
    }
    await settle(t.deps);
    await s.event(cases.length - 1);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(s.events.length, cases.length);
    for (const [i, [, sseType]] of cases.entries()) {
      const e = s.events[i]!;
      assert.equal(e.event, sseType);
      assert.deepEqual(JSON.parse(e.data!), {
        type: sseType,
        data: {
          id: e.id,
          title: `T${i}`,
          message: `M${i}`,
          timestamp: t.clock.now().toISOString(),
          metadata: { reservation_id: i, property_name: 'Loft' },
        },
      });
    }
    assert.deepEqual(
      ids(s),
      [...ids(s)].sort((a, b) => a - b),
    );
  });

  it('sends a ": ping" comment every REALTIME_HEARTBEAT_MS', async () => {
    const s = await sse({ token });
    await until(() => s.comments.filter((c) => c === 'ping').length >= 3, 'three heartbeats', 2000);
  });

  it('replays what came after Last-Event-ID from the database, then live ones, with no duplicate and no gap', async () => {
    const carol = await createUser(t.deps);
    const carolToken = await loginAs(t.app, carol);
    for (let i = 0; i < 5; i++) await commitNotification(t.deps, carol.id, { type: 'general', title: `old ${i}` });
    await settle(t.deps);
    const first = await sse({ token: carolToken });
    // Reconnect from the 2nd of the old ones while new ones keep being committed and published.
    const all = async () =>
      (
        await t.deps.db.query.notifications.findMany({
          where: (n, { eq }) => eq(n.userId, carol.id),
          orderBy: (n, { asc }) => asc(n.id),
        })
      ).map((n) => n.id);
    const old = await all();
    const writer = (async () => {
      for (let i = 0; i < 40; i++) {
        await commitNotification(t.deps, carol.id, { type: 'general', title: `new ${i}` });
        void t.deps.outbox.kick();
        if (i % 5 === 0) await new Promise((r) => setImmediate(r));
      }
      await settle(t.deps);
    })();
    await new Promise((r) => setTimeout(r, 5));
    const byHeader = await sse({ token: carolToken, lastEventId: String(old[1]) });
    const byQuery = await sse({ token: carolToken, query: `last_event_id=${old[3]}` });
    await writer;
    const everything = await all();
    await until(
      () => byHeader.events.length >= everything.length - 2 && byQuery.events.length >= everything.length - 4,
      'replay and live events',
    );
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(ids(byHeader), everything.slice(2));
    assert.deepEqual(ids(byQuery), everything.slice(4));
    // Without Last-Event-ID only live ones, none of the old.
    assert.deepEqual(ids(first), everything.slice(5));
  });

  it('refuses without a valid token with the 401 JSON error', async () => {
    for (const opts of [{}, { token: 'bad' }, { headers: { authorization: 'Bearer bad' } }]) {
      const s = await sse(opts);
      assert.equal(s.status, 401);
      assert.match(String(s.headers['content-type']), /application\/json/);
      await s.ended;
      assert.equal(JSON.parse(s.body()).success, false);
    }
  });

  it('accepts the session cookie and ends the stream when the session is revoked', async () => {
    const t2 = await loginAs(t.app, alice);
    const s = await sse({ headers: { cookie: `current_token_type=client; client_token=${t2}` } });
    assert.equal(s.status, 200);
    const other = await sse({ token });
    assert.equal(
      (await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(t2) })).statusCode,
      200,
    );
    await s.ended;
    await commitNotification(t.deps, alice.id, { type: 'general', title: 'still here' });
    await settle(t.deps);
    assert.equal((await other.event(0)).event, 'notification.general');
  });
});
