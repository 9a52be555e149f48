import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, DEFAULT_PASSWORD, loginAs } from '../../../test/helpers/factories.ts';
import { auditEntries, rowOf, updateForm, updateJson } from './users.test-support.ts';

describe('PUT /user/update by admin and support; passwords; deactivation', () => {
  let t: TestApp;
  let adminToken: string;
  before(async () => {
    t = await createTestApp();
    adminToken = await loginAs(t.app, await createUser(t.deps, { role: 'admin' }));
  });
  after(() => t.close());

  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });

  it('answers 401 without a token', async () => {
    assert.equal(
      (await t.app.inject({ method: 'PUT', url: '/api/user/update', payload: { job: 'x' } })).statusCode,
      401,
    );
  });

  it('support changes a client and an owner, audited with the changed members only; support cannot read the audit log', async () => {
    const support = await createUser(t.deps, { role: 'support' });
    const supportToken = await loginAs(t.app, support);
    for (const role of ['client', 'owner'] as const) {
      const target = await createUser(t.deps, { role });
      const res = await updateForm(t, supportToken, { user_id: String(target.id), first_name: 'Fixed', job: 'Host' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.id, target.id);
      assert.equal(res.json().data.first_name, 'Fixed');
      const [entry, ...rest] = await auditEntries(t, adminToken, target.id, 'user.update');
      assert.equal(rest.length, 0);
      assert.equal(entry!.actor_id, support.id);
      assert.equal(entry!.actor_role, 'support');
      assert.deepEqual(entry!.before, { first_name: target.firstName, job: null });
      assert.deepEqual(entry!.after, { first_name: 'Fixed', job: 'Host' });
    }
    const denied = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: bearer(supportToken) });
    assert.equal(denied.statusCode, 403);
    // An actor id past any stored id (and past bigint) is refused as input, not sent to the database.
    const huge = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?actor_id=999999999999999999999999999999',
      headers: bearer(adminToken),
    });
    assert.equal(huge.statusCode, 422, huge.body);
    assert.ok(huge.json().errors.actor_id, huge.body);
  });

  it('support may not change admin or support accounts (403); admin may change anyone', async () => {
    const supportToken = await loginAs(t.app, await createUser(t.deps, { role: 'support' }));
    for (const role of ['admin', 'support'] as const) {
      const target = await createUser(t.deps, { role });
      const res = await updateForm(t, supportToken, { user_id: String(target.id), first_name: 'Nope' });
      assert.equal(res.statusCode, 403);
      assert.equal((await rowOf(t, target.id)).firstName, target.firstName);
      const byAdmin = await updateForm(t, adminToken, { user_id: String(target.id), first_name: 'Yes' });
      assert.equal(byAdmin.statusCode, 200, byAdmin.body);
    }
  });

  it('an unknown user_id is 404; nobody may deactivate themselves (409)', async () => {
    assert.equal((await updateForm(t, adminToken, { user_id: '987654321', job: 'x' })).statusCode, 404);
    const gone = await createUser(t.deps);
    await t.app.inject({ method: 'DELETE', url: '/api/user/delete', headers: bearer(await loginAs(t.app, gone)) });
    assert.equal(
      (await updateForm(t, adminToken, { user_id: String(gone.id), is_active: '1' })).statusCode,
      404,
      'a deleted account is gone',
    );
    assert.equal((await updateForm(t, adminToken, { user_id: 'abc' })).statusCode, 422);
    const admin = await createUser(t.deps, { role: 'admin' });
    const token = await loginAs(t.app, admin);
    const res = await updateForm(t, token, { user_id: String(admin.id), is_active: '0' });
    assert.equal(res.statusCode, 409);
    assert.equal((await rowOf(t, admin.id)).isActive, true);
  });

  it("deactivation refuses the target's token at once and blocks login; reactivation lets them back in", async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    assert.equal((await profile(token)).statusCode, 200);
    const res = await updateForm(t, adminToken, { user_id: String(u.id), is_active: '0' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.is_active, '0');
    assert.equal((await profile(token)).statusCode, 401);
    await assert.rejects(loginAs(t.app, u), /403/);
    const [entry] = await auditEntries(t, adminToken, u.id, 'user.update');
    assert.deepEqual(entry!.after, { is_active: false });
    const back = await updateJson(t, adminToken, { user_id: u.id, is_active: true });
    assert.equal(back.json().data.is_active, '1');
    assert.equal((await profile(await loginAs(t.app, u))).statusCode, 200);
  });

  it('a password change with current_password ends the other sessions and keeps itself', async () => {
    const u = await createUser(t.deps);
    const current = await loginAs(t.app, u);
    const other = await loginAs(t.app, u);
    const res = await updateForm(t, current, {
      password: 'brand-new-pass-1',
      password_confirmation: 'brand-new-pass-1',
      current_password: DEFAULT_PASSWORD,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await profile(current)).statusCode, 200);
    assert.equal((await profile(other)).statusCode, 401);
    await assert.rejects(loginAs(t.app, u), /401/);
    assert.equal((await profile(await loginAs(t.app, u, 'brand-new-pass-1'))).statusCode, 200);
    const body = res.json().data;
    assert.equal('password' in body || 'password_hash' in body, false);
  });

  it('a password change needs current_password (403 naming it), and a wrong one is refused', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const change = { password: 'another-pass-22', password_confirmation: 'another-pass-22' };
    const without = await updateForm(t, token, change);
    assert.equal(without.statusCode, 403);
    assert.ok(without.json().errors.current_password);
    const wrong = await updateForm(t, token, { ...change, current_password: 'not-my-password' });
    assert.equal(wrong.statusCode, 403);
    assert.ok(wrong.json().errors.current_password);
    assert.equal((await rowOf(t, u.id)).passwordHash, u.passwordHash);
    const right = await updateForm(t, token, { ...change, current_password: DEFAULT_PASSWORD });
    assert.equal(right.statusCode, 200, right.body);
    assert.equal((await profile(await loginAs(t.app, u, 'another-pass-22'))).statusCode, 200);
  });

  it('validates the new password: confirmation must match and at least 8 characters (422)', async () => {
    const token = await loginAs(t.app, await createUser(t.deps));
    const mismatch = await updateForm(t, token, { password: 'long-enough-1', password_confirmation: 'long-enough-2' });
    assert.equal(mismatch.statusCode, 422);
    assert.ok(mismatch.json().errors.password_confirmation);
    const missing = await updateForm(t, token, { password: 'long-enough-1' });
    assert.equal(missing.statusCode, 422);
    const short = await updateForm(t, token, { password: 'short', password_confirmation: 'short' });
    assert.equal(short.statusCode, 422);
    assert.ok(short.json().errors.password);
  });

  it("nobody changes another account's password, not even an admin (403)", async () => {
    const u = await createUser(t.deps);
    const res = await updateForm(t, adminToken, {
      user_id: String(u.id),
      password: 'taken-over-1',
      password_confirmation: 'taken-over-1',
    });
    assert.equal(res.statusCode, 403);
    assert.equal((await rowOf(t, u.id)).passwordHash, u.passwordHash);
  });

  it("an admin changing someone's e-mail resets its verification and mails the code to the new address", async () => {
    const u = await createUser(t.deps);
    const res = await updateForm(t, adminToken, {
      user_id: String(u.id),
      email: `moved-${u.id}@example.test`,
      current_password: DEFAULT_PASSWORD,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.email_verified, '0');
    assert.match(await t.lastCode(`moved-${u.id}@example.test`), /^\d{6}$/);
    const [entry] = await auditEntries(t, adminToken, u.id, 'user.update');
    assert.deepEqual(entry!.after, { email: `moved-${u.id}@example.test` });
  });
});
