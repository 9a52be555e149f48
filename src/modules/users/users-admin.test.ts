import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import type { Role } from '../../kernel/caller.ts';
import { auditEntries, rowOf } from './users.test-support.ts';

describe('staff accounts and roles (admin)', () => {
  let t: TestApp;
  let adminToken: string;
  const tokens = {} as Record<Role, string>;
  before(async () => {
    t = await createTestApp();
    for (const role of ['client', 'owner', 'support', 'admin'] as const)
      tokens[role] = await loginAs(t.app, await createUser(t.deps, { role }));
    adminToken = tokens.admin;
  });
  after(() => t.close());

  const create = (token: string | null, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/user/create', payload, headers: token ? bearer(token) : {} });
  const setRole = (token: string | null, id: number, role: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/user/${id}/role`,
      payload: { role },
      headers: token ? bearer(token) : {},
    });
  const body = (n: string, role = 'support') => ({
    username: `staff_${n}`,
    first_name: 'Sam',
    last_name: 'Staff',
    email: `staff_${n}@example.test`,
    role,
  });

  it('POST /user/create: 401 anonymous, 403 for client, owner and support', async () => {
    assert.equal((await create(null, body('anon'))).statusCode, 401);
    for (const role of ['client', 'owner', 'support'] as const)
      assert.equal((await create(tokens[role], body(role))).statusCode, 403, role);
  });

  it('creates an account without password, e-mail unverified, and mails a single-use link that sets the password', async () => {
    const res = await create(adminToken, { ...body('one'), phone: '+33 1 23 45 67 89' });
    assert.equal(res.statusCode, 201, res.body);
    const p = res.json().data;
    assert.equal(p.role, 'support');
    assert.equal(p.email_verified, '0');
    assert.equal(p.phone, '+33 1 23 45 67 89');
    assert.equal((await rowOf(t, p.id)).passwordHash, null);
    const check = await t.app.inject({ method: 'GET', url: '/api/auth/check-account?login=staff_one' });
    assert.equal(check.json().data.has_password, false);
    const mail = (await t.mails('staff_one@example.test')).at(-1)!;
    // The link goes to the set-password page this service serves (CLIENT_APP_URL defaults to it).
    const link = /(http:\/\/\S+\/set-password\?token=\S+)/.exec(mail.text)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    const page = await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<form method="post" action="set-password">/);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-initial-password',
      payload: { token, password: 'first-pass-123', password_confirmation: 'first-pass-123' },
    });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json().data.user.email_verified, '1');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-initial-password',
      payload: { token, password: 'other-pass-123', password_confirmation: 'other-pass-123' },
    });
    assert.notEqual(again.statusCode, 200, 'the link works once');
    const [entry] = await auditEntries(t, adminToken, p.id, 'user.create');
    assert.deepEqual(entry!.after, { username: 'staff_one', email: 'staff_one@example.test', role: 'support' });
  });

  it('refuses duplicates (409) and invalid input (422 naming the field)', async () => {
    assert.equal((await create(adminToken, body('dup'))).statusCode, 201);
    const sameEmail = await create(adminToken, { ...body('dup2'), email: 'STAFF_DUP@example.test' });
    assert.equal(sameEmail.statusCode, 409);
    assert.equal(sameEmail.json().code, 'EMAIL_TAKEN');
    const sameName = await create(adminToken, { ...body('dup3'), username: 'Staff_Dup' });
    assert.equal(sameName.statusCode, 409);
    assert.equal(sameName.json().code, 'USERNAME_TAKEN');
    const badRole = await create(adminToken, body('bad', 'root'));
    assert.equal(badRole.statusCode, 422);
    assert.ok(badRole.json().errors.role);
    const noEmail = await create(adminToken, { ...body('noemail'), email: undefined });
    assert.equal(noEmail.statusCode, 422);
    assert.ok(noEmail.json().errors.email);
  });

  it('PUT /user/{id}/role: 401 anonymous, 403 for client, owner and support, 404 unknown, 422 invalid', async () => {
    const u = await createUser(t.deps);
    assert.equal((await setRole(null, u.id, 'owner')).statusCode, 401);
    for (const role of ['client', 'owner', 'support'] as const)
      assert.equal((await setRole(tokens[role], u.id, 'owner')).statusCode, 403, role);
    assert.equal((await rowOf(t, u.id)).role, 'client');
    assert.equal((await setRole(adminToken, 987654321, 'owner')).statusCode, 404);
    assert.equal((await setRole(adminToken, u.id, 'root')).statusCode, 422);
  });

  it("a new role applies to the account's very next request, and is audited", async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const list = () => t.app.inject({ method: 'GET', url: '/api/user/list', headers: bearer(token) });
    assert.equal((await list()).statusCode, 403);
    const res = await setRole(adminToken, u.id, 'support');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.role, 'support');
    assert.equal((await list()).statusCode, 200, 'promoted with the same token');
    await setRole(adminToken, u.id, 'client');
    assert.equal((await list()).statusCode, 403, 'demoted at once');
    const entries = await auditEntries(t, adminToken, u.id, 'user.role');
    assert.deepEqual(
      entries.map((e) => [e.before.role, e.after.role]),
      [
        ['support', 'client'],
        ['client', 'support'],
      ],
    );
  });

  it('refuses to demote the last active admin (409), allows it while another admin is active', async () => {
    const t2 = await createTestApp();
    try {
      const only = await createUser(t2.deps, { role: 'admin' });
      const token = await loginAs(t2.app, only);
      const inactive = await createUser(t2.deps, { role: 'admin', isActive: false });
      const res = await t2.app.inject({
        method: 'PUT',
        url: `/api/user/${only.id}/role`,
        payload: { role: 'client' },
        headers: bearer(token),
      });
      assert.equal(res.statusCode, 409, 'an inactive admin does not count');
      assert.equal((await rowOf(t2, only.id)).role, 'admin');
      assert.equal(
        (
          await t2.app.inject({
            method: 'PUT',
            url: `/api/user/${inactive.id}/role`,
            payload: { role: 'client' },
            headers: bearer(token),
          })
        ).statusCode,
        200,
      );
      const second = await createUser(t2.deps, { role: 'admin' });
      const ok = await t2.app.inject({
        method: 'PUT',
        url: `/api/user/${second.id}/role`,
        payload: { role: 'owner' },
        headers: bearer(token),
      });
      assert.equal(ok.statusCode, 200);
      await t2.app.inject({
        method: 'PUT',
        url: `/api/user/${second.id}/role`,
        payload: { role: 'admin' },
        headers: bearer(token),
      });
      const self = await t2.app.inject({
        method: 'PUT',
        url: `/api/user/${only.id}/role`,
        payload: { role: 'client' },
        headers: bearer(token),
      });
      assert.equal(self.statusCode, 200, 'with another admin active, an admin may step down');
    } finally {
      await t2.close();
    }
  });

  it('two admins demoting each other at the same moment: one wins, the other is refused, an admin remains (no deadlock)', async () => {
    const t2 = await createTestApp();
    try {
      const a = await createUser(t2.deps, { role: 'admin' });
      const b = await createUser(t2.deps, { role: 'admin' });
      const [ta, tb] = [await loginAs(t2.app, a), await loginAs(t2.app, b)];
      const demote = (token: string, id: number) =>
        t2.app.inject({
          method: 'PUT',
          url: `/api/user/${id}/role`,
          payload: { role: 'client' },
          headers: bearer(token),
        });
      const results = await Promise.all([demote(ta, b.id), demote(tb, a.id)]);
      // The loser is refused either by the last-admin rule (409) or, when the winner committed
      // before its request was authorised, because it is no longer an admin (403).
      const statuses = results.map((r) => r.statusCode).sort();
      assert.equal(statuses[0], 200, results.map((r) => r.body).join(' | '));
      assert.ok([403, 409].includes(statuses[1]!), results.map((r) => r.body).join(' | '));
      const roles = [(await rowOf(t2, a.id)).role, (await rowOf(t2, b.id)).role].sort();
      assert.deepEqual(roles, ['admin', 'client']);
    } finally {
      await t2.close();
    }
  });
});
