// The e-mails that follow domain events, through the real pipeline: a use case writes its outbox
// event, the relay's e-mail projector queues the mails in its transaction, the send-emails job
// renders and sends them (the default outbox mailer keeps them in mail_outbox). Also: the locale
// set at registration from Accept-Language, and the retries of a mail the transport refused.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { bookAs, openCheckout } from '../../../test/helpers/booking-flow.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { Mailer } from '../../ports/mailer.ts';
import { usersRepository } from '../users/users.repository.ts';
import { emailsRepository } from './emails.repository.ts';
import { MAX_ATTEMPTS, sendQueuedEmails } from './send-queued-emails.ts';
import { emailBatchProjector } from './project-emails.ts';

const START = new Date('2030-03-10T12:00:00Z');
const APP = 'https://app.example.test';
const LISTING = 'Loft <b>"Sea"</b> & co';

describe('e-mails through the outbox pipeline', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ start: START, env: { CLIENT_APP_URL: APP } });
  });
  after(() => t.close());

  /** Publishes what is committed (the projectors queue mails) and runs the send-emails job once. */
  const deliver = async () => {
    await t.deps.outbox.kick();
    await t.deps.outbox.idle();
    return sendQueuedEmails(t.deps);
  };
  const mailsTo = async (email: string) => await platformRepository(t.deps.db).listMail(email);

  it('a confirmed booking mails the guest (English) and the host (French, as set in the profile), once', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const ownerToken = await loginAs(t.app, owner);
    const setFr = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: bearer(ownerToken),
      payload: { locale: 'fr' },
    });
    assert.equal(setFr.statusCode, 200, setFr.body);
    const p = await createProperty(t.deps, owner.id, { publicName: LISTING });
    const guest = await createUser(t.deps);
    const guestToken = await loginAs(t.app, guest);
    const booked = await bookAs(t, guestToken, { propertyId: p.id, checkin: '2030-06-05', checkout: '2030-06-08' });
    assert.equal(booked.statusCode, 201, booked.body);
    const id = booked.json().data.id as number;
    await deliver();
    assert.equal((await mailsTo(guest.email)).length, 0, 'a booking not yet paid mails nobody');

    // Pay on the local checkout page, as the guest's browser does.
    const sessionId = (await openCheckout(t, { reservationId: id, tok: guestToken })).payment_details.id;
    const page = await t.app.inject({ method: 'GET', url: `/checkout/${sessionId}` });
    const token = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });
    assert.equal(paid.statusCode, 303, paid.body);

    const sent = await deliver();
    assert.equal(sent.failed, 0);
    const guestMails = await mailsTo(guest.email);
    const confirmation = guestMails.find((m) => m.subject === `Booking confirmed: ${LISTING}`);
    assert.ok(confirmation, JSON.stringify(guestMails.map((m) => m.subject)));
    assert.ok(confirmation.text.includes('Check-in: Wed, 5 June 2030'), confirmation.text);
    assert.match(confirmation.text, /Total: €\d/);
    assert.ok(confirmation.text.includes(`View my reservation: ${APP}/reservations/${id}`), confirmation.text);
    // The link is signed for its reader (platform/reservation-links.ts).
    assert.ok(confirmation.html?.includes(`href="${APP}/reservations/${id}?access=${guest.id}.`));
    assert.ok(confirmation.html?.includes('Loft &lt;b&gt;&quot;Sea&quot;&lt;/b&gt; &amp; co'));
    assert.ok(!confirmation.html?.includes('<b>"Sea"</b>'));
    const receipt = guestMails.find((m) => m.subject.startsWith('Receipt: €'));
    assert.ok(receipt, 'the payment receipt');
    // When the payment's event was committed (the database's time, not the test's clock), with its zone.
    assert.match(receipt.text, /Paid on: \d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d (UTC|GMT[+-]\d+|[A-Z]{3,4})\n/);

    const ownerMails = await mailsTo(owner.email);
    assert.deepEqual(
      ownerMails.map((m) => m.subject),
      [`Nouvelle réservation confirmée : ${LISTING}`],
    );
    assert.ok(ownerMails[0]!.text.includes('Arrivée : mer. 5 juin 2030'), ownerMails[0]!.text);
    assert.match(ownerMails[0]!.text, /Total : \d[\d\s]*,\d\d\s€/);
    assert.ok(ownerMails[0]!.html?.startsWith('<!doctype html>'));

    // The relay and the job run again (a repeat after a crash): nothing is mailed twice.
    await platformRepository(t.deps.db).insertEvent('noop.for-test', {});
    await deliver();
    assert.equal((await mailsTo(guest.email)).length, guestMails.length);
    assert.equal((await mailsTo(owner.email)).length, 1);

    // The host cancels: both hear it, the guest with the refund on its way (in full: the host cancelled).
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${id}/cancel`,
      headers: bearer(ownerToken),
      payload: { reason: 'boiler broken' },
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    await deliver();
    const guestCancel = (await mailsTo(guest.email)).find(
      (m) => m.subject.startsWith('Reservation ') && m.subject.endsWith(' cancelled'),
    );
    assert.ok(guestCancel, 'the guest hears of the cancellation');
    assert.match(guestCancel.text, /was cancelled by the host/);
    assert.match(guestCancel.text, /A refund of €[\d,.]+ is on its way/);
    const ownerCancel = (await mailsTo(owner.email)).at(-1)!;
    assert.match(ownerCancel.subject, /^Réservation .+ annulée$/);
    assert.match(ownerCancel.text, /annulée par l’hôte/);
  });

  it('registration stores the locale from Accept-Language and mails the code in it', async () => {
    const register = (username: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers,
        payload: {
          username,
          first_name: 'Zoé',
          last_name: 'Durand',
          email: `${username}@example.test`,
          password: 'long-enough-42',
          password_confirmation: 'long-enough-42',
        },
      });
    const fr = await register('zoe_fr', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' });
    assert.equal(fr.statusCode, 201, fr.body);
    assert.equal(fr.json().data.user.locale, 'fr');
    assert.equal((await usersRepository(t.deps.db).findById(fr.json().data.user.id))!.locale, 'fr');
    const [mail] = await mailsTo('zoe_fr@example.test');
    const code = await t.lastCode('zoe_fr@example.test');
    assert.equal(mail!.subject, `Votre code de vérification : ${code}`);
    assert.match(mail!.text, /^Confirmez votre adresse e-mail\n\nBonjour Zoé,/);
    assert.ok(mail!.html?.includes(code));

    const none = await register('zoe_en', {});
    assert.equal(none.json().data.user.locale, 'en');
    assert.match((await mailsTo('zoe_en@example.test'))[0]!.subject, /^Your verification code: \d{6}$/);
    const german = await register('zoe_de', { 'accept-language': 'de-DE' });
    assert.equal(german.json().data.user.locale, 'en');
  });

  it('a mail the transport refuses is tried again later, then sent; after the last attempt it is given up', async () => {
    const applicant = await createUser(t.deps);
    const real = t.deps.mailer;
    let refusing = true;
    const flaky: Mailer = {
      send: (m) => (refusing ? Promise.reject(new Error('421 try later')) : real.send(m)),
      close: async () => {},
    };
    (t.deps as { mailer: Mailer }).mailer = flaky;
    try {
      await platformRepository(t.deps.db).insertEvent('owner_request.rejected', {
        request_id: 1,
        user_id: applicant.id,
        reason: 'Blurry <passport> "scan"',
      });
      assert.deepEqual(await deliver(), { sent: 0, failed: 1 });
      const [job] = (await emailsRepository(t.deps.db).list()).filter((j) => j.recipientUserId === applicant.id);
      assert.equal(job!.status, 'queued');
      assert.equal(job!.attempts, 1);
      assert.equal(job!.lastError, '421 try later');
      refusing = false;
      assert.deepEqual(await sendQueuedEmails(t.deps), { sent: 0, failed: 0 }, 'not before its retry time');
      t.clock.advance(31_000);
      assert.deepEqual(await sendQueuedEmails(t.deps), { sent: 1, failed: 0 });
      const [mail] = await mailsTo(applicant.email);
      assert.equal(mail!.subject, 'Your host application was not approved');
      assert.ok(mail!.text.includes('Our reviewer wrote: “Blurry <passport> "scan"”'));
      assert.ok(mail!.html?.includes('Blurry &lt;passport&gt; &quot;scan&quot;'));

      // A mail that never goes through stops after MAX_ATTEMPTS.
      refusing = true;
      await platformRepository(t.deps.db).insertEvent('owner_request.approved', {
        request_id: 2,
        user_id: applicant.id,
      });
      await deliver();
      for (let i = 1; i < MAX_ATTEMPTS; i++) {
        t.clock.advance(3600_000);
        await sendQueuedEmails(t.deps);
      }
      const given = (await emailsRepository(t.deps.db).list()).find(
        (j) => j.recipientUserId === applicant.id && j.template === 'owner-application-approved',
      )!;
      assert.equal(given.status, 'failed');
      assert.equal(given.attempts, MAX_ATTEMPTS);
      t.clock.advance(3600_000);
      assert.deepEqual(await sendQueuedEmails(t.deps), { sent: 0, failed: 0 });
    } finally {
      (t.deps as { mailer: Mailer }).mailer = real;
    }
  });

  it('an event projected again (a relay pass that failed after projecting) queues its mails once; a deleted account gets none', async () => {
    const applicant = await createUser(t.deps);
    const gone = await createUser(t.deps);
    await usersRepository(t.deps.db).update(gone.id, { deletedAt: t.clock.now() }, t.clock.now());
    const events = [
      {
        eventId: 900_001,
        topic: 'owner_request.approved',
        occurredAt: START.toISOString(),
        data: { request_id: 5, user_id: applicant.id },
      },
      {
        eventId: 900_002,
        topic: 'owner_request.approved',
        occurredAt: START.toISOString(),
        data: { request_id: 6, user_id: gone.id },
      },
    ];
    for (let i = 0; i < 2; i++)
      await t.deps.db.transaction((tx) => emailBatchProjector({ tx, events, now: t.clock.now() }));
    const jobs = (await emailsRepository(t.deps.db).list()).filter((j) => j.sourceEventId >= 900_001);
    assert.deepEqual(
      jobs.map((j) => [j.sourceEventId, j.recipientUserId, j.template]),
      [[900_001, applicant.id, 'owner-application-approved']],
    );
  });

  it('a payout sent mails the host in their language', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    await usersRepository(t.deps.db).update(owner.id, { locale: 'fr' }, t.clock.now());
    await platformRepository(t.deps.db).insertEvent('payout.paid', {
      payout_id: 77,
      owner_id: owner.id,
      amount: '1234.50',
      currency: 'EUR',
    });
    await deliver();
    const [mail] = await mailsTo(owner.email);
    assert.match(mail!.subject, /^Versement envoyé : 1\s234,50\s€$/);
    assert.match(mail!.text, /Versement : 77/);
  });
});
