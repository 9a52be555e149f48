import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { chatbotFaqs } from '../../db/schema/index.ts';
import { events, freshUser, get, makeCast, type Cast } from '../messaging/messaging.test-support.ts';

describe('GET /chatbots and POST /history_chatbots/{id}/response: support sees questions and replies through the chat', () => {
  let t: TestApp;
  let c: Cast;
  before(async () => {
    t = await createTestApp();
    c = await makeCast(t);
  });
  after(() => t.close());

  const ask = (headers: Record<string, string>, message: string) =>
    t.app.inject({ method: 'POST', url: '/api/chatbots', headers, payload: { message } });
  const reply = (headers: Record<string, string>, id: number, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/history_chatbots/${id}/response`, headers, payload: payload as never });

  it('lists recent conversations newest first with the asker, filtered by status, for support and admin only', async () => {
    const asker = await freshUser(t, 'client');
    const first = (await ask(asker.headers, 'Do you have gift cards?')).json().data;
    t.clock.advance(1000);
    const second = (await ask(asker.headers, 'Can I bring a sofa bed?')).json().data;
    assert.equal(first.status, 'needs_support');

    const res = await get(t, c.headers('support'), '/chatbots?status=needs_support&per_page=100');
    assert.equal(res.statusCode, 200, res.body);
    const ids = res.json().data.map((d: { id: number }) => d.id);
    assert.ok(ids.indexOf(second.id) < ids.indexOf(first.id), 'newest first');
    const item = res.json().data.find((d: { id: number }) => d.id === first.id);
    const u = asker.user;
    assert.deepEqual(item, {
      ...first,
      user: { id: u.id, username: u.username, first_name: u.firstName, last_name: u.lastName, avatar: null },
    });
    assert.ok(res.json().data.every((d: { status: string }) => d.status === 'needs_support'));
    assert.equal((await get(t, c.headers('admin'), '/chatbots?per_page=1')).json().meta.per_page, 1);
    for (const who of ['client', 'owner'] as const)
      assert.equal((await get(t, c.headers(who), '/chatbots')).statusCode, 403, who);
    assert.equal((await get(t, {}, '/chatbots')).statusCode, 401);
    assert.equal((await get(t, c.headers('support'), '/chatbots?status=lost')).statusCode, 422);
  });

  it('delivers the reply as a chat message from the agent, with message.created, and marks the conversation replied', async () => {
    const asker = await freshUser(t, 'client');
    const q = (await ask(asker.headers, 'Is there a discount for long stays?')).json().data;
    t.clock.advance(5000);
    const res = await reply(c.headers('support'), q.id, {
      content: '  Yes: weekly and monthly discounts apply automatically.  ',
    });
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json().data;
    assert.equal(d.status, 'replied');
    assert.equal(d.support_reply, 'Yes: weekly and monthly discounts apply automatically.');
    assert.equal(d.replied_by, c.users.support.id);
    assert.equal(d.replied_at, t.clock.now().toISOString());
    assert.equal(d.answer, q.answer, "the bot's notice is kept");

    const chat = await get(t, asker.headers, `/chats/messages/${c.users.support.id}`);
    assert.equal(chat.statusCode, 200);
    const [m] = chat.json().data;
    assert.equal(m.sender_id, c.users.support.id);
    assert.equal(m.receiver_id, asker.user.id);
    assert.equal(
      m.content,
      'Re: "Is there a discount for long stays?"\n\nYes: weekly and monthly discounts apply automatically.',
    );
    assert.equal(m.is_sent_by_me, false);
    const [event] = await events(t, 'message.created', 'message_id', m.id);
    const agent = c.users.support;
    assert.deepEqual(event, {
      message_id: m.id,
      sender_id: agent.id,
      receiver_id: asker.user.id,
      sender_name: `${agent.firstName} ${agent.lastName}`,
      content: m.content,
      kind: 'text',
      created_at: m.created_at,
    });
    const summary = (await get(t, asker.headers, '/chats/conversation_summaries')).json().data[0];
    assert.equal(summary.user_id, agent.id);
    assert.equal(summary.is_read, 1, 'read when the asker opened the chat');
    // the user can answer the agent in the chat
    assert.equal(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/chats/send_messages',
          headers: asker.headers,
          payload: { receiver_id: agent.id, content: 'Thanks!' },
        })
      ).statusCode,
      201,
    );

    const again = await reply(c.headers('admin'), q.id, { content: 'Second answer' });
    assert.equal(again.statusCode, 409);
  });

  it("lets support correct an answered conversation, and refuses a reply to one's own question (409)", async () => {
    await t.deps.db
      .insert(chatbotFaqs)
      .values({ question: 'Luggage?', answer: 'You can leave luggage at reception.', keywords: ['luggage'] });
    const answered = (await ask(c.headers('client'), 'Can I drop my luggage early?')).json().data;
    assert.equal(answered.status, 'answered');
    const corrected = await reply(c.headers('support'), answered.id, {
      content: 'Correction: this listing has no reception; ask your host.',
    });
    assert.equal(corrected.statusCode, 200, corrected.body);
    assert.equal(corrected.json().data.status, 'replied');
    assert.equal(corrected.json().data.answered_from, 'faq');
    const own = (await ask(c.headers('support'), 'Where is the staff handbook?')).json().data;
    assert.equal((await reply(c.headers('support'), own.id, { content: 'Here' })).statusCode, 409);
    assert.equal((await reply(c.headers('admin'), own.id, { content: 'In the wiki' })).statusCode, 200);
  });

  it('is for support and admin (403 others, 401 without a token), 404 for an unknown id, 422 naming content', async () => {
    const q = (await ask(c.headers('client2'), 'Anything?')).json().data;
    for (const who of ['client', 'client2', 'owner'] as const)
      assert.equal((await reply(c.headers(who), q.id, { content: 'x' })).statusCode, 403, who);
    assert.equal((await reply({}, q.id, { content: 'x' })).statusCode, 401);
    assert.equal((await reply(c.headers('support'), 99999999, { content: 'x' })).statusCode, 404);
    for (const body of [{}, { content: '   ' }, { content: 'x'.repeat(5001) }]) {
      const res = await reply(c.headers('support'), q.id, body);
      assert.equal(res.statusCode, 422, res.body);
      assert.ok(res.json().errors.content);
    }
  });
});
