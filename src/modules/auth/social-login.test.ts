// Google and Facebook sign-in end to end: the production adapters talk HTTP to local servers
// that speak the providers' protocols (JWKS + RS256 ID tokens; Graph debug_token and /me).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT, UnsecuredJWT } from 'jose';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, DEFAULT_PASSWORD, loginAs } from '../../../test/helpers/factories.ts';
import {
  closedPortUrl,
  GOOGLE_ISSUER,
  startGoogleJwksServer,
  type FakeGoogle,
  type GoogleClaims,
} from '../../../test/fakes/google-jwks-server.ts';
import {
  startFacebookGraphServer,
  type FakeFacebook,
  type FacebookUser,
} from '../../../test/fakes/facebook-graph-server.ts';
import { usersRepository } from '../users/users.repository.ts';

let seq = 0;
// The routes are rate-limited per IP; each request gets its own address so the limit stays out of the way.
let ipSeq = 0;
const nextIp = () => `10.${(ipSeq >> 16) & 255}.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;

const post = (t: TestApp, provider: 'google' | 'facebook', payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${provider}`, payload, remoteAddress: nextIp() });

function person(over: Partial<GoogleClaims> = {}): GoogleClaims {
  seq += 1;
  return {
    sub: `1098${process.pid}${seq}`,
    email: `ana.${process.pid}.${seq}@gmail.test`,
    email_verified: true,
    given_name: 'Ana',
    family_name: `Lima${seq}`,
    picture: `https://lh3.googleusercontent.test/a/${seq}`,
    ...over,
  };
}

function fbUser(over: Partial<FacebookUser> = {}): FacebookUser {
  seq += 1;
  return {
    id: `4000${process.pid}${seq}`,
    email: `bo.${process.pid}.${seq}@facebook.test`,
    first_name: 'Bo',
    last_name: `Berg${seq}`,
    picture: `https://fbcdn.test/p/${seq}.jpg`,
    ...over,
  };
}

function assertRejected(
  res: { statusCode: number; body: string; json(): { code: string } },
  status: number,
  code: string,
  label = '',
) {
  assert.equal(res.statusCode, status, `${label} ${res.body}`);
  assert.equal(res.json().code, code, label);
}

describe('social sign-in', () => {
  let t: TestApp;
  let g: FakeGoogle;
  let fb: FakeFacebook;
  before(async () => {
    [g, fb] = await Promise.all([startGoogleJwksServer(), startFacebookGraphServer()]);
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: g.clientId,
        GOOGLE_JWKS_URL: g.jwksUrl,
        FACEBOOK_APP_ID: fb.appId,
        FACEBOOK_APP_SECRET: fb.appSecret,
        FACEBOOK_GRAPH_URL: fb.graphUrl,
      },
    });
  });
  after(async () => {
    await t.close();
    await Promise.all([g.close(), fb.close()]);
  });

  const users = () => usersRepository(t.deps.db);
  const session = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });

  describe('POST /api/auth/google', () => {
    it('creates a client account with the verified e-mail and names, and a working session', async () => {
      const p = person();
      const res = await post(t, 'google', { id_token: await g.signIdToken(p) });
      assert.equal(res.statusCode, 200, res.body);
      const { token, role, user } = res.json().data;
      assert.equal(role, 'client');
      assert.equal(user.email, p.email);
      assert.equal(user.email_verified, '1');
      assert.equal(user.first_name, 'Ana');
      assert.equal(user.last_name, p.family_name);
      assert.equal(user.avatar, p.picture);
      assert.equal((await users().findByGoogleSub(p.sub))?.id, user.id);
      const s = await session(token);
      assert.equal(s.statusCode, 200);
      assert.deepEqual(s.json().data, { authenticated: true, user_id: user.id, role: 'client', login_type: 'client' });
    });

    it("keeps the provider's names to one line of at most 100 characters (they skip the request schemas)", async () => {
      const p = person({
        given_name: 'Ana\r\n\r\nYour account is locked',
        family_name: `Lima\u2028${'x'.repeat(300)}`,
      });
      const res = await post(t, 'google', { id_token: await g.signIdToken(p) });
      assert.equal(res.statusCode, 200, res.body);
      const { user } = res.json().data;
      assert.equal(user.first_name, 'Ana Your account is locked');
      assert.equal(user.last_name, `Lima ${'x'.repeat(94)}…`);
    });

    it('writes to a new account in the language of the browser that signed it up (Accept-Language)', async () => {
      const p = person();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { id_token: await g.signIdToken(p) },
        headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
        remoteAddress: nextIp(),
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.user.locale, 'fr');
      assert.equal((await users().findByGoogleSub(p.sub))?.locale, 'fr');
    });

    it('signs the same Google subject into the same account, even after its e-mail changed', async () => {
      const p = person();
      const first = await post(t, 'google', { id_token: await g.signIdToken(p) });
      const again = await post(t, 'google', {
        id_token: await g.signIdToken({ ...p, email: `renamed.${seq}@gmail.test` }),
      });
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(again.json().data.user.id, first.json().data.user.id);
    });

    it('links an existing password account with the same verified e-mail', async () => {
      const existing = await createUser(t.deps);
      const p = person({ email: existing.email.toUpperCase() });
      const res = await post(t, 'google', { id_token: await g.signIdToken(p) });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.user.id, existing.id);
      assert.equal((await users().findById(existing.id))?.googleSub, p.sub);
      const pw = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: existing.email, password: DEFAULT_PASSWORD },
      });
      assert.equal(pw.statusCode, 200, 'the password still works after linking');
    });

    it('links an account whose address was never verified, ending the password and sessions set without it', async () => {
      // Someone opened an account with this address, waiting for its owner's first Google sign-in.
      const squatted = await createUser(t.deps, { verified: false });
      const squatterToken = await loginAs(t.app, squatted);
      assert.equal((await session(squatterToken)).statusCode, 200);
      const res = await post(t, 'google', { id_token: await g.signIdToken(person({ email: squatted.email })) });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.user.id, squatted.id);
      assert.equal(res.json().data.user.email_verified, '1');
      assert.equal((await session(squatterToken)).statusCode, 401, "the squatter's session ends at once");
      assert.equal((await users().findById(squatted.id))?.passwordHash, null, 'and the password they chose');
      assert.equal((await session(res.json().data.token)).statusCode, 200);
    });

    it('does not open an account on an address held for the undo of an e-mail change (409)', async () => {
      const moved = await createUser(t.deps);
      const token = await loginAs(t.app, moved);
      const change = await t.app.inject({
        method: 'PUT',
        url: '/api/user/update',
        headers: bearer(token),
        payload: { email: `moved-away-${moved.id}@example.test`, current_password: DEFAULT_PASSWORD },
      });
      assert.equal(change.statusCode, 200, change.body);
      const res = await post(t, 'google', { id_token: await g.signIdToken(person({ email: moved.email })) });
      assertRejected(res, 409, 'EMAIL_TAKEN');
      assert.match(res.json().message, /undo/);
    });

    it('does not link on an unverified e-mail', async () => {
      const existing = await createUser(t.deps);
      const res = await post(t, 'google', {
        id_token: await g.signIdToken(person({ email: existing.email, email_verified: false })),
      });
      assertRejected(res, 422, 'VALIDATION_FAILED');
      assert.equal((await users().findById(existing.id))?.googleSub, null);
    });

    it('does not move an account already linked to another Google subject', async () => {
      const p = person();
      const first = await post(t, 'google', { id_token: await g.signIdToken(p) });
      assert.equal(first.statusCode, 200, first.body);
      const other = person({ email: p.email });
      assertRejected(await post(t, 'google', { id_token: await g.signIdToken(other) }), 409, 'CONFLICT');
      assert.equal(await users().findByGoogleSub(other.sub), undefined);
      const back = await post(t, 'google', { id_token: await g.signIdToken(p) });
      assert.equal(back.json().data?.user.id, first.json().data.user.id, 'the first subject still signs in');
    });

    it('refuses forged, expired, misaddressed and unsigned tokens with 401 TOKEN_INVALID', async () => {
      const now = Math.floor(Date.now() / 1000);
      const p = person();
      const claims = { ...p, iss: GOOGLE_ISSUER, aud: g.clientId, iat: now, exp: now + 3600 };
      const hmacKey = new TextEncoder().encode(JSON.stringify(g.jwks.keys[0]));
      const cases: Array<[string, string]> = [
        ['wrong audience', await g.signIdToken({ ...p, aud: 'someone-else.apps.googleusercontent.com' })],
        ['expired', await g.signIdToken({ ...p, iat: now - 7200, exp: now - 3600 })],
        ['wrong issuer', await g.signIdToken({ ...p, iss: 'https://accounts.google.test' })],
        ['unknown key', await g.signIdToken(p, { unknownKey: true })],
        ['unknown key posing as a published kid', await g.signIdToken(p, { unknownKey: true, kid: g.kids[0] })],
        ['alg none', new UnsecuredJWT(claims).encode()],
        // The classic confusion: HMAC keyed with the public key, under a published kid.
        ['HS256', await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: g.kids[0] }).sign(hmacKey)],
        [
          'tampered payload',
          (await g.signIdToken(p)).replace(
            /\.([^.]+)\./,
            (_match: string) =>
              `.${Buffer.from(JSON.stringify({ ...claims, sub: 'attacker' })).toString('base64url')}.`,
          ),
        ],
      ];
      for (const [label, idToken] of cases)
        assertRejected(await post(t, 'google', { id_token: idToken }), 401, 'TOKEN_INVALID', label);
      assert.equal(await users().findByEmail(p.email!), undefined);
      assert.equal(
        (await post(t, 'google', { id_token: await g.signIdToken(p) })).statusCode,
        200,
        'the same person with a good token',
      );
    });

    it('applies the login type rules to a linked admin', async () => {
      const admin = await createUser(t.deps, { role: 'admin' });
      const p = person({ email: admin.email });
      assertRejected(await post(t, 'google', { id_token: await g.signIdToken(p) }), 403, 'LOGIN_TYPE_NOT_ALLOWED');
      const res = await post(t, 'google', { id_token: await g.signIdToken(p), type: 'admin' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.role, 'admin');
      assert.equal(res.json().data.user.id, admin.id);
    });

    it('refuses an inactive or deleted account with 403 ACCOUNT_INACTIVE', async () => {
      const inactive = await createUser(t.deps, { isActive: false });
      assertRejected(
        await post(t, 'google', { id_token: await g.signIdToken(person({ email: inactive.email })) }),
        403,
        'ACCOUNT_INACTIVE',
        'inactive',
      );
      const p = person();
      const first = await post(t, 'google', { id_token: await g.signIdToken(p) });
      assert.equal(first.statusCode, 200, first.body);
      await users().update(first.json().data.user.id, { deletedAt: t.clock.now() }, t.clock.now());
      assertRejected(await post(t, 'google', { id_token: await g.signIdToken(p) }), 403, 'ACCOUNT_INACTIVE', 'deleted');
    });

    it('answers 422 without an id_token', async () => {
      const res = await post(t, 'google', { type: 'client' });
      assertRejected(res, 422, 'VALIDATION_FAILED');
      assert.ok(res.json().errors.id_token, res.body);
    });
  });

  describe('POST /api/auth/facebook', () => {
    const grant = (user: FacebookUser, extra: { appId?: string; valid?: boolean } = {}) => {
      const token = `EAAfake${seq}x${Math.random().toString(36).slice(2)}`;
      fb.registerToken(token, { user, ...extra });
      return token;
    };

    it('creates an account from the Graph profile, then signs the same person in again', async () => {
      const u = fbUser();
      const res = await post(t, 'facebook', { access_token: grant(u) });
      assert.equal(res.statusCode, 200, res.body);
      const { token, role, user } = res.json().data;
      assert.equal(role, 'client');
      assert.deepEqual(
        [user.email, user.email_verified, user.first_name, user.last_name, user.avatar],
        [u.email, '1', 'Bo', u.last_name, u.picture],
      );
      assert.equal((await users().findByFacebookId(u.id))?.id, user.id);
      assert.equal((await session(token)).json().data.user_id, user.id);
      const again = await post(t, 'facebook', { access_token: grant(u) });
      assert.equal(again.json().data?.user.id, user.id, again.body);
    });

    it('links an existing account with the same e-mail', async () => {
      const existing = await createUser(t.deps);
      const res = await post(t, 'facebook', { access_token: grant(fbUser({ email: existing.email })) });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.user.id, existing.id);
    });

    it('refuses tokens Facebook reports invalid, does not know, or issued to another app (401)', async () => {
      const u = fbUser();
      const cases: Array<[string, string]> = [
        ['expired', grant(u, { valid: false })],
        ['unknown', 'EAAnot-a-token-facebook-knows'],
        ['other app', grant(u, { appId: '9999999999999999' })],
      ];
      for (const [label, accessToken] of cases)
        assertRejected(await post(t, 'facebook', { access_token: accessToken }), 401, 'TOKEN_INVALID', label);
      assert.equal(await users().findByFacebookId(u.id), undefined);
      // Facebook's own appsecret_proof check would also stop the other app's token; ours must stop it first.
      assert.equal(
        fb.requests.filter((r) => r.path === '/me' && r.query.get('access_token') === cases[2]![1]).length,
        0,
      );
    });

    it('gives no account to a Facebook person without an e-mail (422)', async () => {
      const u = fbUser({ email: undefined });
      assertRejected(await post(t, 'facebook', { access_token: grant(u) }), 422, 'VALIDATION_FAILED');
      assert.equal(await users().findByFacebookId(u.id), undefined);
    });

    it('answers 503 while the Graph API fails, and recovers', async () => {
      const token = grant(fbUser());
      fb.failWith(500);
      try {
        assertRejected(await post(t, 'facebook', { access_token: token }), 503, 'SOCIAL_PROVIDER_UNAVAILABLE');
      } finally {
        fb.failWith(null);
      }
      assert.equal((await post(t, 'facebook', { access_token: token })).statusCode, 200);
    });

    it('answers 422 without an access_token', async () => {
      const res = await post(t, 'facebook', {});
      assertRejected(res, 422, 'VALIDATION_FAILED');
      assert.ok(res.json().errors.access_token, res.body);
    });

    it('the fake itself refuses a wrong appsecret_proof, so the happy path proves ours is right', async () => {
      const token = grant(fbUser());
      const res = await fetch(`${fb.graphUrl}/me?fields=id&access_token=${token}&appsecret_proof=${'0'.repeat(64)}`);
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { error: { code: number } }).error.code, 100);
    });
  });

  describe('when a provider is down or not configured', () => {
    let flaky: FakeGoogle;
    const extra: TestApp[] = [];
    const app = async (env: Record<string, string>) => {
      const a = await createTestApp({ database: t.database, env });
      extra.push(a);
      return a;
    };
    before(async () => {
      flaky = await startGoogleJwksServer();
    });
    after(async () => {
      for (const a of extra) await a.close();
      await flaky.close();
    });

    it("answers 503 while Google's key set answers 500, and recovers", async () => {
      const a = await app({ GOOGLE_CLIENT_ID: flaky.clientId, GOOGLE_JWKS_URL: flaky.jwksUrl });
      const idToken = await flaky.signIdToken(person());
      flaky.failWith(500);
      assertRejected(await post(a, 'google', { id_token: idToken }), 503, 'SOCIAL_PROVIDER_UNAVAILABLE');
      flaky.failWith(null);
      assert.equal((await post(a, 'google', { id_token: idToken })).statusCode, 200);
    });

    it("answers 503 when nothing listens at the provider's address", async () => {
      const a = await app({
        GOOGLE_CLIENT_ID: g.clientId,
        GOOGLE_JWKS_URL: await closedPortUrl('/oauth2/v3/certs'),
        FACEBOOK_APP_ID: fb.appId,
        FACEBOOK_APP_SECRET: fb.appSecret,
        FACEBOOK_GRAPH_URL: await closedPortUrl('/v19.0'),
      });
      assertRejected(
        await post(a, 'google', { id_token: await g.signIdToken(person()) }),
        503,
        'SOCIAL_PROVIDER_UNAVAILABLE',
        'google',
      );
      const fbToken = `EAAclosed${seq}`;
      fb.registerToken(fbToken, { user: fbUser() });
      assertRejected(
        await post(a, 'facebook', { access_token: fbToken }),
        503,
        'SOCIAL_PROVIDER_UNAVAILABLE',
        'facebook',
      );
    });

    it('answers 404 when Google or Facebook sign-in is not configured', async () => {
      const a = await app({ GOOGLE_JWKS_URL: g.jwksUrl, FACEBOOK_GRAPH_URL: fb.graphUrl });
      const hits = g.hits;
      assertRejected(
        await post(a, 'google', { id_token: await g.signIdToken(person()) }),
        404,
        'SOCIAL_PROVIDER_NOT_CONFIGURED',
        'google',
      );
      assertRejected(
        await post(a, 'facebook', { access_token: `EAAunconfigured${seq}` }),
        404,
        'SOCIAL_PROVIDER_NOT_CONFIGURED',
        'facebook',
      );
      assert.equal(g.hits, hits, 'no key set is fetched without a client id');
    });
  });
});
