// iCal export (the secret link) and who may see and manage a listing's calendar links.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { startCalendarServer, type CalendarServer } from '../../../test/fakes/calendar-server.ts';
import { seedReservation } from '../reservations/reservations.test-support.ts';
import { makeCast, type Cast, type Who } from '../room-types/room-types.test-support.ts';
import { busyNights } from './ical-format.ts';
import { blocking, compact, day, setNight, START } from './ical.test-support.ts';

describe('iCal export and calendar links', () => {
  let t: TestApp;
  let c: Cast;
  let s: CalendarServer;
  before(async () => {
    s = await startCalendarServer();
    s.serve('/cal.ics', blocking([40, 42]));
    t = await createTestApp({ start: START, env: { ICAL_ALLOW_PRIVATE: 'true' } });
    c = await makeCast(t);
  });
  after(async () => {
    await t?.close();
    await s?.close();
  });

  const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: c.headers(who), ...(payload ? { payload } : {}) });
  const pathOf = (exportUrl: string) => exportUrl.replace('http://app.test', '');
  const linkOf = async (id: number) =>
    (await call('owner', 'GET', `/properties/${id}/calendar/ical`)).json().data.export_url as string;
  const events = (ics: string) =>
    ics
      .split('BEGIN:VEVENT')
      .slice(1)
      .map((e) => ({
        start: /DTSTART;VALUE=DATE:(\d+)/.exec(e)?.[1],
        end: /DTEND;VALUE=DATE:(\d+)/.exec(e)?.[1],
        summary: /SUMMARY:(.*)\r\n/.exec(e)?.[1],
        uid: /UID:(.*)\r\n/.exec(e)?.[1],
      }));

  it('serves the busy nights at a secret link only, merged into all-day events without guest data; rotation retires the old link', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const guest = await seedReservation(t.deps, {
      propertyId: p.id,
      guestId: c.users.client.id,
      status: 'confirmed',
      checkin: day(10),
      checkout: day(12),
    });
    await seedReservation(t.deps, {
      propertyId: p.id,
      status: 'pending',
      holdExpiresAt: new Date(START.getTime() + 3600_000),
      checkin: day(12),
      checkout: day(14),
    });
    await setNight(t.deps, p.id, 0, day(20), { stopSell: true });
    await setNight(t.deps, p.id, 0, day(21), { availableRooms: 0 });
    await setNight(t.deps, p.id, 0, day(22), { blocked: 1 });
    await seedReservation(t.deps, { propertyId: p.id, status: 'confirmed', checkin: day(-3), checkout: day(-1) });

    const url = await linkOf(p.id);
    assert.match(
      url,
      new RegExp(`^http://app\\.test/api/properties/${p.id}/calendar\\.ics\\?token=[A-Za-z0-9_-]{32}$`),
      '192 random bits',
    );
    assert.equal(await linkOf(p.id), url, 'the same link until rotated');
    const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/calendar/);
    assert.deepEqual(
      events(res.body).map(({ uid: _u, ...e }) => e),
      [
        { start: compact(day(10)), end: compact(day(14)), summary: 'Reserved' },
        { start: compact(day(20)), end: compact(day(23)), summary: 'Not available' },
      ],
    );
    assert.deepEqual(
      [
        ...busyNights(res.body, { from: day(0), to: day(365), timeZone: 'UTC' }, { maxOccurrences: 50_000 }).keys(),
      ].sort(),
      [10, 11, 12, 13, 20, 21, 22].map(day),
      'reads back as the same nights',
    );
    for (const secret of [c.users.client.email, guest.bookingRefCode, 'ATTENDEE', 'ORGANIZER', 'DESCRIPTION']) {
      assert.ok(!res.body.includes(secret), `no guest data (${secret})`);
    }
    const again = await t.app.inject({ method: 'GET', url: pathOf(url) });
    assert.deepEqual(
      events(again.body).map((e) => e.uid),
      events(res.body).map((e) => e.uid),
      'stable UIDs',
    );

    const other = await createProperty(t.deps, c.users.owner.id);
    const otherToken = (await linkOf(other.id)).split('token=')[1];
    const token = url.split('token=')[1];
    for (const bad of [
      `/api/properties/${p.id}/calendar.ics`,
      `/api/properties/${p.id}/calendar.ics?token=`,
      `/api/properties/${p.id}/calendar.ics?token=nope`,
      `/api/properties/${p.id}/calendar.ics?token=${otherToken}`,
      `/api/properties/999999/calendar.ics?token=${token}`,
    ]) {
      const r = await t.app.inject({ method: 'GET', url: bad });
      assert.equal(r.statusCode, 404, bad);
      assert.equal(r.json().message, 'Calendar not found', 'never saying which');
    }

    const rotated = await call('owner', 'POST', `/properties/${p.id}/calendar/ical/rotate`);
    assert.equal(rotated.statusCode, 200);
    assert.notEqual(rotated.json().data.export_url, url);
    assert.equal((await t.app.inject({ method: 'GET', url: pathOf(url) })).statusCode, 404, 'the old link is retired');
    assert.equal(
      (await t.app.inject({ method: 'GET', url: pathOf(rotated.json().data.export_url) })).body.replace(
        /DTSTAMP:\S+/g,
        '',
      ),
      res.body.replace(/DTSTAMP:\S+/g, ''),
    );
    assert.equal(await linkOf(p.id), rotated.json().data.export_url);
  });

  it('a listing with room types is busy only on nights where no room type has a unit left', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const a = (await createRoomType(t.deps, p.id, { countOfRooms: 2 })).roomType.id;
    const b = (await createRoomType(t.deps, p.id, { countOfRooms: 1 })).roomType.id;
    await setNight(t.deps, p.id, a, day(5), { booked: 2 }); // b still free
    await setNight(t.deps, p.id, a, day(6), { booked: 2 });
    await setNight(t.deps, p.id, b, day(6), { booked: 1 });
    await setNight(t.deps, p.id, a, day(7), { booked: 1, blocked: 1 });
    await setNight(t.deps, p.id, b, day(7), { stopSell: true });
    await setNight(t.deps, p.id, a, day(8), { availableRooms: 0 });
    await setNight(t.deps, p.id, b, day(8), { blocked: 1 });
    await setNight(t.deps, p.id, a, day(9), { booked: 1, blocked: 1 }); // b free
    await setNight(t.deps, p.id, 0, day(12), { booked: 1 }); // the whole-listing unit no longer counts
    const ics = (await t.app.inject({ method: 'GET', url: pathOf(await linkOf(p.id)) })).body;
    assert.deepEqual(
      events(ics).map(({ uid: _u, ...e }) => e),
      [{ start: compact(day(6)), end: compact(day(9)), summary: 'Reserved' }],
    );
  });

  it('lets the owner and an admin manage the links, support read them, and nobody else know they exist', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const feedUrl = (n: string) => `${s.base}/cal.ics?${n}`;
    const feed = async (n: string) =>
      (await call('owner', 'POST', `/properties/${p.id}/calendar/ical-feeds`, { url: feedUrl(n) })).json().data
        .id as number;
    const expect: Array<[string, (who: Who) => Promise<{ statusCode: number }>, Record<Who, number>]> = [
      [
        'read links',
        (who) => call(who, 'GET', `/properties/${p.id}/calendar/ical`),
        { anonymous: 401, client: 404, otherOwner: 404, support: 200, admin: 200, owner: 200 },
      ],
      [
        'rotate',
        (who) => call(who, 'POST', `/properties/${p.id}/calendar/ical/rotate`),
        { anonymous: 401, client: 404, otherOwner: 404, support: 403, admin: 200, owner: 200 },
      ],
      [
        'list feeds',
        (who) => call(who, 'GET', `/properties/${p.id}/calendar/ical-feeds`),
        { anonymous: 401, client: 404, otherOwner: 404, support: 200, admin: 200, owner: 200 },
      ],
      [
        'import',
        (who) => call(who, 'POST', `/properties/${p.id}/calendar/ical-feeds`, { url: feedUrl(who) }),
        { anonymous: 401, client: 404, otherOwner: 404, support: 403, admin: 201, owner: 201 },
      ],
      [
        'refresh',
        async (who) => call(who, 'POST', `/properties/${p.id}/calendar/ical-feeds/${await feed(`r-${who}`)}/refresh`),
        { anonymous: 401, client: 404, otherOwner: 404, support: 403, admin: 200, owner: 200 },
      ],
      [
        'remove',
        async (who) => call(who, 'DELETE', `/properties/${p.id}/calendar/ical-feeds/${await feed(`d-${who}`)}`),
        { anonymous: 401, client: 404, otherOwner: 404, support: 403, admin: 200, owner: 200 },
      ],
    ];
    for (const [what, run, statuses] of expect) {
      for (const [who, status] of Object.entries(statuses) as Array<[Who, number]>)
        assert.equal((await run(who)).statusCode, status, `${what} as ${who}`);
    }
    const urls = (await call('owner', 'GET', `/properties/${p.id}/calendar/ical-feeds`))
      .json()
      .data.map((f: { url: string }) => f.url)
      .sort();
    const kept = [
      'admin',
      'owner',
      ...['anonymous', 'client', 'otherOwner', 'support'].flatMap((w) => [`d-${w}`, `r-${w}`]),
      'r-admin',
      'r-owner',
    ]
      .map(feedUrl)
      .sort();
    assert.deepEqual(urls, kept, "only the owner's and the admin's imports were stored, only their removals done");
    assert.equal((await call('owner', 'GET', `/properties/999999/calendar/ical`)).statusCode, 404);
    const hidden = await createProperty(t.deps, c.users.owner.id, { status: 'draft' });
    assert.equal((await call('client', 'GET', `/properties/${hidden.id}/calendar/ical`)).statusCode, 404);
    assert.equal((await call('support', 'GET', `/properties/${hidden.id}/calendar/ical`)).statusCode, 200);
  });
});
