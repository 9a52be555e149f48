import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { ownerRequestsRepository } from '../owner-onboarding/owner-requests.repository.ts';
import { usersRepository, type UserRow } from './users.repository.ts';
import type { Role } from '../../kernel/caller.ts';

describe('lists, detail, statistics and search', () => {
  let t: TestApp;
  const users = {} as Record<Role, UserRow>;
  const tokens = {} as Record<Role, string>;
  before(async () => {
    t = await createTestApp();
    for (const role of ['client', 'owner', 'support', 'admin'] as const) {
      users[role] = await createUser(t.deps, { role });
      tokens[role] = await loginAs(t.app, users[role]);
    }
  });
  after(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('lists are for admin and support only: 401 anonymous, 403 client and owner', async () => {
    for (const url of ['/api/user/list', '/api/user/individuals', '/api/user/companies']) {
      assert.equal((await get(url)).statusCode, 401, url);
      assert.equal((await get(url, tokens.client)).statusCode, 403, url);
      assert.equal((await get(url, tokens.owner)).statusCode, 403, url);
      assert.equal((await get(url, tokens.support)).statusCode, 200, url);
      assert.equal((await get(url, tokens.admin)).statusCode, 200, url);
    }
  });

  it('paginates with the right meta, filters by q, role and is_active, and leaves deleted accounts out', async () => {
    const tag = `pg${process.pid}x`;
    const made: UserRow[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await createUser(t.deps, {
          username: `${tag}${i}`,
          email: `${tag}${i}@example.test`,
          role: i === 0 ? 'owner' : 'client',
          isActive: i !== 1,
        }),
      );
    await usersRepository(t.deps.db).update(made[4]!.id, { deletedAt: t.clock.now() }, t.clock.now());
    const page1 = (await get(`/api/user/list?q=${tag.toUpperCase()}&per_page=3`, tokens.admin)).json();
    assert.deepEqual(page1.meta, { current_page: 1, per_page: 3, total: 4, last_page: 2 });
    assert.deepEqual(
      page1.data.map((p: { id: number }) => p.id),
      [made[3]!.id, made[2]!.id, made[1]!.id],
      'newest first',
    );
    const page2 = (await get(`/api/user/list?q=${tag}&per_page=3&page=2`, tokens.support)).json();
    assert.deepEqual(
      page2.data.map((p: { id: number }) => p.id),
      [made[0]!.id],
    );
    assert.equal(typeof page2.data[0].is_active, 'string', 'items are flat profiles');
    assert.equal((await get(`/api/user/list?q=${tag}&role=owner`, tokens.admin)).json().meta.total, 1);
    assert.equal((await get(`/api/user/list?q=${tag}&is_active=0`, tokens.admin)).json().data[0].id, made[1]!.id);
    assert.equal((await get(`/api/user/list?q=${tag}&is_active=true`, tokens.admin)).json().meta.total, 3);
    assert.equal(
      (await get(`/api/user/list?q=${tag}3%40example`, tokens.admin)).json().meta.total,
      1,
      'q matches the e-mail',
    );
    assert.equal((await get('/api/user/list?q=%25', tokens.admin)).json().meta.total, 0, '% is not a wildcard');
    assert.equal((await get('/api/user/list?per_page=101', tokens.admin)).statusCode, 422);
    assert.equal((await get('/api/user/list?role=root', tokens.admin)).statusCode, 422);
  });

  it('individuals and companies are the accounts of that user_type', async () => {
    const ind = await createUser(t.deps);
    const com = await createUser(t.deps);
    await usersRepository(t.deps.db).update(ind.id, { userType: 'individual' }, t.clock.now());
    await usersRepository(t.deps.db).update(com.id, { userType: 'company', companyName: 'ACME' }, t.clock.now());
    const ids = async (url: string) =>
      (await get(`${url}?per_page=100`, tokens.admin)).json().data.map((p: { id: number }) => p.id);
    assert.deepEqual(await ids('/api/user/individuals'), [ind.id]);
    assert.deepEqual(await ids('/api/user/companies'), [com.id]);
  });

  it('GET /user/{id}: self, admin and support see it; anyone else or an unknown id gets 404', async () => {
    const target = users.client;
    assert.equal((await get(`/api/user/${target.id}`)).statusCode, 401);
    for (const role of ['client', 'support', 'admin'] as const) {
      const res = await get(`/api/user/${target.id}`, tokens[role]);
      assert.equal(res.statusCode, 200, role);
      assert.equal(res.json().data.email, target.email);
    }
    const owner = await get(`/api/user/${target.id}`, tokens.owner);
    assert.equal(owner.statusCode, 404);
    assert.equal((await get(`/api/user/${users.admin.id}`, tokens.client)).statusCode, 404);
    assert.equal((await get('/api/user/987654321', tokens.admin)).statusCode, 404);
  });

  it('GET /user/{userId}/stats gives real figures to self, admin and support, 404 to others', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    await loginAs(t.app, u);
    await ownerRequestsRepository(t.deps.db).insert({
      userId: u.id,
      userType: 'individual',
      countryRegion: 'FR',
      idType: 'passport',
      idNumber: 'P1',
      idExpiryDate: '2031-01-01',
      placeType: 'flat',
      address: '1 rue',
      city: 'Paris',
      postalCode: '75001',
      country: 'FR',
      latitude: '48.8',
      longitude: '2.3',
    });
    const res = await get(`/api/user/${u.id}/stats`, token);
    assert.equal(res.statusCode, 200, res.body);
    const s = res.json().data;
    assert.equal(s.user_id, u.id);
    assert.equal(s.role, 'client');
    assert.equal(s.member_since, u.createdAt.toISOString());
    assert.equal(typeof s.last_login, 'string');
    assert.equal(s.active_sessions, 2);
    assert.equal(s.owner_request_status, 'pending');
    assert.equal(s.support_agent_id, null);
    for (const role of ['support', 'admin'] as const)
      assert.equal((await get(`/api/user/${u.id}/stats`, tokens[role])).statusCode, 200, role);
    assert.equal((await get(`/api/user/${u.id}/stats`, tokens.owner)).statusCode, 404);
    assert.equal((await get(`/api/user/${u.id}/stats`)).statusCode, 401);
    const fresh = (await get(`/api/user/${users.support.id}/stats`, tokens.support)).json().data;
    assert.equal(fresh.owner_request_status, 'none');
  });

  it('search: any signed-in user, q of 2+ characters, public members only, active live accounts', async () => {
    const tag = `srch${process.pid}`;
    const visible = await createUser(t.deps, { username: `${tag}_a` });
    await createUser(t.deps, { username: `${tag}_b`, isActive: false });
    const gone = await createUser(t.deps, { username: `${tag}_c` });
    await usersRepository(t.deps.db).update(gone.id, { deletedAt: t.clock.now() }, t.clock.now());
    assert.equal((await get(`/api/user/search-user?q=${tag}`)).statusCode, 401);
    for (const role of ['client', 'owner', 'support', 'admin'] as const) {
      const res = await get(`/api/user/search-user?q=${tag.toUpperCase()}`, tokens[role]);
      assert.equal(res.statusCode, 200, role);
      const body = res.json();
      assert.deepEqual(body.data, [
        {
          id: visible.id,
          username: visible.username,
          first_name: 'Test',
          last_name: visible.lastName,
          avatar: null,
          role: 'client',
        },
      ]);
      assert.deepEqual(body.meta, { current_page: 1, per_page: 20, total: 1, last_page: 1 });
      for (const item of body.data)
        for (const secret of ['email', 'phone', 'id_number', 'address']) assert.equal(secret in item, false);
    }
    const short = await get('/api/user/search-user?q=a', tokens.client);
    assert.equal(short.statusCode, 422);
    assert.ok(short.json().errors.q);
    assert.equal((await get('/api/user/search-user?q=%20a%20', tokens.client)).statusCode, 422);
    assert.equal((await get('/api/user/search-user', tokens.client)).statusCode, 422);
    assert.equal(
      (await get(`/api/user/search-user?q=${encodeURIComponent(visible.email)}`, tokens.client)).json().meta.total,
      0,
      'not by e-mail',
    );
  });
});
