import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { ownerRequestsRepository } from '../owner-onboarding/owner-requests.repository.ts';
import { PNG, rowOf, updateForm } from './users.test-support.ts';

describe('DELETE /user/delete', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const del = (token?: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/user/delete', headers: token ? bearer(token) : {} });

  it('answers 401 without a token', async () => {
    assert.equal((await del()).statusCode, 401);
  });

  it('anonymises the account and its owner applications, keeps the row, ends every session and deletes its files', async () => {
    const u = await createUser(t.deps, { role: 'owner' });
    const token = await loginAs(t.app, u);
    const other = await loginAs(t.app, u);
    const avatar = (
      await updateForm(t, token, {
        avatar: { data: PNG, name: 'a.png' },
        job: 'Host',
        id_number: 'ID-9',
        address: '1 Main St',
      })
    ).json().data.avatar;
    await t.deps.storage.put('kyc/test-front.png', PNG);
    const request = await ownerRequestsRepository(t.deps.db).insert({
      userId: u.id,
      userType: 'individual',
      countryRegion: 'FR',
      idType: 'passport',
      idNumber: 'ID-9',
      idExpiryDate: '2031-01-01',
      placeType: 'flat',
      address: '1 Main St',
      city: 'Paris',
      postalCode: '75001',
      country: 'FR',
      latitude: '48.8',
      longitude: '2.3',
      idFrontKey: 'kyc/test-front.png',
      idFrontType: 'image/png',
    });
    const res = await del(token);
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(
      res.cookies.some((c) => c.name === 'client_token'),
      'session cookies cleared',
    );
    const row = await rowOf(t, u.id);
    assert.equal(row.username, `deleted_${u.id}`);
    assert.equal(row.email, `deleted+${u.id}@invalid.invalid`);
    assert.equal(row.firstName, '');
    assert.equal(row.lastName, '');
    for (const k of [
      'phone',
      'job',
      'avatar',
      'idNumber',
      'address',
      'passwordHash',
      'googleSub',
      'facebookId',
    ] as const)
      assert.equal(row[k], null, k);
    assert.equal(row.isActive, false);
    assert.ok(row.deletedAt);
    const req = (await ownerRequestsRepository(t.deps.db).findById(request.id))!;
    assert.equal(req.idNumber, null);
    assert.equal(req.status, 'rejected');
    assert.equal(await t.deps.storage.exists('kyc/test-front.png'), false);
    assert.equal(await t.deps.storage.exists(`avatars/${avatar.split('/').pop()}`), false);
    for (const tk of [token, other])
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(tk) })).statusCode,
        401,
      );
    await assert.rejects(loginAs(t.app, u), /401/);
    await assert.rejects(loginAs(t.app, { ...u, email: row.email }), /401/);
  });

  it('works for every role that has an account to delete (client, support)', async () => {
    for (const role of ['client', 'support'] as const) {
      const u = await createUser(t.deps, { role });
      assert.equal((await del(await loginAs(t.app, u))).statusCode, 200, role);
      assert.ok((await rowOf(t, u.id)).deletedAt, role);
    }
  });

  it('frees the e-mail and username for a new registration', async () => {
    const u = await createUser(t.deps);
    await del(await loginAs(t.app, u));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: u.username,
        first_name: 'New',
        last_name: 'Person',
        email: u.email,
        password: 'long-enough-1',
        password_confirmation: 'long-enough-1',
      },
    });
    assert.equal(res.statusCode, 201, res.body);
  });

  it('the last active admin cannot delete their account (409); with another admin they can', async () => {
    const t2 = await createTestApp();
    try {
      const admin = await createUser(t2.deps, { role: 'admin' });
      const token = await loginAs(t2.app, admin);
      const res = await t2.app.inject({ method: 'DELETE', url: '/api/user/delete', headers: bearer(token) });
      assert.equal(res.statusCode, 409);
      assert.equal((await rowOf(t2, admin.id)).deletedAt, null);
      await createUser(t2.deps, { role: 'admin' });
      assert.equal(
        (await t2.app.inject({ method: 'DELETE', url: '/api/user/delete', headers: bearer(token) })).statusCode,
        200,
      );
    } finally {
      await t2.close();
    }
  });
});

describe('POST /user/admin-support/assign', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const assign = (token?: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/admin-support/assign', headers: token ? bearer(token) : {} });
  const agentOf = async (token: string) => {
    const res = await assign(token);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.agent;
  };

  it('401 anonymous; 409 while no active support agent exists', async () => {
    assert.equal((await assign()).statusCode, 401);
    await createUser(t.deps, { role: 'support', isActive: false });
    const res = await assign(await loginAs(t.app, await createUser(t.deps)));
    assert.equal(res.statusCode, 409);
  });

  it('assigns the least-loaded active agent (ties: lowest id), keeps it on later calls, for every role', async () => {
    const a = await createUser(t.deps, { role: 'support' });
    const b = await createUser(t.deps, { role: 'support' });
    const first = await agentOf(await loginAs(t.app, await createUser(t.deps)));
    assert.deepEqual(first, {
      id: a.id,
      username: a.username,
      first_name: a.firstName,
      last_name: a.lastName,
      avatar: null,
    });
    const ownerToken = await loginAs(t.app, await createUser(t.deps, { role: 'owner' }));
    assert.equal((await agentOf(ownerToken)).id, b.id, 'a has one user, b none');
    assert.equal((await agentOf(ownerToken)).id, b.id, 'kept');
    const adminAgent = await agentOf(await loginAs(t.app, await createUser(t.deps, { role: 'admin' })));
    assert.equal(adminAgent.id, a.id, 'back to a tie: lowest id');
    const self = await agentOf(await loginAs(t.app, a));
    assert.equal(self.id, b.id, 'an agent is never assigned to themselves');
  });

  it('reassigns when the agent is deactivated or no longer support', async () => {
    // Three agents of its own, so the test holds however many earlier tests left.
    for (let i = 0; i < 3; i++) await createUser(t.deps, { role: 'support' });
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const firstId = (await agentOf(token)).id;
    const adminToken = await loginAs(t.app, await createUser(t.deps, { role: 'admin' }));
    await updateForm(t, adminToken, { user_id: String(firstId), is_active: '0' });
    const second = (await agentOf(token)).id;
    assert.notEqual(second, firstId);
    await t.app.inject({
      method: 'PUT',
      url: `/api/user/${second}/role`,
      payload: { role: 'client' },
      headers: bearer(adminToken),
    });
    const third = (await agentOf(token)).id;
    assert.ok(![firstId, second].includes(third));
  });

  it('concurrent calls from one user converge on a single stored assignment', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const results = await Promise.all(Array.from({ length: 8 }, () => assign(token)));
    for (const r of results) assert.equal(r.statusCode, 200, r.body);
    const ids = new Set(results.map((r) => r.json().data.agent.id));
    assert.equal(ids.size, 1, 'every call answers the same agent');
    const stats = await t.app.inject({ method: 'GET', url: `/api/user/${u.id}/stats`, headers: bearer(token) });
    assert.equal(stats.json().data.support_agent_id, [...ids][0]);
  });
});
