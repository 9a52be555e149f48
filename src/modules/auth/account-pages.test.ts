// The set-password and reset-password pages: where the staff invitation and the reset e-mail
// point by default (CLIENT_APP_URL unset → this service), driven as a browser without script does.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('account pages (set-password, reset-password)', () => {
  let t: TestApp;
  let adminToken: string;
  before(async () => {
    t = await createTestApp();
    adminToken = await loginAs(t.app, await createUser(t.deps, { role: 'admin' }));
  });
  after(() => t.close());

  /** The link of the last mail to `email` whose path is `pathname`, as a path and query on this service. */
  const linkIn = async (email: string, pathname: string) => {
    const text = (await t.mails(email)).at(-1)!.text;
    const url = [...text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0])).find((u) => u.pathname === pathname);
    assert.ok(url, text);
    assert.equal(url.origin, t.deps.config.PUBLIC_BASE_URL, 'the default link points to this service');
    assert.equal(url.pathname, pathname);
    return url;
  };

  it('the staff invitation opens the set-password page, whose form sets the first password once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: bearer(adminToken),
      payload: {
        username: 'page_staff',
        first_name: 'Pat',
        last_name: 'Staff',
        email: 'page_staff@example.test',
        role: 'support',
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const link = await linkIn('page_staff@example.test', '/set-password');
    const token = link.searchParams.get('token')!;
    const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.match(page.headers['content-security-policy'] as string, /default-src 'none'/);
    assert.ok(page.body.includes(`name="token" value="${token}"`));

    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/set-password',
      headers: FORM,
      payload: form({ token, password: 'first-pass-123', password_confirmation: 'other-pass-123' }),
    });
    assert.equal(mismatch.statusCode, 422);
    assert.match(mismatch.body, /The two passwords differ/);
    const short = await t.app.inject({
      method: 'POST',
      url: '/set-password',
      headers: FORM,
      payload: form({ token, password: 'short', password_confirmation: 'short' }),
    });
    assert.equal(short.statusCode, 422);

    const done = await t.app.inject({
      method: 'POST',
      url: '/set-password',
      headers: FORM,
      payload: form({ token, password: 'first-pass-123', password_confirmation: 'first-pass-123' }),
    });
    assert.equal(done.statusCode, 200, done.body);
    assert.match(done.body, /Your password is set/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'page_staff', password: 'first-pass-123', type: 'support' },
    });
    assert.equal(login.statusCode, 200, login.body);

    const again = await t.app.inject({
      method: 'POST',
      url: '/set-password',
      headers: FORM,
      payload: form({ token, password: 'second-pass-123', password_confirmation: 'second-pass-123' }),
    });
    assert.equal(again.statusCode, 422, 'the link works once');
    assert.match(again.body, /class="error"/);
    const noToken = await t.app.inject({ method: 'GET', url: '/set-password' });
    assert.match(noToken.body, /This link has no token/);
  });

  it('the reset e-mail opens the reset-password page: code and new password on one form', async () => {
    const u = await createUser(t.deps, { email: 'page_reset@example.test' });
    assert.equal(
      (await t.app.inject({ method: 'POST', url: '/api/password_reset/request', payload: { email: u.email } }))
        .statusCode,
      200,
    );
    const code = await t.lastCode(u.email);
    const link = await linkIn(u.email, '/reset-password');
    assert.equal(link.searchParams.get('email'), u.email);
    const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes(`value="${u.email}"`));

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/reset-password',
      headers: FORM,
      payload: form({
        email: u.email,
        code: code === '000000' ? '111111' : '000000',
        password: 'a-new-password',
        password_confirmation: 'a-new-password',
      }),
    });
    assert.equal(wrong.statusCode, 422);
    assert.match(wrong.body, /wrong, expired or already used/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/reset-password',
      headers: FORM,
      payload: form({
        email: u.email,
        code: 'abc',
        password: 'a-new-password',
        password_confirmation: 'a-new-password',
      }),
    });
    assert.equal(bad.statusCode, 422);
    assert.match(bad.body, /6-digit code/);

    const done = await t.app.inject({
      method: 'POST',
      url: '/reset-password',
      headers: FORM,
      payload: form({ email: u.email, code, password: 'a-new-password', password_confirmation: 'a-new-password' }),
    });
    assert.equal(done.statusCode, 200, done.body);
    assert.match(done.body, /Your password is changed/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: u.email, password: 'a-new-password' },
    });
    assert.equal(login.statusCode, 200, login.body);
  });

  it('escapes what it echoes back', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/reset-password?email=${encodeURIComponent('"><script>x</script>')}`,
    });
    assert.ok(!page.body.includes('<script>'));
    assert.ok(page.body.includes('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"'));
  });
});
