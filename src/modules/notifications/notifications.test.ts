import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import type { UserRow } from '../users/users.repository.ts';
import { notificationsOf, seedNotification } from './notifications.test-support.ts';

const START = new Date('2030-02-01T10:00:00Z');
const KEYS = ['created_at', 'id', 'is_read', 'message', 'payload', 'title', 'updated_at', 'user'];
const USER_KEYS = ['avatar', 'first_name', 'id', 'last_name', 'username'];

describe('notification routes (the recipient)', () => {
  let t: TestApp;
  let me: UserRow;
  let tok: string;
  let other: UserRow;
  let otherTok: string;
  before(async () => {
    t = await createTestApp({ start: START });
    me = await createUser(t.deps);
    tok = await loginAs(t.app, me);
    other = await createUser(t.deps, { role: 'owner' });
    otherTok = await loginAs(t.app, other);
  });
  after(() => t.close());

  const get = (url: string, token: string | null = tok) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? bearer(token) : {} });
  const post = (url: string, token: string | null = tok) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: token ? bearer(token) : {} });
  const later = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

  it('answers 401 without a token on every route', async () => {
    for (const url of [
      '/notifications',
      '/notifications/1',
      '/notifications/status?is_read=0',
      '/notifications/unread-count',
    ]) {
      const res = await get(url, null);
      assert.equal(res.statusCode, 401, url);
      assert.equal(res.json().code, 'UNAUTHENTICATED');
    }
    for (const url of ['/notifications/1/mark-as-read', '/notifications/mark-all-as-read'])
      assert.equal((await post(url, null)).statusCode, 401, url);
  });

  it("lists the caller's notifications newest first in the spec's shape, and never another user's", async () => {
    const a = await seedNotification(t.deps, me.id, {
      title: 'First',
      message: 'one',
      payload: { reservation_id: 7, property_name: 'Sea view' },
      at: later(1),
    });
    const b = await seedNotification(t.deps, me.id, { title: 'Second', payload: {}, isRead: true, at: later(2) });
    await seedNotification(t.deps, other.id, { title: 'Not yours' });

    const res = await get('/notifications');
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['data', 'message', 'meta', 'success']);
    assert.equal(body.success, true);
    assert.deepEqual(
      body.data.map((n: { id: number }) => n.id),
      [b.id, a.id],
    );
    assert.deepEqual(body.meta, { current_page: 1, per_page: 20, total: 2, last_page: 1 });
    const [second, first] = body.data;
    for (const n of body.data) {
      assert.deepEqual(Object.keys(n).sort(), KEYS);
      assert.deepEqual(Object.keys(n.user).sort(), USER_KEYS);
    }
    assert.deepEqual(first, {
      id: a.id,
      title: 'First',
      message: 'one',
      payload: '{"property_name":"Sea view","reservation_id":7}',
      is_read: 0,
      created_at: later(1).toISOString(),
      updated_at: later(1).toISOString(),
      user: { id: me.id, username: me.username, avatar: null, first_name: me.firstName, last_name: me.lastName },
    });
    assert.equal(typeof first.payload, 'string');
    assert.deepEqual(JSON.parse(first.payload), { reservation_id: 7, property_name: 'Sea view' });
    assert.equal(second.payload, '{}');
    assert.equal(second.is_read, 1);

    const theirs = (await get('/notifications', otherTok)).json();
    assert.deepEqual(
      theirs.data.map((n: { title: string }) => n.title),
      ['Not yours'],
    );
    assert.equal(theirs.data[0].user.id, other.id);
  });

  it('paginates with page and per_page (max 100)', async () => {
    const u = await createUser(t.deps);
    const utok = await loginAs(t.app, u);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await seedNotification(t.deps, u.id)).id);
    const page2 = (await get('/notifications?page=2&per_page=2', utok)).json();
    assert.deepEqual(
      page2.data.map((n: { id: number }) => n.id),
      [ids[2], ids[1]],
    );
    assert.deepEqual(page2.meta, { current_page: 2, per_page: 2, total: 5, last_page: 3 });
    const page3 = (await get('/notifications?page=3&per_page=2', utok)).json();
    assert.deepEqual(
      page3.data.map((n: { id: number }) => n.id),
      [ids[0]],
    );
    const beyond = (await get('/notifications?page=9&per_page=2', utok)).json();
    assert.deepEqual(beyond.data, []);
    assert.equal(beyond.meta.total, 5);
    const tooMany = await get('/notifications?per_page=101', utok);
    assert.equal(tooMany.statusCode, 422);
    assert.ok(tooMany.json().errors.per_page);
  });

  it("shows one notification; another user's or an unknown id is 404, a bad id 422", async () => {
    const mine = await seedNotification(t.deps, me.id, { title: 'Detail', payload: { a: [1, 2] } });
    const theirs = await seedNotification(t.deps, other.id);
    const res = await get(`/notifications/${mine.id}`);
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json().data;
    assert.deepEqual(Object.keys(d).sort(), KEYS);
    assert.equal(d.id, mine.id);
    assert.equal(d.title, 'Detail');
    assert.equal(d.payload, '{"a":[1,2]}');
    assert.equal(d.is_read, 0, 'reading the detail does not mark it read');

    for (const url of [`/notifications/${theirs.id}`, '/notifications/999999999']) {
      const nf = await get(url);
      assert.equal(nf.statusCode, 404, url);
      assert.equal(nf.json().code, 'NOT_FOUND');
    }
    const bad = await get('/notifications/abc');
    assert.equal(bad.statusCode, 422);
    assert.ok(bad.json().errors.id);
  });

  it("marks one read, idempotently, and cannot touch another user's", async () => {
    const n = await seedNotification(t.deps, me.id);
    t.clock.set(later(5));
    const first = await post(`/notifications/${n.id}/mark-as-read`);
    assert.equal(first.statusCode, 200, first.body);
    const d = first.json().data;
    assert.deepEqual(Object.keys(d).sort(), KEYS);
    assert.equal(d.is_read, 1);
    assert.equal(d.updated_at, later(5).toISOString());

    t.clock.set(later(10));
    const again = await post(`/notifications/${n.id}/mark-as-read`);
    assert.equal(again.statusCode, 200);
    assert.deepEqual(again.json().data, d, 'a repeat changes nothing');
    const [row] = (await notificationsOf(t.deps, me.id)).filter((x) => x.id === n.id);
    assert.equal(row!.readAt!.toISOString(), later(5).toISOString());

    const theirs = await seedNotification(t.deps, other.id);
    const denied = await post(`/notifications/${theirs.id}/mark-as-read`);
    assert.equal(denied.statusCode, 404);
    assert.equal((await notificationsOf(t.deps, other.id)).find((x) => x.id === theirs.id)!.isRead, false);
  });

  it('filters by read status (is_read 0 or 1, required), paginated', async () => {
    const u = await createUser(t.deps);
    const utok = await loginAs(t.app, u);
    const unread = [
      await seedNotification(t.deps, u.id),
      await seedNotification(t.deps, u.id),
      await seedNotification(t.deps, u.id),
    ];
    const read = [await seedNotification(t.deps, u.id, { isRead: true })];
    await seedNotification(t.deps, other.id);

    const zero = (await get('/notifications/status?is_read=0&per_page=2', utok)).json();
    assert.deepEqual(
      zero.data.map((n: { id: number }) => n.id),
      [unread[2]!.id, unread[1]!.id],
    );
    assert.deepEqual(zero.meta, { current_page: 1, per_page: 2, total: 3, last_page: 2 });
    assert.ok(zero.data.every((n: { is_read: number }) => n.is_read === 0));
    const one = (await get('/notifications/status?is_read=1', utok)).json();
    assert.deepEqual(
      one.data.map((n: { id: number }) => n.id),
      [read[0]!.id],
    );
    assert.equal(one.meta.total, 1);

    for (const q of ['', '?is_read=2', '?is_read=yes']) {
      const res = await get(`/notifications/status${q}`, utok);
      assert.equal(res.statusCode, 422, q);
      assert.ok(res.json().errors.is_read, q);
    }
  });

  it('counts unread notifications and marks them all read, only for the caller', async () => {
    const u = await createUser(t.deps);
    const utok = await loginAs(t.app, u);
    const count = async () => (await get('/notifications/unread-count', utok)).json();
    assert.deepEqual((await count()).data, { count: 0 });
    for (let i = 0; i < 3; i++) await seedNotification(t.deps, u.id);
    await seedNotification(t.deps, u.id, { isRead: true });
    const theirs = await seedNotification(t.deps, other.id);
    const c = await count();
    assert.equal(c.success, true);
    assert.deepEqual(c.data, { count: 3 });

    const all = await post('/notifications/mark-all-as-read', utok);
    assert.equal(all.statusCode, 200, all.body);
    assert.deepEqual(all.json().data, { count: 3 });
    assert.deepEqual((await count()).data, { count: 0 });
    assert.deepEqual((await post('/notifications/mark-all-as-read', utok)).json().data, { count: 0 });
    assert.equal((await notificationsOf(t.deps, other.id)).find((x) => x.id === theirs.id)!.isRead, false);
    assert.ok((await notificationsOf(t.deps, u.id)).every((n) => n.isRead && n.readAt));
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/notifications', 'get'],
      ['/api/notifications/{id}', 'get'],
      ['/api/notifications/{id}/mark-as-read', 'post'],
      ['/api/notifications/status', 'get'],
      ['/api/notifications/mark-all-as-read', 'post'],
      ['/api/notifications/unread-count', 'get'],
      ['/api/notifications/send', 'post'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      assert.ok(op, `${method} ${path}`);
      assert.ok(op.description?.length > 10, `${method} ${path} description`);
      assert.deepEqual(op.security, [{ bearer: [] }]);
    }
  });
});
