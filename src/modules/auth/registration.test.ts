import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser } from '../../../test/helpers/factories.ts';
import { sendInitialPasswordLink } from './set-initial-password.ts';
import { usersRepository } from '../users/users.repository.ts';

let n = 0;
const person = (over: Record<string, unknown> = {}) => {
  n += 1;
  return {
    username: `traveller${n}`,
    first_name: 'Ana',
    last_name: 'Silva',
    email: `ana${n}@example.test`,
    password: 'long-enough-1',
    password_confirmation: 'long-enough-1',
    ...over,
  };
};

describe('registration and e-mail verification', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/${url}`, payload });

  it('creates an unverified client account and mails a 6-digit code', async () => {
    const body = person({ phone: '+33 6 12 34 56 78' });
    const res = await post('auth/register', body);
    assert.equal(res.statusCode, 201, res.body);
    const user = res.json().data.user;
    assert.equal(user.role, 'client');
    assert.equal(user.email_verified, '0');
    assert.equal(user.phone, '+33 6 12 34 56 78');
    assert.match(await t.lastCode(body.email), /^\d{6}$/);
    const login = await post('auth/login', { login: body.username, password: body.password });
    assert.equal(login.statusCode, 200);
  });

  it('verifies the e-mail with the code, once', async () => {
    const body = person();
    await post('auth/register', body);
    const code = await t.lastCode(body.email);
    const wrong = await post('auth/verify-email', { email: body.email, code: code === '000000' ? '111111' : '000000' });
    assert.equal(wrong.statusCode, 422);
    assert.equal(wrong.json().code, 'INVALID_CODE');
    const ok = await post('auth/verify-email', { email: body.email, code });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().data.user.email_verified, '1');
    assert.notEqual(ok.json().data.user.email_verified_at, '');
    const again = await post('auth/verify-email', { email: body.email, code });
    assert.equal(again.statusCode, 409);
  });

  it('burns the code after 5 wrong attempts', async () => {
    const body = person();
    await post('auth/register', body);
    const code = await t.lastCode(body.email);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      assert.equal((await post('auth/verify-email', { email: body.email, code: wrongCode })).statusCode, 422);
    assert.equal((await post('auth/verify-email', { email: body.email, code })).statusCode, 422);
    await post('auth/resend-verification', { email: body.email });
    const fresh = await t.lastCode(body.email);
    assert.equal((await post('auth/verify-email', { email: body.email, code: fresh })).statusCode, 200);
  });

  it('expires the code', async () => {
    const body = person();
    await post('auth/register', body);
    const code = await t.lastCode(body.email);
    t.clock.advance(24 * 3600_000 + 1000);
    assert.equal((await post('auth/verify-email', { email: body.email, code })).statusCode, 422);
  });

  it('answers an unknown e-mail like a wrong code', async () => {
    const res = await post('auth/verify-email', { email: 'nobody@example.test', code: '123456' });
    assert.equal(res.statusCode, 422);
    assert.equal(res.json().code, 'INVALID_CODE');
  });

  it('refuses duplicates with 409, case-insensitively', async () => {
    const body = person();
    assert.equal((await post('auth/register', body)).statusCode, 201);
    const sameEmail = await post('auth/register', person({ email: body.email.toUpperCase() }));
    assert.equal(sameEmail.statusCode, 409);
    assert.equal(sameEmail.json().code, 'EMAIL_TAKEN');
    const sameName = await post('auth/register', person({ username: body.username.toUpperCase() }));
    assert.equal(sameName.statusCode, 409);
    assert.equal(sameName.json().code, 'USERNAME_TAKEN');
  });

  it('registers one account when the same e-mail races in', async () => {
    const email = `race${n}@example.test`;
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post('auth/register', person({ email, username: `racer${n}_${i}` }))),
    );
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 409, 409, 409, 409]);
  });

  it('validates every field with a 422 naming it', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not-an-email' }, 'email'],
      [{ password: 'short', password_confirmation: 'short' }, 'password'],
      [{ password_confirmation: 'different-one' }, 'password_confirmation'],
      [{ username: 'a b' }, 'username'],
      [{ first_name: '' }, 'first_name'],
      [{ phone: 'call me' }, 'phone'],
    ];
    for (const [over, field] of cases) {
      const res = await post('auth/register', person(over));
      assert.equal(res.statusCode, 422, field);
      assert.ok(res.json().errors[field], `${field}: ${res.body}`);
    }
    const missing = await post('auth/register', {});
    assert.deepEqual(Object.keys(missing.json().errors).sort(), [
      'email',
      'first_name',
      'last_name',
      'password',
      'password_confirmation',
      'username',
    ]);
  });

  it('register-owner keeps user_type and company_name; the account stays a client until KYC approval', async () => {
    const res = await post('auth/register-owner', person({ user_type: 'company', company_name: 'Sea View SARL' }));
    assert.equal(res.statusCode, 201, res.body);
    const user = res.json().data.user;
    assert.equal(user.role, 'client');
    assert.equal(user.user_type, 'company');
    assert.equal(user.company_name, 'Sea View SARL');
    const noCompany = await post('auth/register-owner', person({ user_type: 'company' }));
    assert.equal(noCompany.statusCode, 422);
    assert.ok(noCompany.json().errors.company_name);
    const badType = await post('auth/register-owner', person({ user_type: 'robot' }));
    assert.equal(badType.statusCode, 422);
  });

  it('check-account tells existence, activity and password presence', async () => {
    const u = await createUser(t.deps);
    const noPw = await createUser(t.deps, { password: null });
    const get = (login: string) =>
      t.app.inject({ method: 'GET', url: `/api/auth/check-account?login=${encodeURIComponent(login)}` });
    assert.deepEqual((await get(u.email)).json().data, { exists: true, is_active: true, has_password: true });
    assert.deepEqual((await get(noPw.username)).json().data, { exists: true, is_active: true, has_password: false });
    assert.deepEqual((await get('nobody@nowhere.test')).json().data, {
      exists: false,
      is_active: false,
      has_password: false,
    });
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/auth/check-account' })).statusCode, 422);
  });

  it('rate-limits check-account per IP (429 with Retry-After)', async () => {
    let last;
    for (let i = 0; i < 31; i++)
      last = await t.app.inject({ method: 'GET', url: '/api/auth/check-account?login=x', remoteAddress: '10.7.7.7' });
    assert.equal(last!.statusCode, 429);
    assert.equal(last!.json().code, 'RATE_LIMITED');
    assert.ok(Number(last!.headers['retry-after']) > 0);
  });
});

describe('set-initial-password', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('sets the first password with the mailed single-use token and signs in', async () => {
    const staff = await createUser(t.deps, { role: 'support', password: null, verified: false });
    const token = await sendInitialPasswordLink(t.deps, staff);
    assert.ok((await t.mails(staff.email)).at(-1)!.text.includes(token));
    const body = { token, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' };
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/set-initial-password', payload: body });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.role, 'support');
    assert.equal(res.json().data.user.email_verified, '1');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(res.json().data.token) });
    assert.equal(me.json().data.user_id, staff.id);
    const reuse = await t.app.inject({ method: 'POST', url: '/api/auth/set-initial-password', payload: body });
    assert.equal(reuse.statusCode, 422);
    assert.ok(reuse.json().errors.token);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: staff.email, password: 'brand-new-pass', type: 'support' },
    });
    assert.equal(login.statusCode, 200);
  });

  it('refuses an unknown, expired or mismatched request', async () => {
    const staff = await createUser(t.deps, { role: 'admin', password: null });
    const token = await sendInitialPasswordLink(t.deps, staff);
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-initial-password',
      payload: { token, password: 'brand-new-pass', password_confirmation: 'other-pass-1' },
    });
    assert.equal(mismatch.statusCode, 422);
    assert.ok(mismatch.json().errors.password_confirmation);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-initial-password',
      payload: { token: 'x'.repeat(43), password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    assert.equal(unknown.statusCode, 422);
    t.clock.advance(7 * 86400_000 + 1000);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-initial-password',
      payload: { token, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    assert.equal(expired.statusCode, 422);
    assert.equal((await usersRepository(t.deps.db).findById(staff.id))!.passwordHash, null);
  });
});
