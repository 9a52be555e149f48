// iCal export (the secret link) and import (external calendars blocking nights), with a local
// HTTP server serving calendars, and the address checks that keep imports out of our network.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { isPublicAddress } from '../../adapters/ical-fetch/safe-calendar-fetcher.ts';
import { addDays } from '../room-types/calendar-dates.ts';
import { seedReservation } from '../reservations/reservations.test-support.ts';
import { refreshDueFeeds } from './ical-feeds.ts';

const today = () => new Date().toISOString().slice(0, 10);
const day = (n: number) => addDays(today(), n);
const compact = (d: string) => d.replaceAll('-', '');
const ics = (events: Array<[number, number]>) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Elsewhere//EN',
    ...events.flatMap(([a, b], i) => ['BEGIN:VEVENT', `UID:ev-${i}@elsewhere`, `DTSTART;VALUE=DATE:${compact(day(a))}`, `DTEND;VALUE=DATE:${compact(day(b))}`, 'SUMMARY:Reserved', 'END:VEVENT']),
    'END:VCALENDAR', ''].join('\r\n');

describe('iCal export and import', () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let served = ics([]);
  const tok: Record<string, string> = {};
  let ownerId: number;
  let clientEmail: string;
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/big.ics') return res.end('X'.repeat(50_000));
      if (req.url === '/silent.ics') return; // never answers
      if (req.url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (req.url === '/moved') return res.writeHead(301, { location: '/cal.ics' }).end();
      if (req.url === '/gone') return res.writeHead(500).end('boom');
      res.writeHead(200, { 'content-type': 'text/calendar' }).end(served);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp({ start: new Date(), env: { ICAL_ALLOW_PRIVATE: 'true', ICAL_MAX_BYTES: '4096', ICAL_TIMEOUT_MS: '400' } });
    for (const role of ['owner', 'client', 'admin', 'support'] as const) {
      const u = await createUser(t.deps, { role });
      if (role === 'owner') ownerId = u.id;
      if (role === 'client') clientEmail = u.email;
      tok[role] = await loginAs(t.app, u);
    }
    tok.other = await loginAs(t.app, await createUser(t.deps, { role: 'owner' }));
  });
  after(async () => {
    await t?.close();
    server?.closeAllConnections();
    server?.close();
  });

  const as = (who: string) => (tok[who] ? bearer(tok[who]!) : {});
  const links = (id: number, who = 'owner') => t.app.inject({ method: 'GET', url: `/api/properties/${id}/calendar/ical`, headers: as(who) });
  const importFeed = (id: number, body: Record<string, unknown>, who = 'owner') => t.app.inject({ method: 'POST', url: `/api/properties/${id}/calendar/ical-feeds`, headers: as(who), payload: body });
  const book = (id: number, from: number, to: number) => t.app.inject({ method: 'POST', url: '/api/reservations', headers: as('client'), payload: { property_id: id, checkin_date: day(from), checkout_date: day(to), guests: { adults: 1, children: 0 } } });
  const pathOf = (url: string) => url.replace('http://app.test', '');

  it('exports busy nights at a secret link only, as merged all-day events without guest data; rotation retires the old link', async () => {
    const p = await createProperty(t.deps, ownerId);
    assert.equal((await book(p.id, 10, 12)).statusCode, 201);
    await seedReservation(t.deps, { propertyId: p.id, status: 'confirmed', checkin: day(12), checkout: day(14) });
    assert.equal((await links(p.id, 'anonymous')).statusCode, 401);
    assert.equal((await links(p.id, 'client')).statusCode, 403);
    assert.equal((await links(p.id, 'other')).statusCode, 403);
    assert.equal((await links(p.id, 'support')).statusCode, 200);
    const url: string = (await links(p.id)).json().data.export_url;
    assert.match(url, /calendar\.ics\?token=[\w-]{32}$/);
    const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/calendar/);
    assert.equal((res.body.match(/BEGIN:VEVENT/g) ?? []).length, 1, res.body);
    assert.match(res.body, new RegExp(`DTSTART;VALUE=DATE:${compact(day(10))}`));
    assert.match(res.body, new RegExp(`DTEND;VALUE=DATE:${compact(day(14))}`));
    assert.ok(!res.body.includes(clientEmail) && !/BK-/.test(res.body), 'no guest data');
    for (const bad of [`/api/properties/${p.id}/calendar.ics`, `/api/properties/${p.id}/calendar.ics?token=nope`, `/api/properties/999999/calendar.ics?token=${url.split('token=')[1]}`]) {
      assert.equal((await t.app.inject({ method: 'GET', url: bad })).statusCode, 404, bad);
    }
    assert.equal((await t.app.inject({ method: 'POST', url: `/api/properties/${p.id}/calendar/ical/rotate`, headers: as('support') })).statusCode, 403);
    const rotated = await t.app.inject({ method: 'POST', url: `/api/properties/${p.id}/calendar/ical/rotate`, headers: as('owner') });
    assert.equal(rotated.statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: pathOf(url) })).statusCode, 404, 'the old link is retired');
    assert.equal((await t.app.inject({ method: 'GET', url: pathOf(rotated.json().data.export_url) })).statusCode, 200);
  });

  it('imports a calendar whose events block nights: bookings on them are refused, a refresh follows the calendar, removal lifts the blocks', async () => {
    const p = await createProperty(t.deps, ownerId);
    served = ics([[20, 23]]);
    assert.equal((await importFeed(p.id, { url: `${base}/cal.ics` }, 'client')).statusCode, 403);
    assert.equal((await importFeed(p.id, { url: `${base}/cal.ics` }, 'support')).statusCode, 403);
    const created = await importFeed(p.id, { url: `${base}/cal.ics`, name: 'Elsewhere' });
    assert.equal(created.statusCode, 201, created.body);
    const feed = created.json().data;
    assert.deepEqual([feed.blocked_nights, feed.last_error, feed.room_type_id], [3, null, 0]);
    assert.equal((await importFeed(p.id, { url: `${base}/cal.ics` })).statusCode, 409, 'the same URL twice');
    assert.equal((await book(p.id, 21, 22)).statusCode, 409);
    assert.equal((await book(p.id, 23, 24)).statusCode, 201, 'the night after the event is free');
    const detail = await t.app.inject({ method: 'GET', url: `/api/properties/${p.id}` });
    assert.ok(detail.json().data.reserved_dates.includes(day(21)));

    served = ics([[25, 26]]);
    // Last fetched 31 minutes ago: the refresh job takes it (moving the clock would expire the tokens).
    await t.deps.db.execute(`UPDATE ical_feeds SET last_fetched_at = now() - interval '31 minutes' WHERE id = ${Number(feed.id)}`);
    assert.ok((await refreshDueFeeds(t.deps)) >= 1);
    assert.equal((await book(p.id, 21, 22)).statusCode, 201, 'unblocked by the refresh');
    assert.equal((await book(p.id, 25, 26)).statusCode, 409, 'blocked by the refresh');
    served = '<html>not a calendar</html>';
    const failed = await t.app.inject({ method: 'POST', url: `/api/properties/${p.id}/calendar/ical-feeds/${feed.id}/refresh`, headers: as('owner') });
    assert.equal(failed.statusCode, 502);
    assert.equal((await book(p.id, 25, 26)).statusCode, 409, 'a failed refresh keeps the previous blocks');
    const listed = (await t.app.inject({ method: 'GET', url: `/api/properties/${p.id}/calendar/ical-feeds`, headers: as('support') })).json().data;
    assert.match(listed[0].last_error, /not an iCalendar/);

    assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/properties/${p.id}/calendar/ical-feeds/${feed.id}`, headers: as('other') })).statusCode, 403);
    assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/properties/${p.id}/calendar/ical-feeds/${feed.id}`, headers: as('owner') })).statusCode, 200);
    assert.equal((await book(p.id, 25, 26)).statusCode, 201, 'removal lifts the blocks');
    const negative = await t.deps.db.execute(`SELECT count(*)::int AS n FROM property_nights WHERE property_id = ${p.id} AND blocked <> 0`) as unknown as { rows: Array<{ n: number }> };
    assert.equal(Number(negative.rows[0]!.n), 0);
  });

  it('blocks one unit of the named room type on a listing with room types, and says which nights were already sold here', async () => {
    const p = await createProperty(t.deps, ownerId);
    const { roomType } = await createRoomType(t.deps, p.id, { countOfRooms: 1 });
    served = ics([[30, 32]]);
    assert.equal((await importFeed(p.id, { url: `${base}/cal.ics?a` })).statusCode, 422, 'room_type_id is required');
    await seedReservation(t.deps, { propertyId: p.id, status: 'confirmed', checkin: day(31), checkout: day(32), lines: [{ roomTypeId: roomType.id }] });
    const res = await importFeed(p.id, { url: `${base}/moved`, room_type_id: roomType.id });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json().data.conflicts, [day(31)]);
  });

  it('refuses URLs that are not public http(s) addresses, and calendars too large or too slow, storing nothing', async () => {
    const strict = await createTestApp({ env: { ICAL_ALLOW_PRIVATE: 'false' } });
    try {
      const owner = await createUser(strict.deps, { role: 'owner' });
      const p = await createProperty(strict.deps, owner.id);
      const headers = bearer(await loginAs(strict.app, owner));
      for (const url of ['http://127.0.0.1/cal.ics', 'http://localhost/cal.ics', 'http://10.1.2.3/cal.ics', 'http://192.168.0.10/cal.ics', 'http://169.254.169.254/latest/meta-data',
        'http://[::1]/cal.ics', 'http://[::ffff:127.0.0.1]/cal.ics', 'http://0.0.0.0/cal.ics', 'file:///etc/passwd', 'ftp://example.com/cal.ics', `${base}/cal.ics`]) {
        const res = await strict.app.inject({ method: 'POST', url: `/api/properties/${p.id}/calendar/ical-feeds`, headers, payload: { url } });
        assert.equal(res.statusCode, 422, `${url}: ${res.body}`);
        assert.deepEqual(Object.keys(res.json().errors), ['url'], url);
      }
      const feeds = await strict.app.inject({ method: 'GET', url: `/api/properties/${p.id}/calendar/ical-feeds`, headers });
      assert.deepEqual(feeds.json().data, []);
    } finally {
      await strict.close();
    }
    const p = await createProperty(t.deps, ownerId);
    assert.equal((await importFeed(p.id, { url: `${base}/to-file` })).statusCode, 422, 'a redirect is checked again');
    assert.equal((await importFeed(p.id, { url: `${base}/big.ics` })).statusCode, 422, 'larger than ICAL_MAX_BYTES');
    assert.equal((await importFeed(p.id, { url: `${base}/silent.ics` })).statusCode, 502, 'no answer within ICAL_TIMEOUT_MS');
    assert.equal((await importFeed(p.id, { url: `${base}/gone` })).statusCode, 502);
    const listed = (await links(p.id)).json().data.feeds;
    assert.deepEqual(listed, []);
  });

  it('judges addresses: only public unicast passes', () => {
    for (const ip of ['8.8.8.8', '93.184.216.34', '2606:4700::1111']) assert.equal(isPublicAddress(ip), true, ip);
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
      '::1', '::', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', 'not-an-ip']) assert.equal(isPublicAddress(ip), false, ip);
  });
});
