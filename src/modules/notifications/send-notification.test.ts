import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { auditLog, notifications, outboxEvents, users } from '../../db/schema/index.ts';
import type { AuthUser, Role } from '../../kernel/caller.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { PublishedEvent } from '../../kernel/events.ts';
import type { NotificationCreated } from './notification-types.ts';
import { bulkUsers, createdEventsFor, notificationsOf, settleOutbox } from './notifications.test-support.ts';
import { sendNotification } from './send-notification.ts';

describe('POST /notifications/send (support broadcast)', () => {
  let t: TestApp;
  let support: UserRow;
  let supportTok: string;
  let adminTok: string;
  before(async () => {
    t = await createTestApp();
    support = await createUser(t.deps, { role: 'support' });
    supportTok = await loginAs(t.app, support);
    adminTok = await loginAs(t.app, await createUser(t.deps, { role: 'admin' }));
  });
  after(() => t.close());

  const send = (payload: object, tok: string | null = supportTok, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/notifications/send',
      payload,
      headers: { ...(tok ? bearer(tok) : {}), ...headers },
    });
  /** Active, undeleted accounts with the role, as the broadcast selects them. */
  const activeWithRole = async (role: Role) =>
    (
      await t.deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, role), eq(users.isActive, true), isNull(users.deletedAt)))
    ).map((u) => u.id);
  const withTitle = (title: string) => t.deps.db.select().from(notifications).where(eq(notifications.title, title));

  it('is for support and admin only: 401 without a token, 403 for a client or an owner', async () => {
    const body = { title: 'Hi', message: 'There', role: 'client' };
    assert.equal((await send(body, null)).statusCode, 401);
    for (const role of ['client', 'owner'] as const) {
      const res = await send(body, await loginAs(t.app, await createUser(t.deps, { role })));
      assert.equal(res.statusCode, 403, role);
      assert.equal(res.json().code, 'FORBIDDEN');
    }
    assert.equal((await withTitle('Hi')).length, 0);
  });

  it('refuses a bad body with 422 naming the field, writing nothing', async () => {
    const before = (await t.deps.db.select({ id: notifications.id }).from(notifications)).length;
    const cases: Array<[object, string[]]> = [
      [{ message: 'm', role: 'client' }, ['title']],
      [{ title: '   ', message: 'm', role: 'client' }, ['title']],
      [{ title: 't', message: '', role: 'client' }, ['message']],
      [{ title: 't', message: 'm' }, ['role', 'user_ids']],
      [{ title: 't', message: 'm', user_ids: [] }, ['role', 'user_ids']],
      [{ title: 't', message: 'm', role: 'superuser' }, ['role']],
      [{ title: 't', message: 'm', user_ids: [0] }, ['user_ids.0']],
      [{ title: 't', message: 'm', role: 'client', payload: '{not json' }, ['payload']],
      [{ title: 't', message: 'm', role: 'client', payload: '[1,2]' }, ['payload']],
      [{ title: 't', message: 'm', role: 'client', payload: '42' }, ['payload']],
      [{ title: 't', message: 'm', role: 'client', payload: { a: 1 } }, ['payload']],
    ];
    for (const [body, fields] of cases) {
      const res = await send(body);
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)} → ${res.body}`);
      assert.equal(res.json().code, 'VALIDATION_FAILED');
      for (const f of fields) assert.ok(res.json().errors[f], `${JSON.stringify(body)} names ${f}: ${res.body}`);
    }
    assert.equal((await t.deps.db.select({ id: notifications.id }).from(notifications)).length, before);
  });

  it('reaches exactly the listed users, once each, skipping inactive, deleted and unknown accounts', async () => {
    const admins = await activeWithRole('admin');
    const client = await createUser(t.deps);
    const owner = await createUser(t.deps, { role: 'owner' });
    const inactive = await createUser(t.deps, { isActive: false });
    const inactiveAdmin = await createUser(t.deps, { role: 'admin', isActive: false });
    const deleted = await createUser(t.deps);
    await t.deps.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, deleted.id));
    const published: PublishedEvent<NotificationCreated>[] = [];
    const stop = t.deps.bus.subscribe(
      'notification.created',
      (m) => void published.push(m.payload as PublishedEvent<NotificationCreated>),
    );

    const res = await send(
      {
        title: '  Maintenance tonight ',
        message: 'The site pauses at 02:00 UTC.',
        payload: '{"url": "/status", "level": 2}',
        user_ids: [client.id, owner.id, admins[0]!, inactive.id, deleted.id, 987654321, client.id],
      },
      adminTok,
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json(), { success: true, message: 'Notification sent to 3 user(s)', data: { count: 3 } });

    const rows = await withTitle('Maintenance tonight');
    assert.deepEqual(
      rows.map((r) => r.userId).sort((a, b) => a - b),
      [admins[0]!, client.id, owner.id].sort((a, b) => a - b),
    );
    for (const r of rows) {
      assert.equal(r.type, 'general');
      assert.equal(r.message, 'The site pauses at 02:00 UTC.');
      assert.deepEqual(r.payload, { url: '/status', level: 2 });
      assert.equal(r.sourceEventId, null);
      assert.equal(r.isRead, false);
    }
    for (const u of [inactive, inactiveAdmin, deleted]) assert.equal((await notificationsOf(t.deps, u.id)).length, 0);

    // Each row has its event, published on the bus for the real-time transports.
    const events = await createdEventsFor(
      t.deps,
      rows.map((r) => r.id),
    );
    assert.equal(events.length, rows.length);
    await settleOutbox(t.deps);
    stop();
    const mine = published.filter((e) => rows.some((r) => r.id === e.data.notification_id));
    assert.equal(mine.length, rows.length);
    const forClient = mine.find((e) => e.data.user_id === client.id)!;
    const row = rows.find((r) => r.userId === client.id)!;
    assert.equal(forClient.topic, 'notification.created');
    assert.deepEqual(forClient.data, {
      notification_id: row.id,
      user_id: client.id,
      type: 'general',
      title: 'Maintenance tonight',
      message: 'The site pauses at 02:00 UTC.',
      data: { url: '/status', level: 2 },
      created_at: row.createdAt.toISOString(),
    });

    // The recipient reads it through REST, payload as JSON text.
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(await loginAs(t.app, client)) })
    ).json();
    assert.equal(list.data[0].title, 'Maintenance tonight');
    assert.deepEqual(JSON.parse(list.data[0].payload), { url: '/status', level: 2 });

    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'notification.send'));
    assert.deepEqual(audit!.after, { title: 'Maintenance tonight', role: null, user_ids: 6, recipients: 3 });
  });

  it('with a role and user_ids, reaches only the listed users, who must all have the role', async () => {
    const guest = await createUser(t.deps);
    const otherGuest = await createUser(t.deps);
    const inactiveGuest = await createUser(t.deps, { isActive: false });
    const res = await send({
      title: 'About your booking',
      message: 'Your host replied',
      role: 'client',
      user_ids: [guest.id, inactiveGuest.id, 987654321],
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().data.count, 1);
    assert.deepEqual(
      (await withTitle('About your booking')).map((r) => r.userId),
      [guest.id],
    );
    assert.equal(
      (await notificationsOf(t.deps, otherGuest.id)).length,
      0,
      'another client got a notice about someone else',
    );

    // A listed account of another role: 422 naming user_ids and those ids, nothing written.
    const owner = await createUser(t.deps, { role: 'owner' });
    const wrong = await send({
      title: 'Mixed up',
      message: 'Hello',
      role: 'client',
      user_ids: [guest.id, owner.id, support.id],
    });
    assert.equal(wrong.statusCode, 422, wrong.body);
    assert.equal(wrong.json().code, 'VALIDATION_FAILED');
    const [message] = wrong.json().errors.user_ids;
    assert.ok(message.endsWith(`: ${[owner.id, support.id].sort((a, b) => a - b).join(', ')}`), message);
    assert.doesNotMatch(message, new RegExp(`\\b${guest.id}\\b`));
    assert.equal((await withTitle('Mixed up')).length, 0);
  });

  it('sends to listed users alone, with an empty payload when none is given', async () => {
    const a = await createUser(t.deps);
    const b = await createUser(t.deps, { role: 'owner' });
    const res = await send({ title: 'Just you two', message: 'Hello', user_ids: [a.id, b.id] });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().data.count, 2);
    const rows = await withTitle('Just you two');
    assert.deepEqual(
      rows.map((r) => r.payload),
      [{}, {}],
    );
  });

  it('honours Idempotency-Key: a repeat answers the first result and sends nothing again', async () => {
    const u = await createUser(t.deps);
    const body = { title: 'Once only', message: 'Hello', user_ids: [u.id] };
    const first = await send(body, supportTok, { 'idempotency-key': 'broadcast-1' });
    const again = await send(body, supportTok, { 'idempotency-key': 'broadcast-1' });
    assert.equal(first.statusCode, 201);
    assert.equal(again.statusCode, 201);
    assert.deepEqual(again.json(), first.json());
    assert.equal((await withTitle('Once only')).length, 1);
    const reused = await send({ ...body, message: 'Other' }, supportTok, { 'idempotency-key': 'broadcast-1' });
    assert.equal(reused.statusCode, 422);
    assert.equal(reused.json().code, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('fans out to thousands of users in chunks, each user once, with one event per notification', async () => {
    const bulk = await bulkUsers(t.deps, 2600, 'client', { tag: 'fan' });
    const sleeping = await bulkUsers(t.deps, 40, 'client', { tag: 'fanoff', isActive: false });
    const clients = await activeWithRole('client');
    assert.ok(clients.length >= 2600);
    const sender: AuthUser = {
      id: support.id,
      role: 'support',
      sessionId: 's',
      loginType: 'support',
      sessionCreatedAt: t.clock.now(),
      jti: 'j',
    };

    const result = await sendNotification(
      t.deps,
      sender,
      { title: 'Big news', message: 'For every client', role: 'client' },
      { batchSize: 300 },
    );
    assert.equal(result.count, clients.length);
    assert.equal(result.batches, Math.ceil(clients.length / 300));

    const counts = (await t.deps.db.execute(sql`
      SELECT count(*)::int AS rows, count(DISTINCT user_id)::int AS users,
             count(*) FILTER (WHERE user_id = ANY(${`{${sleeping.join(',')}}`}::bigint[]))::int AS inactive
      FROM notifications WHERE title = 'Big news'`)) as unknown as {
      rows: Array<{ rows: number; users: number; inactive: number }>;
    };
    assert.deepEqual(counts.rows[0], { rows: clients.length, users: clients.length, inactive: 0 });
    const sample = await t.deps.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(eq(notifications.title, 'Big news'), inArray(notifications.userId, [bulk[0]!, bulk[1299]!, bulk[2599]!])),
      );
    assert.equal(sample.length, 3);
    const events = (await t.deps.db.execute(sql`
      SELECT count(*)::int AS n FROM ${outboxEvents} WHERE topic = 'notification.created' AND payload->>'title' = 'Big news'`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    assert.equal(events.rows[0]!.n, clients.length);
    await settleOutbox(t.deps);
  });
});
