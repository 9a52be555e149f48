// iCal import: external calendars served by a local HTTP server block nights of the listing;
// bookings, the read form, search and the calendar view count them; refreshes and removal move
// the counts in property_nights.blocked, never below zero.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createProperty, createPropertyType, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { startCalendarServer, type CalendarServer } from '../../../test/fakes/calendar-server.ts';
import { inventoryDrift, seedReservation } from '../reservations/reservations.test-support.ts';
import { makeCast, type Cast } from '../room-types/room-types.test-support.ts';
import { CALENDAR_CHANGED } from '../room-types/calendar-changed.ts';
import { refreshDueFeeds } from './ical-feeds.ts';
import { blocking, blockRows, day, nightCounts, START } from './ical.test-support.ts';

describe('iCal import', () => {
  let t: TestApp;
  let c: Cast;
  let s: CalendarServer;
  before(async () => {
    s = await startCalendarServer();
    t = await createTestApp({ start: START, env: { ICAL_ALLOW_PRIVATE: 'true' } });
    c = await makeCast(t);
  });
  after(async () => {
    await t?.close();
    await s?.close();
  });

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, who: 'owner' | 'client' = 'owner') =>
    t.app.inject({ method, url: `/api${url}`, headers: c.headers(who), ...(payload ? { payload } : {}) });
  const importFeed = (id: number, body: object) => api('POST', `/properties/${id}/calendar/ical-feeds`, body);
  const book = (id: number, from: number, to: number) =>
    api(
      'POST',
      '/reservations',
      { property_id: id, checkin_date: day(from), checkout_date: day(to), guests: { adults: 1, children: 0 } },
      'client',
    );
  const age = (feedId: number) =>
    t.deps.db.execute(
      sql`UPDATE ical_feeds SET last_fetched_at = last_fetched_at - interval '31 minutes' WHERE id = ${feedId}`,
    );
  const changes = async (propertyId: number) =>
    (
      (await t.deps.db.execute(sql`
    SELECT payload FROM outbox_events WHERE topic = ${CALENDAR_CHANGED} AND (payload->>'property_id')::bigint = ${propertyId} ORDER BY id`)) as unknown as {
        rows: Array<{ payload: unknown }>;
      }
    ).rows.map((r) => r.payload);
  const search = async (type: number, from: number, to: number) =>
    (await api('GET', `/properties/public?type=${type}&checkin_date=${day(from)}&checkout_date=${day(to)}`))
      .json()
      .data.map((p: { id: number }) => p.id);

  it('blocks the nights of the calendar: bookings on them are refused, every availability read counts them, a refresh follows the calendar, removal lifts them', async () => {
    const type = await createPropertyType(t.deps);
    const p = await createProperty(t.deps, c.users.owner.id, { typeId: type });
    s.serve('/a.ics', blocking([20, 23]));
    const created = await importFeed(p.id, { url: `${s.base}/a.ics`, name: 'Elsewhere' });
    assert.equal(created.statusCode, 201, created.body);
    const feed = created.json().data;
    assert.deepEqual(
      [feed.name, feed.room_type_id, feed.blocked_nights, feed.last_error, feed.conflicts],
      ['Elsewhere', 0, 3, null, []],
    );
    assert.deepEqual(await nightCounts(t.deps, p.id), [
      [0, day(20), 0, 1],
      [0, day(21), 0, 1],
      [0, day(22), 0, 1],
    ]);
    assert.deepEqual(await changes(p.id), [
      { property_id: p.id, room_type_id: 0, date_from: day(20), date_to: day(23), kinds: ['availability'] },
    ]);
    assert.equal((await importFeed(p.id, { url: `${s.base}/a.ics` })).statusCode, 409, 'the same calendar twice');

    assert.equal((await book(p.id, 21, 22)).statusCode, 409, 'a blocked night cannot be booked');
    assert.equal((await book(p.id, 18, 21)).statusCode, 409, 'nor a stay running into one');
    assert.equal((await book(p.id, 23, 24)).statusCode, 201, 'the morning the event ends, the night is free');
    const detail = (await api('GET', `/properties/${p.id}`)).json().data;
    assert.equal(detail.is_reserved, true);
    assert.ok(
      [20, 21, 22, 23].every((n) => detail.reserved_dates.includes(day(n))),
      detail.reserved_dates,
    );
    assert.deepEqual(await search(type, 21, 22), [], 'search leaves it out on blocked nights');
    assert.deepEqual(await search(type, 25, 27), [p.id]);
    const view = (await api('GET', `/properties/${p.id}/calendar?from=${day(21)}&to=${day(21)}`)).json().data.nights[0];
    assert.equal(view.remaining, 0);

    // The calendar moves: nights 20-22 free again, 25 blocked.
    s.serve('/a.ics', blocking([25, 26]));
    await age(feed.id);
    assert.equal(await refreshDueFeeds(t.deps), 1);
    assert.equal(await refreshDueFeeds(t.deps), 0, 'fetched: not due again for 30 minutes');
    assert.deepEqual(await nightCounts(t.deps, p.id), [
      [0, day(23), 1, 0],
      [0, day(25), 0, 1],
    ]);
    assert.deepEqual((await changes(p.id)).at(-1), {
      property_id: p.id,
      room_type_id: 0,
      date_from: day(20),
      date_to: day(26),
      kinds: ['availability'],
    });
    assert.equal((await book(p.id, 21, 22)).statusCode, 201, 'unblocked by the refresh');
    assert.equal((await book(p.id, 25, 26)).statusCode, 409, 'blocked by the refresh');

    // A refresh that fails keeps the blocks and says why.
    s.serve('/a.ics', '<html>not a calendar</html>');
    const failed = await api('POST', `/properties/${p.id}/calendar/ical-feeds/${feed.id}/refresh`);
    assert.equal(failed.statusCode, 502);
    assert.match(failed.json().message, /not an iCalendar file.*stay blocked/);
    assert.equal((await book(p.id, 25, 26)).statusCode, 409, 'the previous blocks stay');
    const listed = (await api('GET', `/properties/${p.id}/calendar/ical-feeds`)).json().data;
    assert.match(listed[0].last_error, /not an iCalendar file/);
    assert.equal(listed[0].blocked_nights, 1);

    s.serve('/a.ics', blocking([25, 26]));
    const ok = await api('POST', `/properties/${p.id}/calendar/ical-feeds/${feed.id}/refresh`);
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().data.last_error, null, 'a good refresh clears the error');

    assert.equal((await api('DELETE', `/properties/${p.id}/calendar/ical-feeds/${feed.id}`)).statusCode, 200);
    assert.equal((await api('DELETE', `/properties/${p.id}/calendar/ical-feeds/${feed.id}`)).statusCode, 404);
    assert.equal(await blockRows(t.deps, p.id), 0);
    assert.equal((await book(p.id, 25, 26)).statusCode, 201, 'removal lifts the blocks');
    assert.ok((await nightCounts(t.deps, p.id)).every(([, , , blocked]) => blocked === 0));
    assert.deepEqual(await inventoryDrift(t.deps, p.id), []);
  });

  it('adds a block to a night already sold (reported as a conflict), never lets a count go negative, and stacks feeds on one room type', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    await seedReservation(t.deps, { propertyId: p.id, status: 'confirmed', checkin: day(31), checkout: day(32) });
    s.serve('/b.ics', blocking([30, 33]));
    const res = await importFeed(p.id, { url: `${s.base}/b.ics` });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json().data.conflicts, [day(31)], 'sold here and blocked there');
    assert.deepEqual(await nightCounts(t.deps, p.id), [
      [0, day(30), 0, 1],
      [0, day(31), 1, 1],
      [0, day(32), 0, 1],
    ]);
    const night = (await api('GET', `/properties/${p.id}/calendar?from=${day(31)}&to=${day(31)}`)).json().data
      .nights[0];
    assert.equal(night.remaining, 0, 'availability clamps at 0');
    // Someone zeroed the counter by hand: lifting the block must not take it below zero.
    await t.deps.db.execute(
      sql`UPDATE property_nights SET blocked = 0 WHERE property_id = ${p.id} AND night = ${day(30)}::date`,
    );
    assert.equal(
      (await api('DELETE', `/properties/${p.id}/calendar/ical-feeds/${res.json().data.id}`)).statusCode,
      200,
    );
    assert.deepEqual(
      await nightCounts(t.deps, p.id),
      [[0, day(31), 1, 0]],
      'the booking stays, the blocks are gone, nothing negative',
    );

    const withTypes = await createProperty(t.deps, c.users.owner.id);
    const rt = (await createRoomType(t.deps, withTypes.id, { countOfRooms: 2 })).roomType.id;
    const foreign = (await createRoomType(t.deps, p.id, { countOfRooms: 1 })).roomType.id;
    s.serve('/c.ics', blocking([40, 42]));
    s.serve('/d.ics', blocking([41, 43]));
    for (const body of [{}, { room_type_id: 0 }, { room_type_id: foreign }]) {
      const refused = await importFeed(withTypes.id, { url: `${s.base}/c.ics`, ...body });
      assert.equal(refused.statusCode, 422, JSON.stringify(body));
      assert.deepEqual(Object.keys(refused.json().errors), ['room_type_id']);
    }
    const first = await importFeed(withTypes.id, { url: `${s.base}/c.ics`, room_type_id: rt });
    assert.equal(first.statusCode, 201, first.body);
    assert.equal((await importFeed(withTypes.id, { url: `${s.base}/d.ics`, room_type_id: rt })).statusCode, 201);
    assert.deepEqual(await nightCounts(t.deps, withTypes.id), [
      [rt, day(40), 0, 1],
      [rt, day(41), 0, 2],
      [rt, day(42), 0, 1],
    ]);
    const ics = (
      await t.app.inject({
        method: 'GET',
        url: (
          await api('GET', `/properties/${withTypes.id}/calendar/ical`)
        )
          .json()
          .data.export_url.replace('http://app.test', ''),
      })
    ).body;
    assert.equal((ics.match(/BEGIN:VEVENT/g) ?? []).length, 1, 'only night 41 has no room left');
    assert.match(ics, new RegExp(`DTSTART;VALUE=DATE:${day(41).replaceAll('-', '')}`));
    assert.equal(
      (await api('DELETE', `/properties/${withTypes.id}/calendar/ical-feeds/${first.json().data.id}`)).statusCode,
      200,
    );
    assert.deepEqual(await nightCounts(t.deps, withTypes.id), [
      [rt, day(41), 0, 1],
      [rt, day(42), 0, 1],
    ]);
  });

  it('refresh runs at the same time take each due feed once (claimed with SKIP LOCKED; truly concurrent on PostgreSQL)', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const paths = ['/j1.ics', '/j2.ics', '/j3.ics'];
    for (const [i, path] of paths.entries()) s.serve(path, blocking([50 + i, 51 + i]));
    const ids: number[] = [];
    for (const path of paths) ids.push((await importFeed(p.id, { url: `${s.base}${path}` })).json().data.id);
    for (const [i, path] of paths.entries()) {
      // Slow answers keep the first run busy while the second one looks for work.
      s.serve(
        path,
        (_q, res) =>
          void setTimeout(
            () => res.writeHead(200, { 'content-type': 'text/calendar' }).end(blocking([60 + i, 61 + i])),
            100,
          ),
      );
      await age(ids[i]!);
    }
    const hitsBefore = paths.map((path) => s.hits.get(path) ?? 0);
    const runs = await Promise.all([refreshDueFeeds(t.deps), refreshDueFeeds(t.deps)]);
    assert.equal(runs[0]! + runs[1]!, 3, `runs took ${runs.join(' + ')}`);
    assert.deepEqual(
      paths.map((path, i) => (s.hits.get(path) ?? 0) - hitsBefore[i]!),
      [1, 1, 1],
      'each calendar fetched once',
    );
    assert.deepEqual(
      await nightCounts(t.deps, p.id),
      [60, 61, 62].map((n) => [0, day(n), 0, 1]),
    );
  });
});
