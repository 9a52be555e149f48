import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer } from '../../../test/helpers/factories.ts';
import { users } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { bookedListing, events, freshUser, makeCast, messageRows, send, type Cast } from './messaging.test-support.ts';

describe('POST /chats/send_messages: text messages, who may write to whom, validation', () => {
  let t: TestApp;
  let c: Cast;
  before(async () => {
    t = await createTestApp();
    c = await makeCast(t);
  });
  after(() => t.close());

  it('stores a text message, answers its REST form (201) and writes message.created in the same transaction', async () => {
    const res = await send(t, c.headers('client'), {
      receiver_id: c.users.owner.id,
      content: '  Hello, is the flat free in May?  ',
    });
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json();
    assert.equal(body.success, true);
    const m = body.data;
    assert.deepEqual(m, {
      id: m.id,
      sender_id: c.users.client.id,
      receiver_id: c.users.owner.id,
      content: 'Hello, is the flat free in May?',
      attachment: null,
      type: 'text',
      reservation_id: null,
      document_id: null,
      is_read: 0,
      is_sent_by_me: true,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
    const [event] = await events(t, 'message.created', 'message_id', m.id);
    const u = c.users.client;
    assert.deepEqual(event, {
      message_id: m.id,
      sender_id: u.id,
      receiver_id: c.users.owner.id,
      sender_name: `${u.firstName} ${u.lastName}`,
      content: 'Hello, is the flat free in May?',
      kind: 'text',
      created_at: m.created_at,
    });
  });

  it('takes JSON too (no attachment), with document_id kept as sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chats/send_messages',
      headers: c.headers('client'),
      payload: { receiver_id: c.users.support.id, content: 'Help', document_id: 'contract-7' },
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().data.document_id, 'contract-7');
    assert.equal(res.json().data.receiver_id, c.users.support.id);
  });

  it('lets anyone write to an owner, support or admin, and support/admin write to anyone', async () => {
    for (const from of ['client', 'client2', 'owner2'] as const) {
      for (const to of ['owner', 'support', 'admin'] as const) {
        const res = await send(t, c.headers(from), { receiver_id: c.users[to].id, content: `${from} to ${to}` });
        assert.equal(res.statusCode, 201, `${from} → ${to}: ${res.body}`);
      }
    }
    const { user: stranger } = await freshUser(t, 'client');
    for (const from of ['support', 'admin'] as const) {
      const res = await send(t, c.headers(from), { receiver_id: stranger.id, content: 'From staff' });
      assert.equal(res.statusCode, 201, `${from}: ${res.body}`);
    }
  });

  it('refuses writing to a client without a reservation in common (403), and allows it with one or in reply', async () => {
    const guest = await freshUser(t, 'client');
    const host = await freshUser(t, 'owner');
    const other = await freshUser(t, 'client');
    const before = (await messageRows(t)).length;
    for (const [from, label] of [
      [host.headers, 'owner'],
      [other.headers, 'client'],
    ] as const) {
      const res = await send(t, from, { receiver_id: guest.user.id, content: 'Hi there' });
      assert.equal(res.statusCode, 403, `${label}: ${res.body}`);
      assert.equal(res.json().code, 'FORBIDDEN');
    }
    assert.equal((await messageRows(t)).length, before, 'nothing stored');

    await bookedListing(t, host.user.id, guest.user.id, { status: 'expired' });
    assert.equal(
      (await send(t, host.headers, { receiver_id: guest.user.id, content: 'About your booking' })).statusCode,
      201,
    );
    assert.equal((await send(t, guest.headers, { receiver_id: host.user.id, content: 'Thanks' })).statusCode, 201);
    assert.equal(
      (await send(t, other.headers, { receiver_id: guest.user.id, content: 'Still a stranger' })).statusCode,
      403,
    );

    // a client who wrote first may be answered (an enquiry before booking)
    const asker = await freshUser(t, 'client');
    const owner = await freshUser(t, 'owner');
    assert.equal((await send(t, owner.headers, { receiver_id: asker.user.id, content: 'Hello?' })).statusCode, 403);
    assert.equal(
      (await send(t, asker.headers, { receiver_id: owner.user.id, content: 'Is parking available?' })).statusCode,
      201,
    );
    assert.equal(
      (await send(t, owner.headers, { receiver_id: asker.user.id, content: 'Yes, free parking' })).statusCode,
      201,
    );
  });

  it('answers 404 for an unknown, deleted or deactivated receiver and 422 for oneself', async () => {
    assert.equal((await send(t, c.headers('client'), { receiver_id: 987654321, content: 'x' })).statusCode, 404);
    const gone = await freshUser(t, 'owner');
    await t.deps.db.update(users).set({ deletedAt: t.clock.now(), isActive: false }).where(eq(users.id, gone.user.id));
    assert.equal((await send(t, c.headers('client'), { receiver_id: gone.user.id, content: 'x' })).statusCode, 404);
    const inactive = await freshUser(t, 'owner');
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.user.id));
    assert.equal((await send(t, c.headers('client'), { receiver_id: inactive.user.id, content: 'x' })).statusCode, 404);
    const self = await send(t, c.headers('owner'), { receiver_id: c.users.owner.id, content: 'note to self' });
    assert.equal(self.statusCode, 422);
    assert.ok(self.json().errors.receiver_id);
  });

  it('needs a token (401)', async () => {
    const res = await send(t, {}, { receiver_id: c.users.owner.id, content: 'x' });
    assert.equal(res.statusCode, 401);
    const bad = await send(t, bearer('not-a-token'), { receiver_id: c.users.owner.id, content: 'x' });
    assert.equal(bad.statusCode, 401);
  });

  it('names the field of each validation failure (422)', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ receiver_id: c.users.owner.id }, 'content'],
      [{ receiver_id: c.users.owner.id, content: '    ' }, 'content'],
      [{ receiver_id: c.users.owner.id, content: 'x'.repeat(5001) }, 'content'],
      [{ content: 'no receiver' }, 'receiver_id'],
      [{ receiver_id: '', content: 'x' }, 'receiver_id'],
      [{ receiver_id: '0', content: 'x' }, 'receiver_id'],
      [{ receiver_id: c.users.owner.id, content: 'x', reservation_id: 'abc' }, 'reservation_id'],
      [{ receiver_id: c.users.owner.id, content: 'x', document_id: 'd'.repeat(256) }, 'document_id'],
    ];
    for (const [fields, field] of cases) {
      const res = await send(t, c.headers('client'), fields);
      assert.equal(res.statusCode, 422, `${field}: ${res.body}`);
      assert.equal(res.json().code, 'VALIDATION_FAILED');
      assert.ok(res.json().errors[field], `${field}: ${res.body}`);
    }
  });

  it('takes a reservation both parties have a part in; 404 when the caller has none, 422 when the receiver has none', async () => {
    const guest = await freshUser(t, 'client');
    const host = await freshUser(t, 'owner');
    const { reservation } = await bookedListing(t, host.user.id, guest.user.id, {
      checkin: '2031-05-01',
      checkout: '2031-05-03',
    });
    const ok = await send(t, guest.headers, {
      receiver_id: host.user.id,
      content: 'About my stay',
      reservation_id: reservation.id,
    });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.json().data.reservation_id, reservation.id);
    const [event] = await events(t, 'message.created', 'message_id', ok.json().data.id);
    assert.equal(event!.reservation_id, reservation.id);
    // support sees every reservation, so a guest may refer to it when writing to support
    assert.equal(
      (
        await send(t, guest.headers, {
          receiver_id: c.users.support.id,
          content: 'Help',
          reservation_id: reservation.id,
        })
      ).statusCode,
      201,
    );

    const outsider = await send(t, c.headers('client2'), {
      receiver_id: host.user.id,
      content: 'x',
      reservation_id: reservation.id,
    });
    assert.equal(outsider.statusCode, 404, outsider.body);
    const unknown = await send(t, guest.headers, { receiver_id: host.user.id, content: 'x', reservation_id: 99999999 });
    assert.equal(unknown.statusCode, 404);
    const wrongReceiver = await send(t, guest.headers, {
      receiver_id: c.users.owner2.id,
      content: 'x',
      reservation_id: reservation.id,
    });
    assert.equal(wrongReceiver.statusCode, 422, wrongReceiver.body);
    assert.ok(wrongReceiver.json().errors.reservation_id);
  });

  it('honours Idempotency-Key: a repeat returns the first answer, another body with the key is 422', async () => {
    const headers = { ...c.headers('client2'), 'idempotency-key': 'msg-key-1' };
    const first = await send(t, headers, { receiver_id: c.users.owner.id, content: 'Only once please' });
    assert.equal(first.statusCode, 201, first.body);
    const count = (await messageRows(t)).length;
    const again = await send(t, headers, { receiver_id: c.users.owner.id, content: 'Only once please' });
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.json(), first.json());
    assert.equal((await messageRows(t)).length, count);
    const reused = await send(t, headers, { receiver_id: c.users.owner.id, content: 'Something else' });
    assert.equal(reused.statusCode, 422);
    assert.equal(reused.json().code, 'IDEMPOTENCY_KEY_REUSED');
  });
});
