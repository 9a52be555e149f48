// The old address is told of an e-mail change, in the account's language, with a link that undoes
// it once within 7 days (contract §3b): the address comes back verified as it was, every session
// ends, the password and social links go, and the person resets the password.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, DEFAULT_PASSWORD, loginAs } from '../../../test/helpers/factories.ts';
import { rowOf, updateJson } from './users.test-support.ts';
import { usersRepository } from './users.repository.ts';

const DAY = 24 * 3600_000;

describe('e-mail change: the old address is told and can undo it', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
  const undo = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/undo-email-change', payload: { token } });

  /** Moves the account to a new address with the right proof; answers the undo token mailed to the old one. */
  async function moveAddress(token: string, oldEmail: string, newEmail: string): Promise<string> {
    const res = await updateJson(t, token, { email: newEmail, current_password: DEFAULT_PASSWORD });
    assert.equal(res.statusCode, 200, res.body);
    const notice = (await t.mails(oldEmail)).at(-1);
    const m = /\/undo-email-change\?token=([A-Za-z0-9_-]+)/.exec(notice?.text ?? '');
    const link = m?.[1];
    assert.ok(link, `an undo link mailed to ${oldEmail}: ${notice?.text}`);
    return link;
  }

  it('mails the old address in English: what changed, to a masked address, and a 7-day undo link', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    await moveAddress(token, u.email, `zed.${u.id}@elsewhere.test`);
    const [mail] = await t.mails(u.email);
    assert.ok(mail);
    assert.equal(mail.subject, 'The e-mail address of your Stays account was changed');
    assert.match(mail.text, /changed from this address to z\*\*\*@elsewhere\.test/);
    assert.ok(!mail.text.includes(`zed.${u.id}@`), 'the new address is not given away in full');
    assert.match(mail.text, /Undo the change: http:\/\/app\.test\/undo-email-change\?token=/);
    assert.match(mail.text, /valid for 7 days and works once/);
    assert.match(await t.lastCode(`zed.${u.id}@elsewhere.test`), /^\d{6}$/, 'the new address gets its code');
  });

  it('writes to a French account in French', async () => {
    const u = await createUser(t.deps);
    await usersRepository(t.deps.db).update(u.id, { locale: 'fr' }, t.deps.clock.now());
    await moveAddress(await loginAs(t.app, u), u.email, `fr-${u.id}@example.test`);
    const [mail] = await t.mails(u.email);
    assert.ok(mail);
    assert.equal(mail.subject, 'L’adresse e-mail de votre compte Stays a été modifiée');
    assert.match(mail.text, /^Bonjour Test,$/m);
    assert.match(mail.text, /Annuler la modification : http:\/\/app\.test\/undo-email-change\?token=/);
    assert.match(mail.text, /valable 7\u00a0jours/);
  });

  it('undo: the old address comes back verified as it was, every session and the password end, once', async () => {
    const u = await createUser(t.deps);
    const mine = await loginAs(t.app, u);
    const before = await rowOf(t, u.id);
    await usersRepository(t.deps.db).update(u.id, { googleSub: `g-${u.id}` }, t.deps.clock.now());
    const link = await moveAddress(mine, u.email, `thief-${u.id}@example.test`);
    assert.equal((await profile(mine)).statusCode, 200, 'the session that made the change lives on until the undo');
    t.clock.advance(DAY);

    const res = await undo(link);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, { email: u.email });
    assert.match(res.json().message, /password reset/);
    const row = await rowOf(t, u.id);
    assert.equal(row.email, u.email);
    assert.equal(row.emailVerifiedAt?.toISOString(), before.emailVerifiedAt?.toISOString());
    assert.equal(row.passwordHash, null, 'whoever changed it knew the password');
    assert.equal(row.googleSub, null, 'and may have linked a provider account of theirs');
    assert.equal((await profile(mine)).statusCode, 401, 'every session ends, the changer’s included');
    await assert.rejects(loginAs(t.app, u), /401/);

    const again = await undo(link);
    assert.equal(again.statusCode, 422, again.body);
    assert.equal(again.json().code, 'INVALID_TOKEN');
    assert.ok(again.json().errors.token);

    // The person gets back in through the restored address.
    await t.app.inject({ method: 'POST', url: '/api/password_reset/request', payload: { email: u.email } });
    const code = await t.lastCode(u.email);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/verify',
      payload: { email: u.email, code },
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/reset',
      payload: {
        reset_token: verify.json().data.reset_token,
        password: 'mine-again-77',
        password_confirmation: 'mine-again-77',
      },
    });
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal((await profile(await loginAs(t.app, u, 'mine-again-77'))).statusCode, 200);
  });

  it('restores an address that was unverified as unverified', async () => {
    const u = await createUser(t.deps, { verified: false });
    const link = await moveAddress(await loginAs(t.app, u), u.email, `next-${u.id}@example.test`);
    assert.equal((await undo(link)).statusCode, 200);
    assert.equal((await rowOf(t, u.id)).emailVerifiedAt, null);
  });

  it('the link works up to 7 days after the change, not after', async () => {
    const early = await createUser(t.deps);
    const late = await createUser(t.deps);
    const earlyLink = await moveAddress(await loginAs(t.app, early), early.email, `e-${early.id}@example.test`);
    const lateLink = await moveAddress(await loginAs(t.app, late), late.email, `l-${late.id}@example.test`);
    t.clock.advance(7 * DAY - 60_000);
    assert.equal((await undo(earlyLink)).statusCode, 200);
    t.clock.advance(60_000);
    const expired = await undo(lateLink);
    assert.equal(expired.statusCode, 422, expired.body);
    assert.equal((await rowOf(t, late.id)).email, `l-${late.id}@example.test`);
  });

  it('holds the old address while the link lives: nobody else registers it or moves to it', async () => {
    const u = await createUser(t.deps);
    await moveAddress(await loginAs(t.app, u), u.email, `away-${u.id}@example.test`);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: `squatter${u.id}`,
        first_name: 'Sam',
        last_name: 'Squat',
        email: u.email.toUpperCase(),
        password: 'long-enough-1',
        password_confirmation: 'long-enough-1',
      },
    });
    assert.equal(register.statusCode, 409, register.body);
    assert.equal(register.json().code, 'EMAIL_TAKEN');
    const other = await createUser(t.deps);
    const move = await updateJson(t, await loginAs(t.app, other), {
      email: u.email,
      current_password: DEFAULT_PASSWORD,
    });
    assert.equal(move.statusCode, 409, move.body);
    const admin = await createUser(t.deps, { role: 'admin' });
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: bearer(await loginAs(t.app, admin)),
      payload: { username: `staff${u.id}`, first_name: 'S', last_name: 'T', email: u.email, role: 'support' },
    });
    assert.equal(staff.statusCode, 409, staff.body);
    t.clock.advance(7 * DAY);
    const free = await updateJson(t, await loginAs(t.app, other), {
      email: u.email,
      current_password: DEFAULT_PASSWORD,
    });
    assert.equal(free.statusCode, 200, `free once the link expired: ${free.body}`);
  });

  it('an account moved twice goes back to the first address, and the second link is then spent', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const b = `b-${u.id}@example.test`;
    const firstLink = await moveAddress(token, u.email, b);
    const secondLink = await moveAddress(token, b, `c-${u.id}@example.test`);
    assert.equal((await undo(firstLink)).statusCode, 200);
    assert.equal((await rowOf(t, u.id)).email, u.email);
    assert.equal((await undo(secondLink)).statusCode, 422, 'the address it would restore was itself replaced');
    assert.equal((await rowOf(t, u.id)).email, u.email);
  });

  it('the page the link opens by default: opening changes nothing, the button undoes, a used link says so', async () => {
    const u = await createUser(t.deps);
    const link = await moveAddress(await loginAs(t.app, u), u.email, `page-${u.id}@example.test`);
    const page = await t.app.inject({ method: 'GET', url: `/undo-email-change?token=${link}` });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /^text\/html/);
    assert.match(page.headers['content-security-policy'] as string, /default-src 'none'/);
    assert.ok(page.body.includes(`name="token" value="${link}"`));
    assert.equal((await rowOf(t, u.id)).email, `page-${u.id}@example.test`, 'a GET (a mail scanner) changes nothing');
    const form = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/undo-email-change',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token }).toString(),
      });
    const done = await form(link);
    assert.equal(done.statusCode, 200, done.body);
    assert.ok(done.body.includes(`/reset-password?email=${encodeURIComponent(u.email)}`), 'links to the reset page');
    assert.equal((await rowOf(t, u.id)).email, u.email);
    const used = await form(link);
    assert.equal(used.statusCode, 422);
    assert.match(used.body, /invalid, expired or already used/);
  });
});
