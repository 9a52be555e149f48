import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { outboxEvents, users } from '../../db/schema/index.ts';
import {
  bookedListing,
  freshUser,
  get,
  makeCast,
  SAMPLE_PNG,
  send,
  setPhone,
  type Cast,
} from './messaging.test-support.ts';

describe('GET /chats/messages/{otherUserId} and GET /chats/conversation_summaries', () => {
  let t: TestApp;
  let c: Cast;
  before(async () => {
    t = await createTestApp();
    c = await makeCast(t);
  });
  after(() => t.close());

  const tick = () => t.clock.advance(60_000);

  it("pages a conversation newest first (order=asc for oldest first) in the spec's REST shape", async () => {
    const guest = await freshUser(t, 'client');
    const host = await freshUser(t, 'owner');
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      tick();
      const from = i % 2 ? guest : host;
      if (i === 2)
        await bookedListing(t, host.user.id, guest.user.id, { checkin: '2031-07-01', checkout: '2031-07-02' });
      const res = await send(t, from.headers, { receiver_id: (i % 2 ? host : guest).user.id, content: `m${i}` });
      assert.equal(res.statusCode, 201, res.body);
      ids.push(res.json().data.id);
    }
    // someone else's conversation with the host never shows
    await send(t, c.headers('client2'), { receiver_id: host.user.id, content: 'unrelated' });

    const page1 = await get(t, host.headers, `/chats/messages/${guest.user.id}?per_page=2`);
    assert.equal(page1.statusCode, 200, page1.body);
    assert.deepEqual(page1.json().meta, { current_page: 1, per_page: 2, total: 5, last_page: 3 });
    assert.deepEqual(
      page1.json().data.map((m: { id: number }) => m.id),
      [ids[4], ids[3]],
    );
    const [latest, previous] = page1.json().data;
    assert.deepEqual(Object.keys(latest).sort(), [
      'attachment',
      'content',
      'created_at',
      'document_id',
      'id',
      'is_read',
      'is_sent_by_me',
      'receiver_id',
      'reservation_id',
      'sender_id',
      'type',
      'updated_at',
    ]);
    assert.equal(latest.is_sent_by_me, false);
    assert.equal(latest.is_read, 0, 'shown as it was before this read');
    assert.equal(previous.is_sent_by_me, true);
    assert.equal(typeof previous.is_read, 'number');
    assert.equal(latest.sender_id, guest.user.id);

    const asc = await get(t, host.headers, `/chats/messages/${guest.user.id}?order=asc&page=3&per_page=2`);
    assert.deepEqual(
      asc.json().data.map((m: { content: string }) => m.content),
      ['m5'],
    );
    const ascFirst = await get(t, guest.headers, `/chats/messages/${host.user.id}?order=asc&per_page=2`);
    assert.deepEqual(
      ascFirst.json().data.map((m: { content: string }) => m.content),
      ['m1', 'm2'],
    );
  });

  it("marks the caller's incoming messages of that conversation read, all pages, nothing else, and emits no event", async () => {
    const a = await freshUser(t, 'client');
    const b = await freshUser(t, 'owner');
    const other = await freshUser(t, 'owner');
    for (let i = 0; i < 3; i++) await send(t, a.headers, { receiver_id: b.user.id, content: `to b ${i}` });
    await send(t, a.headers, { receiver_id: other.user.id, content: 'to other' });
    await send(t, b.headers, { receiver_id: a.user.id, content: 'b replies' });
    // Only messaging's own topics: the relay may still be writing notification events for the sends above.
    const messagingEvents = async () =>
      (
        await t.deps.db
          .select()
          .from(outboxEvents)
          .where(sql`${outboxEvents.topic} LIKE 'message.%' OR ${outboxEvents.topic} LIKE 'channel.%'`)
      ).length;
    const eventsBefore = await messagingEvents();

    const first = await get(t, b.headers, `/chats/messages/${a.user.id}?per_page=1`);
    assert.equal(first.statusCode, 200);
    assert.equal(await messagingEvents(), eventsBefore, 'no event');
    const all = await get(t, b.headers, `/chats/messages/${a.user.id}`);
    const incoming = all.json().data.filter((m: { is_sent_by_me: boolean }) => !m.is_sent_by_me);
    assert.equal(incoming.length, 3);
    for (const m of incoming) assert.equal(m.is_read, 1, `${m.content} is read, on every page`);

    // a's own incoming message from b is still unread until a opens the conversation; b's other chats untouched
    const aView = await get(t, a.headers, `/chats/messages/${b.user.id}`);
    const sentByA = aView.json().data.filter((m: { is_sent_by_me: boolean }) => m.is_sent_by_me);
    assert.ok(
      sentByA.every((m: { is_read: number }) => m.is_read === 1),
      'a sees b has read them',
    );
    assert.equal(aView.json().data.find((m: { is_sent_by_me: boolean }) => !m.is_sent_by_me).is_read, 0);
    const otherView = await get(t, other.headers, `/chats/messages/${a.user.id}`);
    assert.equal(otherView.json().data[0].is_read, 0, 'another conversation stays unread');
  });

  it('answers 404 for an unknown user, 422 for oneself, 401 without a token; a deleted user keeps the history', async () => {
    assert.equal((await get(t, c.headers('client'), '/chats/messages/987654321')).statusCode, 404);
    const self = await get(t, c.headers('client'), `/chats/messages/${c.users.client.id}`);
    assert.equal(self.statusCode, 422);
    assert.ok(self.json().errors.otherUserId);
    assert.equal((await get(t, {}, `/chats/messages/${c.users.owner.id}`)).statusCode, 401);
    assert.equal((await get(t, c.headers('client'), '/chats/messages/1?per_page=101')).statusCode, 422);
    assert.equal((await get(t, c.headers('client'), '/chats/messages/1?order=sideways')).statusCode, 422);

    const leaving = await freshUser(t, 'owner');
    await send(t, c.headers('client2'), { receiver_id: leaving.user.id, content: 'before you go' });
    await t.deps.db
      .update(users)
      .set({
        deletedAt: t.clock.now(),
        isActive: false,
        firstName: '',
        lastName: '',
        username: `deleted_${leaving.user.id}`,
      })
      .where(eq(users.id, leaving.user.id));
    const history = await get(t, c.headers('client2'), `/chats/messages/${leaving.user.id}`);
    assert.equal(history.statusCode, 200);
    assert.equal(history.json().data.length, 1);
  });

  it('summarises one entry per counterpart, newest first, with read state, presence and phone by privacy', async () => {
    const me = await freshUser(t, 'owner');
    const guest = await freshUser(t, 'client');
    const asker = await freshUser(t, 'client');
    const agent = c.users.support;
    await setPhone(t, guest.user.id, '+33 6 11 22 33 44');
    await setPhone(t, asker.user.id, '+33 6 99 99 99 99');
    await setPhone(t, agent.id, '+33 1 00 00 00 00');
    await setPhone(t, me.user.id, '+33 6 55 55 55 55');
    await bookedListing(t, me.user.id, guest.user.id, { checkin: '2031-09-01', checkout: '2031-09-05' });

    tick();
    await send(t, guest.headers, { receiver_id: me.user.id, content: 'first from guest' });
    tick();
    await send(t, guest.headers, { receiver_id: me.user.id, content: 'second from guest' });
    tick();
    await send(t, me.headers, { receiver_id: agent.id, content: 'question for support' });
    tick();
    await send(t, asker.headers, { receiver_id: me.user.id, attachment: { data: SAMPLE_PNG, name: 'p.png' } });
    const lastSeen = new Date('2030-01-01T10:00:00Z');
    await t.deps.db.update(users).set({ lastSeenAt: lastSeen }).where(eq(users.id, asker.user.id));
    await t.deps.db.update(users).set({ lastSeenAt: lastSeen }).where(eq(users.id, guest.user.id));
    await t.deps.presence.connected(guest.user.id);

    try {
      const res = await get(t, me.headers, '/chats/conversation_summaries');
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().meta, { current_page: 1, per_page: 20, total: 3, last_page: 1 });
      const [fromAsker, toAgent, fromGuest] = res.json().data;
      assert.deepEqual(
        fromAsker,
        {
          user_id: asker.user.id,
          user_name: `${asker.user.firstName} ${asker.user.lastName}`,
          last_message: '[image]',
          timestamp: t.clock.now().toISOString(),
          is_read: 0,
          unread_count: 1,
          sent_by_me: false,
          is_online: false,
          last_seen: lastSeen.toISOString(),
          source: 'internal',
        },
        'no phone: no reservation in common',
      );
      assert.equal(toAgent.user_id, agent.id);
      assert.equal(toAgent.sent_by_me, true);
      assert.equal(toAgent.is_read, 1);
      assert.equal(toAgent.phone, undefined, "a support agent's phone is not shown to users");
      assert.equal(toAgent.last_message, 'question for support');
      assert.equal(fromGuest.user_id, guest.user.id);
      assert.equal(fromGuest.last_message, 'second from guest');
      assert.equal(fromGuest.unread_count, 2);
      assert.equal(fromGuest.phone, '+33 6 11 22 33 44', 'shared reservation');
      assert.equal(fromGuest.is_online, true);
      assert.equal(fromGuest.last_seen, undefined, 'online: no last_seen');

      // the guest sees the owner's phone too; support sees everyone's
      const guestView = await get(t, guest.headers, '/chats/conversation_summaries');
      assert.equal(guestView.json().data[0].phone, '+33 6 55 55 55 55');
      const agentView = await get(t, c.headers('support'), '/chats/conversation_summaries?per_page=100');
      assert.equal(
        agentView.json().data.find((s: { user_id: number }) => s.user_id === me.user.id).phone,
        '+33 6 55 55 55 55',
      );

      // reading one conversation updates its entry only
      await get(t, me.headers, `/chats/messages/${guest.user.id}`);
      const after = (await get(t, me.headers, '/chats/conversation_summaries')).json().data;
      assert.equal(after[2].is_read, 1);
      assert.equal(after[2].unread_count, 0);
      assert.equal(after[0].is_read, 0);

      const paged = await get(t, me.headers, '/chats/conversation_summaries?per_page=2&page=2');
      assert.deepEqual(paged.json().meta, { current_page: 2, per_page: 2, total: 3, last_page: 2 });
      assert.deepEqual(
        paged.json().data.map((s: { user_id: number }) => s.user_id),
        [guest.user.id],
      );
      const beyond = await get(t, me.headers, '/chats/conversation_summaries?page=9');
      assert.deepEqual(beyond.json().data, []);
      assert.equal(beyond.json().meta.total, 3);
    } finally {
      await t.deps.presence.disconnected(guest.user.id);
    }
  });

  it('gives an empty list to someone with no conversation, and 401 without a token', async () => {
    const nobody = await freshUser(t, 'client');
    const res = await get(t, nobody.headers, '/chats/conversation_summaries');
    assert.deepEqual(res.json(), {
      success: true,
      message: 'OK',
      data: [],
      meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 },
    });
    assert.equal((await get(t, {}, '/chats/conversation_summaries')).statusCode, 401);
  });
});
