// WebSocket transports on a listening app: exact frames, only the caller's own, authentication.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import type { UserRow } from '../users/users.repository.ts';
import { realtimeHubOf } from './index.ts';
import {
  commitMessageEvent,
  commitNotification,
  listen,
  openWs,
  settle,
  until,
  type WsClient,
} from './realtime.test-support.ts';

describe('real-time WebSockets', () => {
  let t: TestApp;
  let host: string;
  let alice: UserRow;
  let bob: UserRow;
  let aliceToken: string;
  let bobToken: string;
  const open: WsClient[] = [];
  const ws = async (path: string, opts: Parameters<typeof openWs>[2]) => {
    const c = await openWs(host, path, opts);
    open.push(c);
    return c;
  };

  before(async () => {
    t = await createTestApp();
    host = await listen(t.app);
    alice = await createUser(t.deps);
    bob = await createUser(t.deps, { role: 'owner' });
    aliceToken = await loginAs(t.app, alice);
    bobToken = await loginAs(t.app, bob);
  });
  after(async () => {
    for (const c of open) c.ws.terminate();
    await t?.close();
  });

  it('sends each notification type as the spec WebSocket frame, only to its user', async () => {
    const mine = await ws('/api/ws/notifications', { token: aliceToken });
    const theirs = await ws('/api/ws/notifications', { token: bobToken });
    const cases = [
      ['new_reservation', 'new_reservation'],
      ['reservation_confirmed', 'reservation_confirmed'],
      ['reservation_cancelled', 'reservation_cancelled'],
      ['payment_received', 'payment_received'],
      ['refund_pending', 'refund_pending'],
      ['message', 'message'],
      ['general', 'message'],
    ] as const;
    for (const [type, i] of cases.map((c, i) => [c[0], i] as const)) {
      await commitNotification(t.deps, alice.id, {
        type,
        title: `Title ${i}`,
        message: `Body ${i}`,
        data: { reservation_id: 40 + i, property_name: 'Sea view' },
      });
    }
    await settle(t.deps);
    await mine.frame(cases.length - 1);
    assert.equal(mine.frames.length, cases.length);
    const ids: number[] = [];
    cases.forEach(([, wsType], i) => {
      const f = mine.frames[i];
      assert.deepEqual(Object.keys(f).sort(), ['data', 'message', 'timestamp', 'title', 'type']);
      assert.equal(f.type, wsType);
      assert.equal(f.title, `Title ${i}`);
      assert.equal(f.message, `Body ${i}`);
      assert.equal(f.timestamp, t.clock.now().toISOString());
      assert.deepEqual(Object.keys(f.data).sort(), ['notification_id', 'property_name', 'reservation_id']);
      assert.equal(f.data.reservation_id, 40 + i);
      assert.equal(f.data.property_name, 'Sea view');
      ids.push(f.data.notification_id);
    });
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    // Another user's notification never reaches this socket; theirs does reach them.
    await commitNotification(t.deps, bob.id, { type: 'general', title: 'for bob' });
    await settle(t.deps);
    const bobFrame = await theirs.frame(0);
    assert.equal(bobFrame.title, 'for bob');
    assert.equal(theirs.frames.length, 1);
    assert.equal(mine.frames.length, cases.length);
  });

  it('delivers a chat message to the receiver and to every chat socket of the sender, nobody else', async () => {
    const eve = await createUser(t.deps);
    const bobChat = await ws('/api/ws/chat', { token: bobToken });
    const aliceChat1 = await ws('/api/ws/chat', { token: aliceToken });
    const aliceChat2 = await ws('/api/ws/chat', { headers: bearer(aliceToken) });
    const eveChat = await ws('/api/ws/chat', { token: await loginAs(t.app, eve) });
    const bobNotes = await ws('/api/ws/notifications', { token: bobToken });
    const at = new Date('2030-01-02T03:04:05.000Z').toISOString();
    await commitMessageEvent(t.deps, {
      message_id: 77,
      sender_id: alice.id,
      receiver_id: bob.id,
      sender_name: 'Alice A',
      content: 'Hello',
      kind: 'text',
      created_at: at,
      reservation_id: 12,
    });
    await commitMessageEvent(t.deps, {
      message_id: 78,
      sender_id: alice.id,
      receiver_id: bob.id,
      sender_name: 'Alice A',
      content: 'pic.png',
      kind: 'image',
      created_at: at,
    });
    await settle(t.deps);
    const first = {
      id: 77,
      sender_id: alice.id,
      sender_name: 'Alice A',
      content: 'Hello',
      type: 'text',
      created_at: at,
      reservation_id: 12,
    };
    const second = {
      id: 78,
      sender_id: alice.id,
      sender_name: 'Alice A',
      content: 'pic.png',
      type: 'image',
      created_at: at,
    };
    for (const c of [bobChat, aliceChat1, aliceChat2]) {
      await c.frame(1);
      assert.deepEqual(c.frames, [first, second]);
    }
    // The receiver's notification socket gets the 'message' notification the projector wrote;
    // chat frames never go to a notification socket.
    const note = await bobNotes.frame(0);
    assert.equal(note.type, 'message');
    assert.equal(note.data.message_id, 77);
    await bobNotes.frame(1);
    assert.equal(bobNotes.frames.length, 2);
    assert.equal(eveChat.frames.length, 0);
  });

  it('accepts the token from the header, the query or the session cookie', async () => {
    const byCookie = await ws('/api/ws/notifications', {
      headers: { cookie: `current_token_type=client; client_token=${aliceToken}` },
    });
    const byHeader = await ws('/api/ws/notifications', { headers: bearer(aliceToken) });
    await commitNotification(t.deps, alice.id, { type: 'general', title: 'all three' });
    await settle(t.deps);
    for (const c of [byCookie, byHeader]) assert.equal((await c.frame(0)).title, 'all three');
  });

  it('refuses the upgrade with 401 without a valid token, 403 for a cookie from a foreign origin', async () => {
    const refused: Array<Parameters<typeof openWs>[2]> = [
      {},
      { token: 'not-a-token' },
      { headers: { authorization: 'Bearer nope' } },
      { headers: { cookie: 'current_token_type=client; client_token=bad' } },
    ];
    for (const opts of refused) {
      await assert.rejects(openWs(host, '/api/ws/notifications', opts), (err: { status: number; body: string }) => {
        assert.equal(err.status, 401);
        assert.equal(JSON.parse(err.body).success, false);
        return true;
      });
    }
    await assert.rejects(
      openWs(host, '/api/ws/chat', {
        headers: { cookie: `current_token_type=client; client_token=${aliceToken}`, origin: 'https://evil.example' },
      }),
      { status: 403 },
    );
    // The same cookie from our own origin is fine.
    const ok = await ws('/api/ws/chat', {
      headers: { cookie: `current_token_type=client; client_token=${aliceToken}`, origin: 'http://app.test' },
    });
    assert.equal(ok.ws.readyState, ok.ws.OPEN);
  });

  it('answers a plain GET with 426 (after authentication)', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/ws/notifications' })).statusCode, 401);
    const res = await t.app.inject({ method: 'GET', url: '/api/ws/notifications', headers: bearer(aliceToken) });
    assert.equal(res.statusCode, 426);
    assert.equal(res.json().code, 'UPGRADE_REQUIRED');
  });

  it('closes the sockets of a session with 4401 when it is revoked (logout), leaving other sessions open', async () => {
    const token = await loginAs(t.app, alice);
    const notes = await ws('/api/ws/notifications', { token });
    const chat = await ws('/api/ws/chat', { token });
    const other = await ws('/api/ws/notifications', { token: aliceToken });
    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    assert.equal(res.statusCode, 200);
    for (const c of [notes, chat]) assert.deepEqual(await c.closed, { code: 4401, reason: 'session revoked' });
    assert.equal(other.ws.readyState, other.ws.OPEN);
    await assert.rejects(openWs(host, '/api/ws/notifications', { token }), { status: 401 });
  });

  it('closes every socket of the account when its password changes elsewhere', async () => {
    const token = await loginAs(t.app, bob);
    const c = await ws('/api/ws/notifications', { token });
    await t.deps.sessions.revokeAllForUser(bob.id, 'password_changed');
    assert.equal((await c.closed).code, 4401);
    await until(
      () => realtimeHubOf(t.deps)!.size === open.filter((x) => x.ws.readyState === x.ws.OPEN).length,
      'hub to forget closed sockets',
    );
  });
});
