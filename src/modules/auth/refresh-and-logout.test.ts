import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT, decodeJwt } from 'jose';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { usersRepository } from '../users/users.repository.ts';

describe('tokens, refresh and logout', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const session = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers });
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) });

  it('issues a JWT with sub, role, sid, jti, exp and a 15-minute life', async () => {
    const u = await createUser(t.deps, { role: 'owner' });
    const claims = decodeJwt(await loginAs(t.app, u));
    assert.equal(claims.sub, String(u.id));
    assert.equal(claims.role, 'owner');
    assert.equal(typeof claims.sid, 'string');
    assert.equal(typeof claims.jti, 'string');
    assert.equal(claims.exp! - claims.iat!, 15 * 60);
  });

  it('refresh answers success, message and data {newToken, role} for the same session', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const res = await refresh(token);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.success, true);
    assert.equal(typeof body.message, 'string');
    assert.equal(body.data.role, 'client');
    assert.notEqual(body.data.newToken, token);
    assert.equal(decodeJwt(body.data.newToken).sid, decodeJwt(token).sid);
    assert.equal((await session(bearer(body.data.newToken))).json().data.user_id, u.id);
  });

  it('refuses refresh without a bearer token, or with the token only in a cookie', async () => {
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode, 401);
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { client_token: token, current_token_type: 'client' },
    });
    assert.equal(res.statusCode, 401);
  });

  it('refreshes a token once: a second refresh is 401 and the session survives', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const first = await refresh(token);
    assert.equal(first.statusCode, 200);
    const second = await refresh(token);
    assert.equal(second.statusCode, 401);
    assert.equal(second.json().code, 'TOKEN_ALREADY_REFRESHED');
    assert.equal((await session(bearer(first.json().data.newToken))).statusCode, 200);
  });

  it('a replayed token more than 60 s after its refresh ends the whole session', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const fresh = (await refresh(token)).json().data.newToken;
    t.clock.advance(61_000);
    const replay = await refresh(token);
    assert.equal(replay.statusCode, 401);
    assert.equal(replay.json().code, 'SESSION_REVOKED');
    const after = await session(bearer(fresh));
    assert.equal(after.statusCode, 401);
    assert.equal(after.json().code, 'SESSION_REVOKED');
  });

  it('refuses an expired token, for requests and for refresh', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    t.clock.advance(15 * 60_000 + 1000);
    const res = await session(bearer(token));
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, 'TOKEN_EXPIRED');
    assert.equal((await refresh(token)).statusCode, 401);
  });

  it('refuses tampered, unsigned and foreign-key tokens', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin', sub: '1' })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const otherAlg = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const bad of [`${h}.${forged}.${s}`, `${none}.${p}.`, otherKey, otherAlg, 'garbage', `${h}.${p}`]) {
      const res = await session(bearer(bad));
      assert.equal(res.statusCode, 401, bad);
      assert.equal(res.json().code, 'TOKEN_INVALID');
    }
  });

  it('logout revokes the session at once, clears the cookies, and refresh after logout is 401', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    assert.equal((await session(bearer(token))).statusCode, 200);
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    assert.equal(out.statusCode, 200);
    const cleared = out.cookies.map((c) => c.name).sort();
    assert.deepEqual(cleared, [
      'admin_proprio_token',
      'admin_support_token',
      'admin_token',
      'client_token',
      'current_token_type',
      'support_token',
    ]);
    const res = await session(bearer(token));
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, 'SESSION_REVOKED');
    assert.equal((await refresh(token)).statusCode, 401);
    assert.equal(
      (await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) })).statusCode,
      401,
    );
  });

  it("logout ends only that session; the account's other sessions go on", async () => {
    const u = await createUser(t.deps);
    const a = await loginAs(t.app, u);
    const b = await loginAs(t.app, u);
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(a) });
    assert.equal((await session(bearer(b))).statusCode, 200);
  });

  it('deactivating the account refuses its tokens at once', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    assert.equal((await session(bearer(token))).statusCode, 200);
    await usersRepository(t.deps.db).update(u.id, { isActive: false }, t.clock.now());
    await t.deps.sessions.revokeAllForUser(u.id, 'deactivated');
    assert.equal((await session(bearer(token))).statusCode, 401);
  });

  it('GET /auth/session answers authenticated=false without a token and sets no-store with one', async () => {
    const anon = await session({});
    assert.equal(anon.statusCode, 200);
    assert.equal(anon.json().data.authenticated, false);
    const u = await createUser(t.deps);
    const res = await session(bearer(await loginAs(t.app, u)));
    assert.equal(res.json().data.authenticated, true);
    assert.equal(res.headers['cache-control'], 'no-store');
  });
});

describe('cookie sessions and CSRF', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: 'https://www.stays.test' } });
  });
  after(() => t.close());

  it('authenticates from the cookie that current_token_type names, the header winning', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { client_token: token, current_token_type: 'client' },
    });
    assert.equal(viaCookie.json().data.user_id, u.id);
    const wrongType = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { client_token: token, current_token_type: 'admin' },
    });
    assert.equal(wrongType.json().data.authenticated, false);
    const headerWins = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: bearer('garbage'),
      cookies: { client_token: token, current_token_type: 'client' },
    });
    assert.equal(headerWins.statusCode, 401);
  });

  it('refuses a cookie-authenticated write from a foreign or missing origin (403) and allows ours', async () => {
    const u = await createUser(t.deps);
    const cookies = { client_token: await loginAs(t.app, u), current_token_type: 'client' };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      cookies,
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(foreign.statusCode, 403);
    assert.equal(foreign.json().code, 'CSRF_REJECTED');
    const missing = await t.app.inject({ method: 'POST', url: '/api/user/logout', cookies });
    assert.equal(missing.statusCode, 403);
    const byReferer = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      cookies,
      headers: { referer: 'https://www.stays.test/account' },
    });
    assert.equal(byReferer.statusCode, 200);
  });

  it('does not apply the origin rule to bearer-authenticated writes', async () => {
    const u = await createUser(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { ...bearer(await loginAs(t.app, u)), origin: 'https://evil.example' },
    });
    assert.equal(res.statusCode, 200);
  });
});

describe('absolute session lifetime', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { SESSION_TTL: '20m', ACCESS_TOKEN_TTL: '15m' } });
  });
  after(() => t.close());

  it('never extends a token beyond the session, and the session ends at its lifetime', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const sessionEnd = decodeJwt(token).iat! + 20 * 60;
    t.clock.advance(10 * 60_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) });
    assert.equal(res.statusCode, 200);
    const fresh = res.json().data.newToken;
    assert.equal(decodeJwt(fresh).exp, sessionEnd);
    t.clock.advance(10 * 60_000 + 1000);
    const late = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(fresh) });
    assert.equal(late.statusCode, 401);
  });
});
