// Credential changes need proof (contract §3b, issue 48 item 2): e-mail, phone and password change
// only with the caller's current_password (an account without one: a login in the last 10
// minutes); a new password or address ends every other session at once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, DEFAULT_PASSWORD, loginAs } from '../../../test/helpers/factories.ts';
import { rowOf, updateForm, updateJson } from './users.test-support.ts';

type Res = { statusCode: number; body: string; json(): { code?: string; errors?: Record<string, string[]> } };

function assertNeedsProof(res: Res, label: string) {
  assert.equal(res.statusCode, 403, `${label}: ${res.body}`);
  assert.equal(res.json().code, 'FORBIDDEN', label);
  assert.ok(res.json().errors?.current_password?.length, `${label}: names current_password: ${res.body}`);
}

describe('credential changes need proof of the credential', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
  /** A session of an account that has no password (social sign-in only), as the sign-in would open it. */
  async function passwordlessSession() {
    const u = await createUser(t.deps, { password: null });
    const { token } = await t.deps.sessions.start(u, 'client');
    return { u, token };
  }

  it('an e-mail change with a wrong or missing current_password is 403 naming it, and changes nothing', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const email = `taken-over-${u.id}@example.test`;
    assertNeedsProof(await updateJson(t, token, { email, current_password: 'wrong-password' }), 'wrong');
    assertNeedsProof(await updateJson(t, token, { email }), 'missing, even from a session opened a moment ago');
    assertNeedsProof(await updateForm(t, token, { email, current_password: 'wrong-password' }), 'multipart');
    const row = await rowOf(t, u.id);
    assert.equal(row.email, u.email);
    assert.ok(row.emailVerifiedAt, 'still verified');
    assert.deepEqual(await t.mails(email), [], 'no code mailed to the new address');
    const right = await updateJson(t, token, { email, current_password: DEFAULT_PASSWORD });
    assert.equal(right.statusCode, 200, right.body);
    assert.equal(right.json().data.email, email);
  });

  it('a phone change and a password change need it too; other members do not', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    assertNeedsProof(await updateJson(t, token, { phone: '+33 6 11 22 33 44' }), 'phone');
    assertNeedsProof(
      await updateForm(t, token, { password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' }),
      'password from a fresh session',
    );
    assert.equal((await rowOf(t, u.id)).passwordHash, u.passwordHash);
    const job = await updateJson(t, token, { job: 'Baker' });
    assert.equal(job.statusCode, 200, job.body);
    const phone = await updateJson(t, token, { phone: '+33 6 11 22 33 44', current_password: DEFAULT_PASSWORD });
    assert.equal(phone.statusCode, 200, phone.body);
    assert.equal(phone.json().data.phone, '+33 6 11 22 33 44');
    assertNeedsProof(await updateJson(t, token, { phone: '' }), 'clearing the phone');
    const same = await updateJson(t, token, { phone: '+33 6 11 22 33 44', email: u.email });
    assert.equal(same.statusCode, 200, 'sending the values it already has changes no credential');
  });

  it('a wrong current_password is refused even when nothing credential-like changes', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    assertNeedsProof(await updateJson(t, token, { job: 'Baker', current_password: 'wrong-password' }), 'job');
    assert.equal((await rowOf(t, u.id)).job, null);
  });

  it('wrong current_passwords count with the failed logins: the 11th try is 429, and so is the login', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    for (let i = 0; i < 10; i++)
      assertNeedsProof(
        await updateJson(t, token, { phone: '+1 555 0100', current_password: `guess-${i}` }),
        `try ${i}`,
      );
    const over = await updateJson(t, token, { phone: '+1 555 0100', current_password: DEFAULT_PASSWORD });
    assert.equal(over.statusCode, 429, over.body);
    assert.ok(Number(over.headers['retry-after']) > 0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: u.email, password: DEFAULT_PASSWORD },
      remoteAddress: '10.48.0.1',
    });
    assert.equal(login.statusCode, 429, 'the same budget as the login');
  });

  it('an account without a password proves itself by a login in the last 10 minutes', async () => {
    const { u, token } = await passwordlessSession();
    const ok = await updateJson(t, token, { phone: '+44 20 7946 0000' });
    assert.equal(ok.statusCode, 200, ok.body);
    t.clock.advance(10 * 60_000);
    const late = await updateJson(t, token, { email: `late-${u.id}@example.test` });
    assertNeedsProof(late, 'ten minutes after the login');
    assert.match(late.json().errors.current_password[0], /sign in again/);
    // A password it does not have is no proof either way.
    assertNeedsProof(
      await updateJson(t, token, { email: `late-${u.id}@example.test`, current_password: 'anything-at-all' }),
      'with a current_password',
    );
    assert.equal((await rowOf(t, u.id)).email, u.email);
  });

  it("staff prove their own credential to change another account's e-mail or phone", async () => {
    const support = await createUser(t.deps, { role: 'support' });
    const supportToken = await loginAs(t.app, support);
    const client = await createUser(t.deps);
    const clientToken = await loginAs(t.app, client);
    const email = `moved-by-support-${client.id}@example.test`;
    assertNeedsProof(await updateJson(t, supportToken, { user_id: client.id, email }), 'support without a password');
    assertNeedsProof(
      await updateJson(t, supportToken, {
        user_id: client.id,
        phone: '+1 555 0101',
        current_password: `${DEFAULT_PASSWORD}x`,
      }),
      'support with a wrong one',
    );
    const moved = await updateJson(t, supportToken, { user_id: client.id, email, current_password: DEFAULT_PASSWORD });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal(moved.json().data.email, email);
    assert.equal((await profile(clientToken)).statusCode, 401, 'every session of the moved account ends');
    assert.equal((await profile(supportToken)).statusCode, 200, "the staff member's own session stays");
    const fixJob = await updateJson(t, supportToken, { user_id: client.id, job: 'Host' });
    assert.equal(fixJob.statusCode, 200, 'other members need no proof');
  });

  it('a new address or password ends every other session at once, even one just read from the cache', async () => {
    for (const change of ['email', 'password'] as const) {
      const u = await createUser(t.deps);
      const mine = await loginAs(t.app, u);
      const other = await loginAs(t.app, u);
      // Both sessions are now in the access-token cache of this instance.
      assert.equal((await profile(other)).statusCode, 200);
      assert.equal((await profile(mine)).statusCode, 200);
      const body =
        change === 'email'
          ? { email: `new-${u.id}@example.test`, current_password: DEFAULT_PASSWORD }
          : {
              password: 'brand-new-pass-2',
              password_confirmation: 'brand-new-pass-2',
              current_password: DEFAULT_PASSWORD,
            };
      const res = await updateJson(t, mine, body);
      assert.equal(res.statusCode, 200, `${change}: ${res.body}`);
      const refused = await profile(other);
      assert.equal(refused.statusCode, 401, `${change}: the other session is refused at once`);
      assert.equal(refused.json().code, 'SESSION_REVOKED');
      assert.equal((await profile(mine)).statusCode, 200, `${change}: the caller's session stays`);
    }
  });

  it('a new phone, a change of case of the address or any other member ends no session', async () => {
    const u = await createUser(t.deps, { email: `Case.${process.pid}@example.test` });
    const mine = await loginAs(t.app, u);
    const other = await loginAs(t.app, u);
    const res = await updateJson(t, mine, {
      email: u.email.toLowerCase(),
      phone: '+1 555 0102',
      current_password: DEFAULT_PASSWORD,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.email_verified, '1', 'the same mailbox stays verified');
    assert.equal((await profile(other)).statusCode, 200);
    assert.deepEqual(await t.mails(u.email), [], 'no notice for the same mailbox');
  });
});
