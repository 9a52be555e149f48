// A traveller's journey through the client against the service listening on a port: register,
// verify the mailed code, search with dates, preview, book (with an idempotency key), pay on the
// local processor's hosted checkout page (the same form post the page makes), verify, and hear
// the confirmation on the SSE stream, which then survives a dropped connection (Last-Event-ID).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createUser } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import {
  newIdempotencyKey,
  openNotificationStream,
  priceDetailsOf,
  toMinorUnits,
  unwrap,
  type StreamEvent,
} from '../src/index.ts';
import { day, person, startWorld, type World } from './support/world.ts';

describe('client: a traveller books and pays a stay', () => {
  let w: World;
  let propertyId: number;
  before(async () => {
    w = await startWorld();
    // The listing is the owner journey's subject (owner-journey.test.ts); here it is a given.
    const owner = await createUser(w.t.deps, { role: 'owner' });
    propertyId = (await createProperty(w.t.deps, owner.id, { publicName: 'Loft on the canal' })).id;
  });
  after(() => w?.close());

  it('register → verify the mailed code → search → preview → book → pay → verify → notified over SSE', async () => {
    const me = person('trav');
    const client = w.client();
    const { api } = client;

    const registered = unwrap(
      await api.POST('/api/auth/register', {
        body: {
          username: me.username,
          first_name: 'Ann',
          last_name: 'Traveller',
          email: me.email,
          password: me.password,
          password_confirmation: me.password,
        },
      }),
    );
    assert.equal(registered.data.user.email, me.email);
    const mails = await w.t.mails(me.email);
    assert.equal(mails.length, 1);
    const code = /\b(\d{6})\b/.exec(mails[0]!.text)?.[1];
    assert.ok(code, `a 6-digit code in the mail: ${mails[0]!.text}`);
    unwrap(await api.POST('/api/auth/verify-email', { body: { email: me.email, code } }));
    const session = await client.login({ login: me.email, password: me.password, type: 'client' });
    assert.equal(session.role, 'client');
    assert.equal(client.auth.token, session.token);

    const events: StreamEvent[] = [];
    let opened = 0;
    const stream = openNotificationStream(client, {
      onEvent: (e) => events.push(e),
      onOpen: () => (opened += 1),
      reconnectDelayMs: 1500,
    });
    try {
      await w.until(() => opened === 1, 'the stream to open');
      const checkin = day(w.t, 30);
      const checkout = day(w.t, 33);

      const found = unwrap(
        await api.GET('/api/properties/filter', {
          params: { query: { checkin_date: checkin, checkout_date: checkout, guests: 2 } },
        }),
      );
      const card = found.data.find((p) => p.id === propertyId);
      assert.ok(card, 'the listing is found for those dates');
      // Listing cards carry money as decimal text.
      assert.equal(toMinorUnits(card.price_per_night, card.currency), 12_000);

      const stay = {
        property_id: propertyId,
        checkin_date: checkin,
        checkout_date: checkout,
        guests: { adults: 2, children: 0 },
      };
      const preview = unwrap(await api.POST('/api/reservations/preview', { body: stay })).data;
      assert.equal(preview.nights, 3);
      // The preview's money is JSON numbers.
      assert.equal(toMinorUnits(preview.base_total, preview.currency), 36_000);

      const key = newIdempotencyKey();
      const booked = unwrap(
        await api.POST('/api/reservations', { body: stay, headers: { 'Idempotency-Key': key } }),
      ).data;
      assert.equal(booked.status, 'pending');
      // The booking answer has its total as decimal text and its price lines as JSON text.
      assert.equal(toMinorUnits(booked.total, preview.currency), toMinorUnits(preview.total, preview.currency));
      assert.equal(
        toMinorUnits(priceDetailsOf(booked).sub_total, preview.currency),
        toMinorUnits(preview.sub_total, preview.currency),
      );
      // The same key again: the first answer, not a second booking.
      const again = unwrap(
        await api.POST('/api/reservations', { body: stay, headers: { 'Idempotency-Key': key } }),
      ).data;
      assert.equal(again.id, booked.id);

      const checkoutData = unwrap(
        await api.POST('/api/payments/process', {
          body: { payment_method: 'card', reservation_id: booked.id, type: 'reservation', currency: preview.currency },
        }),
      ).data;
      const payment = checkoutData.payment;
      assert.equal(payment.status, 'pending');
      // The payment's amount is decimal text; the processor's session counts minor units.
      assert.equal(toMinorUnits(payment.amount, payment.currency), toMinorUnits(preview.total, preview.currency));
      assert.equal(payment.payment_details.amount_total, toMinorUnits(payment.amount, payment.currency));
      const pageUrl = String(payment.payment_details.url);
      assert.ok(pageUrl.startsWith(`${w.baseUrl}/checkout/`), pageUrl);

      // The guest on the hosted page: it shows the amount; Pay posts its form (with the page's token).
      const page = await fetch(pageUrl);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, new RegExp(`${payment.amount} ${payment.currency}`));
      const formToken = /name="token" value="([^"]+)"/.exec(html)?.[1];
      assert.ok(formToken);
      const paid = await fetch(`${pageUrl}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: formToken, email: me.email, name: 'Ann Traveller' }),
        redirect: 'manual',
      });
      assert.equal(paid.status, 303);
      const back = new URL(paid.headers.get('location')!);
      const sessionId = back.searchParams.get('session_id');
      assert.ok(sessionId, `the success URL names the session: ${back}`);

      const verified = unwrap(
        await api.GET('/api/subscription-payment/verify', { params: { query: { session_id: sessionId } } }),
      ).data;
      assert.ok(['confirmed', 'already_paid'].includes(verified.outcome), verified.outcome);
      assert.equal(verified.payment.status, 'paid');
      const reservation = unwrap(await api.GET('/api/reservations/{id}', { params: { path: { id: booked.id } } })).data;
      assert.equal(reservation.status, 'confirmed');
      assert.equal(
        toMinorUnits(priceDetailsOf(reservation).total, preview.currency),
        toMinorUnits(booked.total, preview.currency),
      );

      await w.until(() => events.some((e) => e.event === 'booking.confirmed'), 'booking.confirmed on the stream');
      const confirmed = events.find((e) => e.event === 'booking.confirmed')!;
      assert.equal(confirmed.data.type, 'booking.confirmed');
      assert.equal(confirmed.data.data.id, confirmed.id);
      assert.match(confirmed.data.data.message, new RegExp(booked.booking_ref_code));

      // The connection drops; a notification is sent meanwhile; the stream comes back with
      // Last-Event-ID and gets it, once, after the ones it had.
      const before = events.length;
      const seen = stream.lastEventId;
      const support = w.client();
      const staff = await createUser(w.t.deps, { role: 'support' });
      await support.login({ login: staff.email, password: 'correct-horse-42', type: 'support' });
      w.t.app.server.closeAllConnections();
      // Lets the clients' connection pools see their sockets closed (a POST is not retried on a dead one).
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(opened, 1, 'still disconnected: the notification below is sent while the stream is down');
      const sent = await support.api.POST('/api/notifications/send', {
        body: { title: 'Check-in code', message: 'Your key box code is 4821', user_ids: [registered.data.user.id] },
      });
      assert.ok(sent.response.ok, `send: ${sent.response.status} ${JSON.stringify(sent.error)}`);
      const stored = async () =>
        unwrap(await api.GET('/api/notifications')).data.some((n) => n.title === 'Check-in code');
      await w.until(stored, 'the notification stored');
      assert.equal(opened, 1, 'stored while the stream was down: it can only come back by the Last-Event-ID replay');
      await w.until(
        () => events.some((e) => e.data.data.title === 'Check-in code'),
        'the notification sent while disconnected',
      );
      assert.ok(opened >= 2, 'the stream was reopened');
      assert.ok(Number(seen) > 0);
      const ids = events.map((e) => Number(e.id));
      assert.deepEqual(
        ids,
        [...new Set(ids)].sort((a, b) => a - b),
        'no duplicate, in order',
      );
      assert.ok(events.length > before);
    } finally {
      stream.close();
      await stream.closed;
    }
  });
});
