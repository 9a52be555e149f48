// Two instances of the service on one PostgreSQL database, sharing Redis: a session ended on
// one is refused by the other straight away, even though the other had it cached (logout, the
// end of every session, a new password or e-mail address).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, onPostgres, type TestDatabase } from './helpers/test-database.ts';
import { bearer, createUser, DEFAULT_PASSWORD, loginAs } from './helpers/factories.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const why = !onPostgres
  ? 'needs TEST_DATABASE_URL: PGlite is one process, so there is no second instance'
  : !redisUrl
    ? 'needs TEST_REDIS_URL for the shared event bus'
    : null;

describe('sessions across two instances', { skip: why ?? false }, () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    database = await createTestDatabase();
    const env = { REDIS_URL: redisUrl!, DATABASE_URL: database.url! };
    a = await createTestApp({ database, env });
    b = await createTestApp({ database, env });
    // Both buses must be subscribed before the first publish.
    for (const t of [a, b]) await (t.deps.bus as unknown as { whenReady(): Promise<void> }).whenReady();
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  async function refusedWithin(t: TestApp, token: string, ms: number): Promise<number> {
    const start = Date.now();
    for (;;) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
      if (res.statusCode === 401) return Date.now() - start;
      if (Date.now() - start > ms) assert.fail(`still accepted after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  it('logout on A is refused on B at once', async () => {
    const u = await createUser(a.deps);
    const token = await loginAs(a.app, u);
    assert.equal(
      (await b.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) })).statusCode,
      200,
    );
    await a.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    // Well under the 5 s cache life: the bus, not the cache expiry, ended it.
    assert.ok((await refusedWithin(b, token, 1000)) < 1000);
  });

  it('ending every session of an account on B is refused on A at once', async () => {
    const u = await createUser(a.deps);
    const token = await loginAs(a.app, u);
    assert.equal(
      (await a.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) })).statusCode,
      200,
    );
    await b.deps.sessions.revokeAllForUser(u.id, 'deactivated');
    assert.ok((await refusedWithin(a, token, 1000)) < 1000);
  });

  // Not timed: B's own bus subscriber (the session cache's) runs before this test's, so once the
  // test hears the revocation on B, B's cache has forgotten the session.
  for (const change of ['email', 'password'] as const) {
    it(`a new ${change} on A ends the account's other session on B as soon as B hears of it`, {
      timeout: 30_000,
    }, async () => {
      const u = await createUser(a.deps);
      const mine = await loginAs(a.app, u);
      const other = await loginAs(a.app, u);
      const onB = (token: string) => b.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
      assert.equal((await onB(other)).statusCode, 200, 'B has the other session in its cache');
      const sid = JSON.parse(Buffer.from(other.split('.')[1]!, 'base64url').toString()).sid as string;
      const heard = new Promise<void>((resolve) => {
        const stop = b.deps.bus.subscribe('auth.sessions_revoked', (m) => {
          if (!(m.payload as { sessionIds: string[] }).sessionIds.includes(sid)) return;
          stop();
          resolve();
        });
      });
      const body =
        change === 'email'
          ? { email: `moved-${u.id}-${process.pid}@example.test`, current_password: DEFAULT_PASSWORD }
          : {
              password: 'brand-new-pass-9',
              password_confirmation: 'brand-new-pass-9',
              current_password: DEFAULT_PASSWORD,
            };
      const res = await a.app.inject({ method: 'PUT', url: '/api/user/update', headers: bearer(mine), payload: body });
      assert.equal(res.statusCode, 200, res.body);
      await heard;
      const refused = await onB(other);
      assert.equal(refused.statusCode, 401, refused.body);
      assert.equal(refused.json().code, 'SESSION_REVOKED');
      assert.equal((await onB(mine)).statusCode, 200, "the caller's session lives on, on B too");
    });
  }

  it('login failures are counted across instances', async () => {
    const u = await createUser(a.deps);
    for (let i = 0; i < 10; i++) {
      const t = i % 2 ? a : b;
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: u.email, password: 'wrong-password' },
        remoteAddress: `10.20.0.${i}`,
      });
    }
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: u.email, password: 'wrong-password' },
      remoteAddress: '10.20.1.1',
    });
    assert.equal(res.statusCode, 429);
  });

  it('login failures are counted per account across instances, whichever identifier each names', async () => {
    const u = await createUser(a.deps);
    // Addresses of this run's own: this Redis keeps earlier runs' per-IP counts for 15 minutes.
    const net = `10.${22 + Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < 10; i++) {
      const t = i % 2 ? a : b;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: i % 4 < 2 ? u.email : u.username.toUpperCase(), password: 'wrong-password' },
        remoteAddress: `${net}.0.${i}`,
      });
      assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
    }
    for (const t of [a, b]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: u.username, password: 'wrong-password' },
        remoteAddress: `${net}.1.1`,
      });
      assert.equal(res.statusCode, 429);
    }
  });
});
