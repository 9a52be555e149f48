// Rotating the access-token key (JWT_SECRETS) through restarts of the real app on one database:
// nobody is logged out, the old key's tokens stop once the key leaves the list, and what is keyed
// by JWT_SECRET rather than by the token key (one-time code hashes) does not move.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { keyId } from './tokens.ts';

const OLD = TEST_JWT_SECRET;
const NEW = 'the-next-signing-key-for-rotation-0123456789';
const kidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid;
const key = (text: string) => keyId(new TextEncoder().encode(text));

describe('JWT signing-key rotation across restarts', () => {
  let database: TestDatabase;
  const open: TestApp[] = [];
  // Each step is a restart with a new configuration on the same database.
  async function instance(env: Record<string, string>): Promise<TestApp> {
    const t = await createTestApp({ database, env });
    open.push(t);
    return t;
  }
  async function stop(t: TestApp) {
    open.splice(open.indexOf(t), 1);
    await t.close();
  }
  const session = (t: TestApp, token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });

  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    for (const t of open) await t.close();
    await database?.close();
  });

  it('keeps sessions and codes through JWT_SECRETS="new,old", then refuses the old key once it is dropped', async () => {
    // Before: JWT_SECRET alone.
    const before = await instance({ JWT_SECRET: OLD });
    const user = await createUser(before.deps);
    const oldToken = await loginAs(before.app, user);
    const toRefresh = await loginAs(before.app, user);
    assert.equal(kidOf(oldToken), key(OLD));
    const reset = await before.app.inject({
      method: 'POST',
      url: '/api/password_reset/request',
      payload: { email: user.email },
    });
    assert.equal(reset.statusCode, 200);
    const code = await before.lastCode(user.email);
    const codeHash = before.deps.secrets.hashToken('reset_token', 'some-link-token');
    await stop(before);

    // Rotation: two instances with the new key first, JWT_SECRET unchanged.
    const env = { JWT_SECRET: OLD, JWT_SECRETS: `${NEW},${OLD}` };
    const a = await instance(env);
    const b = await instance(env);
    assert.equal((await session(a, oldToken)).statusCode, 200);
    assert.equal((await session(b, oldToken)).statusCode, 200);
    const newToken = await loginAs(a.app, user);
    assert.equal(kidOf(newToken), key(NEW));
    assert.equal((await session(b, newToken)).statusCode, 200, 'instances with the same list agree');
    const refreshed = await b.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(toRefresh) });
    assert.equal(refreshed.statusCode, 200, refreshed.body);
    const refreshedToken: string = refreshed.json().data.newToken;
    assert.equal(kidOf(refreshedToken), key(NEW));
    assert.equal((await session(a, refreshedToken)).statusCode, 200);
    // A code mailed before the rotation is still good: its hash is keyed by JWT_SECRET.
    assert.equal(a.deps.secrets.hashToken('reset_token', 'some-link-token'), codeHash);
    const verified = await b.app.inject({
      method: 'POST',
      url: '/api/password_reset/verify',
      payload: { email: user.email, code },
    });
    assert.equal(verified.statusCode, 200, verified.body);
    await stop(a);
    await stop(b);

    // After ACCESS_TOKEN_TTL: the old key leaves the list.
    const after = await instance({ JWT_SECRET: OLD, JWT_SECRETS: NEW });
    const refused = await session(after, oldToken);
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.json().code, 'TOKEN_INVALID');
    assert.equal((await session(after, newToken)).statusCode, 200);
    assert.equal((await session(after, refreshedToken)).statusCode, 200);
    assert.equal(after.deps.secrets.hashToken('reset_token', 'some-link-token'), codeHash);
  });
});
