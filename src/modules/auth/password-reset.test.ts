import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, DEFAULT_PASSWORD, loginAs } from '../../../test/helpers/factories.ts';

describe('password reset', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const post = (url: string, payload: object, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url: `/api/password_reset/${url}`, payload, remoteAddress });

  it('request → code → reset token → new password; every old session ends', async () => {
    const u = await createUser(t.deps);
    const oldToken = await loginAs(t.app, u);
    const req = await post('request', { email: u.email });
    assert.equal(req.statusCode, 200);
    const code = await t.lastCode(u.email);
    const verify = await post('verify', { email: u.email, code });
    assert.equal(verify.statusCode, 200, verify.body);
    const resetToken = verify.json().data.reset_token;
    const reset = await post('reset', {
      reset_token: resetToken,
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(oldToken) })).statusCode,
      401,
    );
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: u.email, password: DEFAULT_PASSWORD },
    });
    assert.equal(oldLogin.statusCode, 401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: u.email, password: 'a-new-password' },
    });
    assert.equal(newLogin.statusCode, 200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const known = await createUser(t.deps);
    const a = await post('request', { email: known.email });
    const b = await post('request', { email: 'stranger@example.test' });
    assert.equal(a.statusCode, b.statusCode);
    assert.equal(a.json().message, b.json().message);
    assert.equal((await t.mails('stranger@example.test')).length, 0);
  });

  it('refuses a reused code and a reused reset token', async () => {
    const u = await createUser(t.deps);
    await post('request', { email: u.email });
    const code = await t.lastCode(u.email);
    const first = await post('verify', { email: u.email, code });
    assert.equal(first.statusCode, 200);
    const again = await post('verify', { email: u.email, code });
    assert.equal(again.statusCode, 422);
    assert.equal(again.json().code, 'INVALID_CODE');
    const body = {
      reset_token: first.json().data.reset_token,
      password: 'another-pass-1',
      password_confirmation: 'another-pass-1',
    };
    assert.equal((await post('reset', body)).statusCode, 200);
    const reuse = await post('reset', body);
    assert.equal(reuse.statusCode, 422);
    assert.equal(reuse.json().code, 'INVALID_TOKEN');
  });

  it('lets a code expire after 15 minutes and allows 5 attempts', async () => {
    const u = await createUser(t.deps);
    await post('request', { email: u.email });
    const code = await t.lastCode(u.email);
    t.clock.advance(15 * 60_000 + 1000);
    assert.equal((await post('verify', { email: u.email, code })).statusCode, 422);

    await post('request', { email: u.email });
    const fresh = await t.lastCode(u.email);
    const wrong = fresh === '999999' ? '000000' : '999999';
    for (let i = 0; i < 5; i++) assert.equal((await post('verify', { email: u.email, code: wrong })).statusCode, 422);
    assert.equal((await post('verify', { email: u.email, code: fresh })).statusCode, 422);
  });

  it('only the newest code counts', async () => {
    const u = await createUser(t.deps);
    await post('request', { email: u.email });
    const older = await t.lastCode(u.email);
    await post('request', { email: u.email });
    const newer = await t.lastCode(u.email);
    if (older !== newer) assert.equal((await post('verify', { email: u.email, code: older })).statusCode, 422);
    assert.equal((await post('verify', { email: u.email, code: newer })).statusCode, 200);
  });

  it('a correct code raced many times is used once', async () => {
    const u = await createUser(t.deps);
    await post('request', { email: u.email });
    const code = await t.lastCode(u.email);
    const results = await Promise.all(Array.from({ length: 8 }, () => post('verify', { email: u.email, code })));
    assert.equal(results.filter((r) => r.statusCode === 200).length, 1);
  });

  it('validates the new password and its confirmation', async () => {
    const res = await post('reset', { reset_token: 'x'.repeat(43), password: 'short', password_confirmation: 'short' });
    assert.equal(res.statusCode, 422);
    assert.ok(res.json().errors.password);
  });

  it('rate-limits requests per address and IP', async () => {
    const u = await createUser(t.deps);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('request', { email: u.email }, '10.3.3.3')).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
  });

  it('mails at most 5 codes per account per window, however many IPs ask', async () => {
    const u = await createUser(t.deps);
    for (let i = 0; i < 8; i++)
      assert.equal((await post('request', { email: u.email }, `10.4.4.${i}`)).statusCode, 200);
    assert.equal((await t.mails(u.email)).length, 5);
  });
});
