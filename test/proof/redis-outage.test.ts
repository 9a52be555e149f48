// Redis stopped (issue 9): REST answers as before — sign-in, rate-limited routes, lists — and
// promptly; notifications written meanwhile are in the database at once; after Redis returns,
// a real-time client that reconnects with Last-Event-ID gets every notification it missed, once,
// and live delivery resumes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { bearer, createUser, DEFAULT_PASSWORD, loginAs } from '../helpers/factories.ts';
import { createPrivateRedis, type PrivateRedis } from '../helpers/private-redis.ts';
import {
  commitMessageEvent,
  listen,
  openSse,
  settle,
  until,
  type SseClient,
} from '../../src/modules/realtime/realtime.test-support.ts';

describe('Redis stopped', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let host: string;
  const clients: SseClient[] = [];
  before(async () => {
    redis = await createPrivateRedis();
    t = await createTestApp({ env: { REDIS_URL: redis.url } });
    host = await listen(t.app);
  });
  after(async () => {
    for (const c of clients) c.close();
    await t?.close();
    await redis?.kill();
  });

  const sse = async (opts: Parameters<typeof openSse>[1]) => {
    const c = await openSse(host, opts);
    clients.push(c);
    return c;
  };
  const ids = (c: SseClient) => c.events.map((e) => Number(e.id));
  let seq = 0;
  const message = (from: number, to: number) =>
    commitMessageEvent(t.deps, {
      message_id: 700_000 + ++seq,
      sender_id: from,
      receiver_id: to,
      sender_name: 'Host',
      content: `hello ${seq}`,
      kind: 'text',
      created_at: new Date().toISOString(),
    });

  it('keeps REST working and prompt, and real-time clients catch up from the database after it returns', async () => {
    const guest = await createUser(t.deps);
    const host_ = await createUser(t.deps, { role: 'owner' });
    const token = await loginAs(t.app, guest);
    const live = await sse({ token });
    await message(host_.id, guest.id);
    await settle(t.deps);
    await live.event(0);

    // REST while Redis is away: every answer as usual, and none waiting for Redis. A Redis call
    // that waited would add at least its command timeout (1 s, container.ts) to the request, so
    // each request is timed once with Redis up and once without, and may not be 0.7 s slower (a
    // bound on the difference, not on the time: a loaded machine slows both).
    const other = await createUser(t.deps);
    let n = 0;
    const requests: Array<[string, () => Promise<{ statusCode: number; body: string }>, number]> = [
      [
        'login (rate-limited, throttled)',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { login: other.email, password: DEFAULT_PASSWORD },
          }),
        200,
      ],
      [
        'a failed login',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { login: other.email, password: 'not-the-password' },
          }),
        401,
      ],
      [
        'registration',
        () => {
          const name = `redis_out_${Date.now()}_${++n}`;
          return t.app.inject({
            method: 'POST',
            url: '/api/auth/register',
            payload: {
              username: name,
              email: `${name}@example.test`,
              password: 'a-long-password-1',
              password_confirmation: 'a-long-password-1',
              first_name: 'Rita',
              last_name: 'Outage',
            },
          });
        },
        201,
      ],
      ['session', () => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) }), 200],
      [
        'conversation list (presence)',
        () => t.app.inject({ method: 'GET', url: '/api/chats/conversation_summaries', headers: bearer(token) }),
        200,
      ],
    ];
    const timed = async ([what, send, expected]: (typeof requests)[number]) => {
      const started = Date.now();
      const res = await send();
      assert.equal(res.statusCode, expected, `${what}: ${res.body}`);
      return Date.now() - started;
    };
    const withRedis: number[] = [];
    for (const r of requests) withRedis.push(await timed(r));

    await redis.kill();
    await until(() => t.deps.redis!.status !== 'ready', 'the client noticing Redis is gone');
    for (const [i, r] of requests.entries()) {
      const ms = await timed(r);
      assert.ok(ms - withRedis[i]! < 700, `${r[0]} took ${ms} ms without Redis, ${withRedis[i]} ms with it`);
    }

    // Notifications written while Redis is away are in the database, and in REST, at once.
    for (let i = 0; i < 5; i++) await message(host_.id, guest.id);
    await settle(t.deps);
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications?per_page=50', headers: bearer(token) });
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.json().data.length, 6, 'the five notifications of the outage are listed');

    await redis.start();
    await until(
      () => t.deps.redis!.status === 'ready' && (t.deps.bus as unknown as { connected: boolean }).connected,
      'reconnection',
      10_000,
    );
    // Reconnecting from the last event it saw, the client gets everything it missed, once.
    live.close();
    const back = await sse({ token, lastEventId: live.events.at(-1)!.id });
    await settle(t.deps);
    const stored = (
      await t.deps.db.query.notifications.findMany({
        where: (n, { eq }) => eq(n.userId, guest.id),
        orderBy: (n, { asc }) => asc(n.id),
      })
    ).map((n) => n.id);
    assert.equal(stored.length, 6);
    await until(() => back.events.length >= 5, 'the missed notifications', 10_000);
    // Live again: one more, published through the returned Redis.
    await message(host_.id, guest.id);
    // In production the relay job passes every second; here each poll is such a pass.
    await until(
      async () => {
        await settle(t.deps);
        return back.events.length >= 6;
      },
      'a live notification after the outage',
      10_000,
    );
    await new Promise((r) => setTimeout(r, 200));
    const all = (
      await t.deps.db.query.notifications.findMany({
        where: (n, { eq }) => eq(n.userId, guest.id),
        orderBy: (n, { asc }) => asc(n.id),
      })
    ).map((n) => n.id);
    assert.deepEqual(ids(back), all.slice(1), 'every notification after the last one seen, each once, in order');
  });
});
