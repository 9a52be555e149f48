// Issue 51 item 2: every link the service sends or shows leads somewhere on the default settings.
// Every mail (through a real SMTP receiver) and every result page is read, and each of its links
// followed: none may answer 4xx. Then the reservation page itself: who may read it (a signed link,
// a session cookie), what it shows, its pay and cancel forms, and its refusals.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/helpers/smtp-receiver.ts';
import { bearer, createUser, DEFAULT_PASSWORD, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import type { LocalPaymentProcessor } from '../../adapters/local-payments/local-payment-processor.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { reservationAccess } from '../../platform/reservation-links.ts';
import { sendQueuedEmails } from '../emails/index.ts';
import { usersRepository } from '../users/users.repository.ts';

const BASE = 'http://app.test';
const DAY = 86_400_000;

/** Quoted-printable (RFC 2045) → text. */
const unQp = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
const unescapeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
/** Every link of an HTML document (href) and of a text part (http URLs). */
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => unescapeHtml(m[1]!));
const urlsOf = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]);

describe('reservation pages: every link leads somewhere', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  before(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ start: new Date('2030-03-10T12:00:00Z'), env: { SMTP_URL: smtp.url } });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => {
    assert.ok(url.startsWith(`${BASE}/`), `a link to this service: ${url}`);
    return t.app.inject({ method: 'GET', url: url.slice(BASE.length), headers });
  };
  const drainMail = async () => {
    await t.deps.outbox.kick();
    await t.deps.outbox.idle();
    const r = await sendQueuedEmails(t.deps);
    assert.equal(r.failed, 0);
  };

  async function book(guestToken: string, propertyId: number, checkin: string, checkout: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: bearer(guestToken),
      payload: { property_id: propertyId, checkin_date: checkin, checkout_date: checkout, guests: { adults: 1 } },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().data.id as number;
  }
  async function openCheckout(guestToken: string, id: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/process',
      headers: bearer(guestToken),
      payload: { payment_method: 'card', reservation_id: id, type: 'reservation', currency: 'EUR' },
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.payment.payment_details.id as string;
  }

  it('every link of every mail and of both result pages answers without a 4xx', async () => {
    const local = t.deps.payments as LocalPaymentProcessor;
    const owner = await createUser(t.deps, { role: 'owner' });
    const guest = await createUser(t.deps);
    await usersRepository(t.deps.db).update(guest.id, { locale: 'fr' }, t.clock.now());
    const admin = await createUser(t.deps, { role: 'admin' });
    const p = await createProperty(t.deps, owner.id);
    const guestToken = await loginAs(t.app, guest);
    const resultPages: string[] = [];

    // Account mails: a registration code, a reset code, a staff invitation, an e-mail change.
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'linkreader',
        first_name: 'Lin',
        last_name: 'Ker',
        email: 'linkreader@example.test',
        password: 'long-enough-42',
        password_confirmation: 'long-enough-42',
      },
    });
    assert.equal(reg.statusCode, 201, reg.body);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/request',
      payload: { email: guest.email },
    });
    assert.equal(reset.statusCode, 200, reset.body);
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: bearer(await loginAs(t.app, admin)),
      payload: {
        username: 'linkstaff',
        first_name: 'S',
        last_name: 'T',
        email: 'linkstaff@example.test',
        role: 'support',
      },
    });
    assert.equal(staff.statusCode < 300, true, staff.body);
    const mover = await createUser(t.deps);
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: bearer(await loginAs(t.app, mover)),
      payload: { email: `moved-${mover.id}@example.test`, current_password: DEFAULT_PASSWORD },
    });
    assert.equal(moved.statusCode, 200, moved.body);

    // A booking paid through the local checkout: confirmation, receipt; the success page.
    const paidId = await book(guestToken, p.id, '2030-05-01', '2030-05-03');
    const paidSession = await openCheckout(guestToken, paidId);
    await local.payFromPage(paidSession, { email: null, name: null });
    resultPages.push(`${BASE}/payments/success?session_id=${encodeURIComponent(paidSession)}`);
    // A booking whose checkout the guest left: the cancel page, where the checkout sends them.
    const leftId = await book(guestToken, p.id, '2030-06-01', '2030-06-03');
    const leftSession = await openCheckout(guestToken, leftId);
    const view = await local.pageView(leftSession);
    resultPages.push(view!.cancelUrl.replace('{CHECKOUT_SESSION_ID}', leftSession));
    for (const url of resultPages) {
      const page = await get(url);
      assert.equal(page.statusCode, 200, `${url}: ${page.body}`);
      assert.match(page.body, /<html lang="fr"/, 'in the language of the guest’s account');
      assert.match(page.body, /<h1>(Paiement reçu|Paiement annulé)<\/h1>/);
      const links = hrefsOf(page.body);
      assert.ok(links.length >= 1, `${url} shows a link`);
      for (const link of links) {
        const res = await get(link);
        assert.ok(res.statusCode < 400, `${link} (on ${url}) → ${res.statusCode}: ${res.body.slice(0, 300)}`);
      }
    }
    // A change, a cancellation, a refund sent, an owner decision, a payout: the other templates.
    const events = platformRepository(t.deps.db);
    await events.insertEvent('reservation.modified', {
      reservation_id: paidId,
      old: { checkin_date: '2030-04-30', checkout_date: '2030-05-02' },
      additional_due: '20.00',
      currency: 'EUR',
    });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${leftId}/cancel`,
      headers: bearer(guestToken),
      payload: {},
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    await events.insertEvent('refund.succeeded', { reservation_id: paidId, amount: '10.00', currency: 'EUR' });
    await events.insertEvent('owner_request.approved', { user_id: owner.id });
    await events.insertEvent('owner_request.rejected', { user_id: guest.id, reason: 'Unreadable document' });
    await events.insertEvent('payout.paid', { payout_id: 3, owner_id: owner.id, amount: '80.00', currency: 'EUR' });
    await drainMail();

    let followed = 0;
    const followedUrls = new Set<string>();
    for (const { raw } of smtp.received) {
      const [text, html] = raw.split(/^Content-Type: text\/html; charset=utf-8/m).map(unQp) as [string, string];
      const links = new Set([...hrefsOf(html), ...urlsOf(text)]);
      for (const link of links) {
        const res = await get(link);
        assert.ok(res.statusCode < 400, `${link} → ${res.statusCode}: ${res.body.slice(0, 300)}`);
        followedUrls.add(link);
        followed++;
      }
    }
    // The mails above cover every template with a link, and each kind of page they lead to.
    assert.ok(smtp.received.length >= 13, `${smtp.received.length} mails`);
    const kinds = new Set([...followedUrls].map((u) => new URL(u).pathname.replace(/\d+/g, '{id}')));
    assert.deepEqual([...kinds].sort(), [
      '/',
      '/reservations/{id}',
      '/reservations/{id}/pay',
      '/reset-password',
      '/set-password',
      '/undo-email-change',
    ]);
    assert.ok(followed >= 14, `${followed} links followed`);
  });

  it('the page shows the booking, its status and what is owed, in the reader’s language, and pays', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const guest = await createUser(t.deps);
    await usersRepository(t.deps.db).update(guest.id, { locale: 'fr' }, t.clock.now());
    const p = await createProperty(t.deps, owner.id);
    const id = await book(await loginAs(t.app, guest), p.id, '2030-07-01', '2030-07-04');
    const access = reservationAccess(t.deps, { reservationId: id, userId: guest.id, from: t.clock.now() });
    const page = await t.app.inject({ method: 'GET', url: `/reservations/${id}?access=${access}` });
    assert.equal(page.statusCode, 200, page.body);
    assert.match(page.body, /<html lang="fr"/);
    assert.match(page.body, /<h1>Votre réservation<\/h1>/);
    assert.match(page.body, /En attente de paiement/);
    assert.match(page.body, /Reste à payer/);
    assert.match(page.body, /action="\/reservations\/\d+\/pay"/);
    assert.match(page.headers['content-security-policy'] as string, /default-src 'none'/);

    const pay = await t.app.inject({
      method: 'POST',
      url: `/reservations/${id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `access=${access}`,
    });
    assert.equal(pay.statusCode, 303, pay.body);
    const checkout = await get(pay.headers.location as string);
    assert.equal(checkout.statusCode, 200, 'the hosted checkout page');

    // The host reads it through their own link, in English, with no pay form.
    const hostAccess = reservationAccess(t.deps, { reservationId: id, userId: owner.id, from: t.clock.now() });
    const hostPage = await t.app.inject({ method: 'GET', url: `/reservations/${id}/pay?access=${hostAccess}` });
    assert.equal(hostPage.statusCode, 200);
    assert.match(hostPage.body, /<h1>Your reservation<\/h1>/);
    assert.doesNotMatch(hostPage.body, /\/pay"/);
    assert.match(hostPage.body, /action="\/reservations\/\d+\/cancel"/);
  });

  it('reads with a session cookie; refuses no credential (401), other links (404), expired ones (404)', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const guest = await createUser(t.deps);
    const p = await createProperty(t.deps, owner.id);
    const token = await loginAs(t.app, guest);
    const id = await book(token, p.id, '2030-08-01', '2030-08-03');
    const other = await book(token, p.id, '2030-08-10', '2030-08-12');
    const cookie = { cookie: `client_token=${token}; current_token_type=client` };
    assert.equal((await t.app.inject({ method: 'GET', url: `/reservations/${id}`, headers: cookie })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: `/reservations/${id}` })).statusCode, 401);

    const access = reservationAccess(t.deps, { reservationId: other, userId: guest.id, from: t.clock.now() });
    const wrong = await t.app.inject({ method: 'GET', url: `/reservations/${id}?access=${access}` });
    assert.equal(wrong.statusCode, 404, 'a link for another reservation');
    const forged = access.replace(/^\d+/, String(owner.id));
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/reservations/${other}?access=${forged}` })).statusCode,
      404,
    );
    const stranger = await createUser(t.deps);
    const strangers = reservationAccess(t.deps, { reservationId: id, userId: stranger.id, from: t.clock.now() });
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/reservations/${id}?access=${strangers}` })).statusCode,
      404,
      'a genuine link of someone with no business with the booking',
    );

    // A cookie alone never posts a change (another site could make the browser send it).
    const cookiePost = await t.app.inject({
      method: 'POST',
      url: `/reservations/${id}/cancel`,
      headers: { ...cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.equal(cookiePost.statusCode, 401);
    // The cancel form of the cookie reader's page carries its own signed access.
    const page = await t.app.inject({ method: 'GET', url: `/reservations/${id}`, headers: cookie });
    const formAccess = /name="access" value="([^"]+)"/.exec(page.body)![1]!;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/reservations/${id}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `access=${encodeURIComponent(formAccess)}`,
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.match(cancelled.body, /Cancelled/);
    assert.doesNotMatch(cancelled.body, /\/cancel"/, 'no second cancel offered');
    const again = await t.app.inject({
      method: 'POST',
      url: `/reservations/${id}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `access=${encodeURIComponent(formAccess)}`,
    });
    assert.equal(again.statusCode, 409, 'a second cancel is refused, as a page');

    // A deactivated account's links stop opening the page.
    const deactivated = await createUser(t.deps);
    const theirs = await book(await loginAs(t.app, deactivated), p.id, '2030-09-01', '2030-09-03');
    const link = reservationAccess(t.deps, { reservationId: theirs, userId: deactivated.id, from: t.clock.now() });
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/reservations/${theirs}?access=${link}` })).statusCode,
      200,
    );
    await usersRepository(t.deps.db).update(deactivated.id, { isActive: false }, t.clock.now());
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/reservations/${theirs}?access=${link}` })).statusCode,
      404,
    );

    const mailed = reservationAccess(t.deps, { reservationId: other, userId: guest.id, from: t.clock.now() });
    t.clock.advance(181 * DAY);
    const late = await t.app.inject({ method: 'GET', url: `/reservations/${other}?access=${mailed}` });
    assert.equal(late.statusCode, 404);
    assert.match(late.body, /expired/);
  });
});
