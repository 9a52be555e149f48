import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { messagesRepository } from './messages.repository.ts';
import {
  events,
  externalMessage,
  get,
  makeCast,
  messageRows,
  SAMPLE_PDF,
  send,
  type Cast,
} from './messaging.test-support.ts';

describe('Travel-platform conversations (external threads)', () => {
  let t: TestApp;
  let c: Cast;
  before(async () => {
    t = await createTestApp();
    c = await makeCast(t);
  });
  after(() => t.close());

  it("stores a platform message once per external id, addressed to the listing's owner", async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const input = {
      source: 'channel_ota_b' as const,
      provider: 'OtaB' as const,
      externalThreadId: `th-${randomUUID()}`,
      externalMessageId: 'ext-1',
      externalGuestName: 'Bob Traveller',
      bookingId: 77,
      propertyId: p.id,
      content: 'Arriving late',
      createdAt: t.clock.now(),
    };
    const first = await messagesRepository(t.deps.db).insertExternalMessage(input);
    assert.ok(first);
    assert.equal(first.receiverId, c.users.owner.id);
    assert.equal(first.senderId, null);
    assert.equal(
      await messagesRepository(t.deps.db).insertExternalMessage(input),
      null,
      'a repeated delivery is stored once',
    );
  });

  it("lists a thread in the owner's summaries with a string user_id, and its messages in the external REST shape", async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const { threadId, row } = await externalMessage(t, p.id, { guest: 'Jane Guest', provider: 'OtaA' });
    t.clock.advance(1000);

    const list = (await get(t, c.headers('owner'), '/chats/conversation_summaries?per_page=100')).json().data;
    const entry = list.find((s: { user_id: unknown }) => s.user_id === threadId);
    assert.deepEqual(entry, {
      user_id: threadId,
      user_name: 'Jane Guest',
      last_message: 'Hello, is early check-in possible?',
      timestamp: row.createdAt.toISOString(),
      is_read: 0,
      unread_count: 1,
      sent_by_me: false,
      source: 'channel',
      provider: 'OtaA',
    });
    assert.equal(typeof entry.user_id, 'string');

    const res = await get(t, c.headers('owner'), `/chats/messages/${encodeURIComponent(threadId)}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, [
      {
        id: row.id,
        sender_id: null,
        receiver_id: c.users.owner.id,
        content: 'Hello, is early check-in possible?',
        attachment: null,
        type: 'text',
        reservation_id: null,
        document_id: null,
        is_read: 0,
        is_sent_by_me: false,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        source: 'channel_ota_a',
        external_thread_id: threadId,
        external_guest_name: 'Jane Guest',
        booking_id: 4242,
        provider: 'OtaA',
      },
    ]);
    const again = await get(t, c.headers('owner'), `/chats/messages/${encodeURIComponent(threadId)}`);
    assert.equal(again.json().data[0].is_read, 1, 'read by the owner');

    // support may read it (nothing is addressed to them); another owner and a client may not know it exists
    assert.equal((await get(t, c.headers('support'), `/chats/messages/${threadId}`)).statusCode, 200);
    assert.equal((await get(t, c.headers('owner2'), `/chats/messages/${threadId}`)).statusCode, 404);
    assert.equal((await get(t, c.headers('client'), `/chats/messages/${threadId}`)).statusCode, 404);
    assert.equal((await get(t, c.headers('owner'), '/chats/messages/no-such-thread')).statusCode, 404);
    assert.ok(
      !(await get(t, c.headers('owner2'), '/chats/conversation_summaries?per_page=100'))
        .json()
        .data.some((s: { user_id: unknown }) => s.user_id === threadId),
    );
  });

  it("lets only the listing's owner reply: stored for the platform, with channel.message.outgoing", async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const { threadId } = await externalMessage(t, p.id, { guest: 'Ann', provider: 'OtaB' });
    t.clock.advance(1000);
    const res = await send(t, c.headers('owner'), {
      receiver_id: threadId,
      content: 'Yes, from 13:00',
      attachment: { data: SAMPLE_PDF, name: 'map.pdf' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const m = res.json().data;
    assert.deepEqual(m, {
      id: m.id,
      sender_id: c.users.owner.id,
      receiver_id: null,
      content: 'Yes, from 13:00',
      attachment: `/api/chats/attachments/${m.id}`,
      type: 'file',
      reservation_id: null,
      document_id: null,
      is_read: 0,
      is_sent_by_me: true,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
      source: 'channel_ota_b',
      external_thread_id: threadId,
      external_guest_name: 'Ann',
      booking_id: 4242,
      provider: 'OtaB',
    });
    const [out] = await events(t, 'channel.message.outgoing', 'message_id', m.id);
    assert.deepEqual(out, {
      message_id: m.id,
      property_id: p.id,
      sender_id: c.users.owner.id,
      external_thread_id: threadId,
      source: 'channel_ota_b',
      provider: 'OtaB',
      booking_id: 4242,
      content: 'Yes, from 13:00',
      created_at: m.created_at,
      attachment: m.attachment,
    });
    assert.deepEqual(
      await events(t, 'message.created', 'message_id', m.id),
      [],
      'no internal chat event for a platform reply',
    );

    const summary = (await get(t, c.headers('owner'), '/chats/conversation_summaries')).json().data[0];
    assert.equal(summary.user_id, threadId);
    assert.equal(summary.sent_by_me, true);
    assert.equal(summary.last_message, 'Yes, from 13:00');
    assert.equal(summary.user_name, 'Ann');
    assert.equal((await get(t, c.headers('owner'), m.attachment.replace(/^\/api/, ''))).statusCode, 200);

    const before = (await messageRows(t)).length;
    const bySupport = await send(t, c.headers('support'), { receiver_id: threadId, content: 'support here' });
    assert.equal(bySupport.statusCode, 403, bySupport.body);
    for (const who of ['owner2', 'client'] as const)
      assert.equal((await send(t, c.headers(who), { receiver_id: threadId, content: 'x' })).statusCode, 404, who);
    assert.equal((await send(t, c.headers('owner'), { receiver_id: 'unknown-thread', content: 'x' })).statusCode, 404);
    const withReservation = await send(t, c.headers('owner'), {
      receiver_id: threadId,
      content: 'x',
      reservation_id: 1,
    });
    assert.equal(withReservation.statusCode, 422);
    assert.ok(withReservation.json().errors.reservation_id);
    assert.equal((await messageRows(t)).length, before);
  });
});
