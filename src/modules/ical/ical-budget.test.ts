// iCal reading on a budget (issue 48): a calendar is read on a worker thread, within a budget for
// the whole file (occurrences, time), expanding series from the import window. A hostile calendar
// is refused (422 url naming the budget) while /healthz, asked on other connections, keeps
// answering; a stored calendar that turns hostile is marked failed and left alone by the job.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { startCalendarServer, type CalendarServer } from '../../../test/fakes/calendar-server.ts';
import { healthzWithin } from '../../../test/helpers/healthz-probe.ts';
import { startWatchdog, type Watchdog } from '../../../test/helpers/watchdog.ts';
import { refreshDueFeeds } from './ical-feeds.ts';
import { blocking, blockRows, calendar, day, nightCounts, START, vevent } from './ical.test-support.ts';

// The cases: a minutely series from 1900 (1.9 s of CPU each on the main thread before),
// and a rule no date meets (ical.js loops inside one step for ever: only the thread's end stops it).
const MINUTELY_1900 = (uid: string) =>
  vevent(uid, ['DTSTART:19000101T000000Z', 'DURATION:PT1M', 'RRULE:FREQ=MINUTELY']);
const NEVER_MET = vevent('never@x', [
  'DTSTART:19000101T000000Z',
  'DURATION:PT1S',
  'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30',
]);
// /healthz answers within this while a hostile calendar is read (the bound), on top of
// what it waits on the quiet app just before (the machine's own load).
const ANSWER_WITHIN_MS = 500;
const PARSE_TIMEOUT_MS = 3000;
// Reading on the request's thread (the code before) blocked the loop for good on NEVER_MET, and
// with it every timer of this file: the watchdog's own thread then ends the run, naming the case.
const STUCK_MS = 60_000;

describe('iCal reading on a budget', () => {
  let s: CalendarServer;
  let t: TestApp;
  let port: number;
  let headers: Record<string, string>;
  let propertyId: number;
  let watchdog: Watchdog;
  before(async () => {
    watchdog = startWatchdog(STUCK_MS);
    s = await startCalendarServer();
    t = await createTestApp({
      start: START,
      env: {
        ICAL_ALLOW_PRIVATE: 'true',
        ICAL_PARSE_TIMEOUT_MS: String(PARSE_TIMEOUT_MS),
        // Small, so it is met long before the time limit even on a loaded machine (5,000 was not).
        ICAL_MAX_OCCURRENCES: '500',
      },
    });
    const owner = await createUser(t.deps, { role: 'owner' });
    propertyId = (await createProperty(t.deps, owner.id)).id;
    headers = bearer(await loginAs(t.app, owner));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(async () => {
    await watchdog?.stop();
    await t?.close();
    await s?.close();
  });

  const feeds = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/properties/${propertyId}/calendar/ical-feeds`, headers })).json()
      .data;
  // Over HTTP, as an owner's client would send it; /healthz is asked on other connections meanwhile.
  const importOverHttp = async (path: string) => {
    watchdog.begin(`importing ${path}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/properties/${propertyId}/calendar/ical-feeds`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${s.base}${path}` }),
    });
    const body = (await res.json()) as { message: string; errors?: Record<string, string[]> };
    watchdog.end();
    return { status: res.status, body };
  };

  it('refuses a file whose series walk past ICAL_MAX_OCCURRENCES with 422 url, /healthz answering meanwhile', async () => {
    s.serve('/minutely.ics', calendar(MINUTELY_1900('a@x'), MINUTELY_1900('b@x')));
    const probe = await healthzWithin(port, ANSWER_WITHIN_MS, () => importOverHttp('/minutely.ics'));
    assert.ok(probe.waits.length > 0 && probe.waits.every((w) => w.status === 200), JSON.stringify(probe.waits));
    assert.ok(
      probe.responsive,
      `/healthz waited ${JSON.stringify(probe.runs)} ms (longest, and on the quiet app) while the calendar was read`,
    );
    assert.equal(probe.result.status, 422, JSON.stringify(probe.result.body));
    assert.deepEqual(Object.keys(probe.result.body.errors ?? {}), ['url']);
    assert.match(
      probe.result.body.errors!.url![0]!,
      /more than the 500 event occurrences allowed \(ICAL_MAX_OCCURRENCES\)/,
    );
    assert.deepEqual(await feeds(), [], 'nothing stored');
  });

  it('ends the reading of a rule no date meets at ICAL_PARSE_TIMEOUT_MS: 422 url, /healthz answering before it ends', async () => {
    s.serve('/never.ics', calendar(NEVER_MET));
    const probe = await healthzWithin(port, ANSWER_WITHIN_MS, () => importOverHttp('/never.ics'));
    assert.equal(probe.result.status, 422, JSON.stringify(probe.result.body));
    assert.match(
      probe.result.body.errors!.url![0]!,
      /takes longer to read than the time allowed \(ICAL_PARSE_TIMEOUT_MS\)/,
    );
    // The reading cannot end before its time limit, so answers within it came while it ran.
    assert.ok(probe.hostileMs >= PARSE_TIMEOUT_MS, `answered after ${probe.hostileMs} ms`);
    assert.ok(probe.waits.length > 1, `${probe.waits.length} /healthz answers while the calendar was read`);
    assert.ok(
      probe.responsive,
      `/healthz waited ${JSON.stringify(probe.runs)} ms (longest, and on the quiet app) while the calendar was read`,
    );
    // The pool's thread was ended and another reads the next calendar.
    s.serve('/fine.ics', blocking([3, 5]));
    const fine = await importOverHttp('/fine.ics');
    assert.equal(fine.status, 201, JSON.stringify(fine.body));
    await t.app.inject({
      method: 'DELETE',
      url: `/api/properties/${propertyId}/calendar/ical-feeds/${(await feeds())[0].id}`,
      headers,
    });
  });

  it('expands a series from the import window: a weekly one from 1900 costs a year of Saturdays, not 6,700 weeks', async () => {
    const weekly = vevent('sat@x', ['DTSTART;VALUE=DATE:19000106', 'DTEND;VALUE=DATE:19000107', 'RRULE:FREQ=WEEKLY']);
    s.serve('/weekly.ics', calendar(weekly));
    const small = await createTestApp({
      start: START,
      database: t.database,
      env: { ICAL_ALLOW_PRIVATE: 'true', ICAL_MAX_OCCURRENCES: '100' },
    });
    try {
      const res = await small.app.inject({
        method: 'POST',
        url: `/api/properties/${propertyId}/calendar/ical-feeds`,
        headers,
        payload: { url: `${s.base}/weekly.ics` },
      });
      assert.equal(res.statusCode, 201, res.body);
      // 1900-01-06 was a Saturday; so is 2030-01-12 (day 2), and each 7th night after it.
      const nights = (await nightCounts(t.deps, propertyId)).map(([, night]) => night);
      assert.equal(nights.length, 52);
      assert.equal(nights[0], day(2));
      assert.ok(nights.every((n) => new Date(`${n}T00:00:00Z`).getUTCDay() === 6));
      await small.app.inject({
        method: 'DELETE',
        url: `/api/properties/${propertyId}/calendar/ical-feeds/${res.json().data.id}`,
        headers,
      });
    } finally {
      await small.close();
    }
  });

  it('marks a stored calendar that turns hostile failed, keeps its nights, and leaves it out of the refresh job', async () => {
    s.serve('/turns.ics', blocking([10, 12]));
    const created = await importOverHttp('/turns.ics');
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const before = await nightCounts(t.deps, propertyId);
    assert.equal(before.length, 2);
    s.serve('/turns.ics', calendar(MINUTELY_1900('a@x')));
    const age = () =>
      t.deps.db.execute(sql`UPDATE ical_feeds SET last_fetched_at = last_fetched_at - interval '31 minutes'`);
    await age();
    assert.equal(await refreshDueFeeds(t.deps), 1);
    const [feed] = await feeds();
    assert.equal(feed.status, 'failed');
    assert.match(feed.last_error, /ICAL_MAX_OCCURRENCES/);
    assert.deepEqual(await nightCounts(t.deps, propertyId), before, 'its nights stay blocked');
    const hits = s.hits.get('/turns.ics');
    await age();
    assert.equal(await refreshDueFeeds(t.deps), 0, 'a failed feed is not claimed again');
    assert.equal(s.hits.get('/turns.ics'), hits, 'nor fetched');

    const refresh = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/properties/${propertyId}/calendar/ical-feeds/${feed.id}/refresh`,
        headers,
      });
    const still = await refresh();
    assert.equal(still.statusCode, 422, still.body);
    assert.deepEqual(Object.keys(still.json().errors), ['url']);
    assert.match(still.json().message, /ICAL_MAX_OCCURRENCES.*no longer refreshed/);

    s.serve('/turns.ics', blocking([10, 13]));
    const fixed = await refresh();
    assert.equal(fixed.statusCode, 200, fixed.body);
    assert.equal(fixed.json().data.status, 'active');
    assert.equal(fixed.json().data.blocked_nights, 3);
    await age();
    assert.equal(await refreshDueFeeds(t.deps), 1, 'active again: refreshed by the job');
    assert.equal(await blockRows(t.deps, propertyId), 3);
  });
});
