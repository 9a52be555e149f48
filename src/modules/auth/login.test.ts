import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, DEFAULT_PASSWORD, loginAs } from '../../../test/helpers/factories.ts';

describe('POST /api/auth/login', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });

  it('logs in by e-mail or username and answers token, role and the flat profile', async () => {
    const u = await createUser(t.deps, { username: 'Marta_K' });
    for (const login of [u.email, u.email.toUpperCase(), 'marta_k']) {
      const res = await post({ login, password: DEFAULT_PASSWORD });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.equal(body.success, true);
      assert.equal(body.data.role, 'client');
      assert.equal(typeof body.data.token, 'string');
      assert.equal(body.data.user.id, u.id);
      assert.equal(body.data.user.email_verified, '1');
      assert.equal(body.data.user.is_active, '1');
      assert.equal(body.data.user.password_hash, undefined);
      for (const [k, v] of Object.entries(body.data.user)) if (k !== 'id') assert.equal(typeof v, 'string', k);
    }
  });

  it('sets the HttpOnly cookie named by the login type and current_token_type', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const res = await post({ login: admin.email, password: DEFAULT_PASSWORD, type: 'admin' });
    assert.equal(res.statusCode, 200);
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    assert.equal(cookies.admin_token?.value, res.json().data.token);
    assert.equal(cookies.admin_token?.httpOnly, true);
    assert.equal(cookies.current_token_type?.value, 'admin');
  });

  it('refuses a wrong password and an unknown login alike (401)', async () => {
    const u = await createUser(t.deps);
    const wrong = await post({ login: u.email, password: 'not-the-password' });
    const unknown = await post({ login: 'nobody@example.test', password: 'whatever-123' });
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    assert.equal(wrong.json().code, 'INVALID_CREDENTIALS');
    assert.equal(wrong.json().message, unknown.json().message);
  });

  it('lets each login type admit only its roles (403 LOGIN_TYPE_NOT_ALLOWED)', async () => {
    const cases: Array<[string, string, number]> = [
      ['client', 'client', 200],
      ['owner', 'client', 200],
      ['admin', 'client', 403],
      ['support', 'client', 403],
      ['admin', 'admin', 200],
      ['owner', 'admin', 200],
      ['client', 'admin', 403],
      ['support', 'admin', 403],
      ['support', 'support', 200],
      ['admin', 'support', 200],
      ['client', 'support', 403],
      ['owner', 'support', 403],
    ];
    for (const [role, type, status] of cases) {
      const u = await createUser(t.deps, { role: role as never });
      const res = await post({ login: u.email, password: DEFAULT_PASSWORD, type });
      assert.equal(res.statusCode, status, `${role} with type ${type}`);
      if (status === 403) assert.equal(res.json().code, 'LOGIN_TYPE_NOT_ALLOWED');
      else assert.equal(res.json().data.role, role);
    }
  });

  it('refuses an inactive account with 403 once the password is right', async () => {
    const u = await createUser(t.deps, { isActive: false });
    const res = await post({ login: u.email, password: DEFAULT_PASSWORD });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'ACCOUNT_INACTIVE');
  });

  it('answers 422 naming each missing or invalid field', async () => {
    const res = await post({ password: 5, type: 'root' });
    assert.equal(res.statusCode, 422);
    const { errors, code } = res.json();
    assert.equal(code, 'VALIDATION_FAILED');
    assert.ok(errors.login, JSON.stringify(errors));
    assert.ok(errors.type, JSON.stringify(errors));
  });

  it('answers 429 with Retry-After after 10 failures for one account, even from other IPs', async () => {
    const u = await createUser(t.deps);
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: u.email, password: 'wrong-password' },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: u.email, password: DEFAULT_PASSWORD },
      remoteAddress: '10.0.1.1',
    });
    assert.equal(blocked.statusCode, 429);
    assert.equal(blocked.json().code, 'RATE_LIMITED');
    assert.ok(Number(blocked.headers['retry-after']) > 0);
    // The window passes: the account may try again.
  });

  it('counts failures per account whichever identifier and spelling names it (e-mail, username, case, spaces)', async () => {
    const u = await createUser(t.deps);
    const names = [u.email, u.username, ` ${u.email.toUpperCase()} `, u.username.toUpperCase()];
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: names[i % names.length], password: 'wrong-password' },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
    }
    for (const login of names) {
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login, password: DEFAULT_PASSWORD },
        remoteAddress: '10.1.1.1',
      });
      assert.equal(blocked.statusCode, 429, `${login} after 10 failures of the account`);
      assert.ok(Number(blocked.headers['retry-after']) > 0);
    }
  });

  it('throttles an identifier that is no account alike, by its normalised spelling, with the same answers', async () => {
    const ghost = `nobody${Date.now()}@example.test`;
    for (let i = 0; i < 10; i++) {
      const login = i % 2 ? ghost.toUpperCase() : ` ${ghost}`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login, password: 'wrong-password' },
        remoteAddress: `10.2.0.${i + 1}`,
      });
      assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
      assert.equal(res.json().code, 'INVALID_CREDENTIALS');
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: ghost, password: 'wrong-password' },
      remoteAddress: '10.2.1.1',
    });
    assert.equal(blocked.statusCode, 429);
    assert.match(blocked.json().message, /^Too many failed logins; try again in \d+ s$/);
    // Another account is not touched by that count.
    const u = await createUser(t.deps);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: u.username, password: DEFAULT_PASSWORD },
      remoteAddress: '10.2.1.1',
    });
    assert.equal(other.statusCode, 200, other.body);
  });

  it('answers 429 after 10 failures from one IP across different accounts', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: `ghost${i}@example.test`, password: 'wrong-password' },
        remoteAddress: '10.9.9.9',
      });
      assert.equal(res.statusCode, 401);
    }
    const u = await createUser(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: u.email, password: DEFAULT_PASSWORD },
      remoteAddress: '10.9.9.9',
    });
    assert.equal(res.statusCode, 429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: u.email, password: DEFAULT_PASSWORD },
      remoteAddress: '10.9.9.10',
    });
    assert.equal(other.statusCode, 200);
  });

  it('gives a token that authenticates the caller', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    assert.equal(res.statusCode, 200);
  });
});
