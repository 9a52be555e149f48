// Issue 51 item 3: notifications are written in the recipient's language (the account's locale),
// from the same catalogue as the mails, and each transport carries that text: the REST list, the
// WebSocket and the SSE stream. One booking event tells a French guest and an English host.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { MESSAGES } from '../emails/index.ts';
import { usersRepository } from '../users/users.repository.ts';
import { listen, openSse, openWs, settle, type SseClient, type WsClient } from '../realtime/realtime.test-support.ts';

describe('notifications in the reader’s language', () => {
  let t: TestApp;
  let host: string;
  let guestToken: string;
  let ownerToken: string;
  let reservationId: number;
  let ws: WsClient;
  let sse: SseClient;

  before(async () => {
    t = await createTestApp({ start: new Date('2030-03-10T12:00:00Z') });
    host = await listen(t.app);
    const owner = await createUser(t.deps, { role: 'owner' });
    const guest = await createUser(t.deps);
    await usersRepository(t.deps.db).update(guest.id, { locale: 'fr' }, t.clock.now());
    const p = await createProperty(t.deps, owner.id);
    guestToken = await loginAs(t.app, guest);
    ownerToken = await loginAs(t.app, owner);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: bearer(guestToken),
      payload: { property_id: p.id, checkin_date: '2030-05-01', checkout_date: '2030-05-03', guests: { adults: 1 } },
    });
    assert.equal(booked.statusCode, 201, booked.body);
    reservationId = booked.json().data.id;
    await settle(t.deps);
    ws = await openWs(host, '/api/ws/notifications', { token: guestToken });
    sse = await openSse(host, { token: guestToken });
    await platformRepository(t.deps.db).insertEvent('reservation.confirmed', { reservation_id: reservationId });
    await settle(t.deps);
  });
  after(async () => {
    ws?.ws.close();
    sse?.close();
    await t?.close();
  });

  const fr = MESSAGES.fr.notifications.confirmed;
  const en = MESSAGES.en.notifications.confirmed;

  it('REST: the French guest reads French, the English host English', async () => {
    const list = async (token: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as Array<{ title: string; message: string }>;
    };
    const guests = await list(guestToken);
    const confirmed = guests.find((n) => n.title === fr.title);
    assert.ok(confirmed, JSON.stringify(guests));
    assert.match(confirmed.message, /^Votre séjour à .+ \(du 2030-05-01 au 2030-05-03\) est confirmé, référence /);
    const hosts = await list(ownerToken);
    assert.ok(
      hosts.some((n) => n.title === en.title && /^Reservation .+ is confirmed\.$/.test(n.message)),
      JSON.stringify(hosts),
    );
    assert.ok(
      hosts.some((n) => n.title === 'New reservation'),
      'the booking itself, in English',
    );
  });

  it('WebSocket: the frame carries the French text', async () => {
    const frame = await ws.frame(0);
    assert.equal(frame.title, fr.title);
    assert.match(frame.message, /^Votre séjour à /);
  });

  it('SSE: the event carries the French text', async () => {
    const e = await sse.event(0);
    const body = JSON.parse(e.data!);
    assert.equal(body.data.title, fr.title);
    assert.match(body.data.message, /^Votre séjour à /);
  });
});
