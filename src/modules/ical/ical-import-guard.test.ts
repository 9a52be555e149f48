// What an iCal import refuses, through the API: URLs that are not public http(s) addresses
// (ICAL_ALLOW_PRIVATE=false), calendars too large or too slow, servers that fail, bodies that are
// not calendars. Nothing is stored and no block changes; the fetcher's own tests cover redirects
// to private addresses with a public first hop (src/adapters/ical-fetch).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import {
  neverEnding,
  startCalendarServer,
  type CalendarServer,
  type Handler,
} from '../../../test/fakes/calendar-server.ts';
import { blocking, blockRows, nightCounts, START } from './ical.test-support.ts';

describe('iCal import: refused URLs and limits', () => {
  let s: CalendarServer;
  before(async () => {
    s = await startCalendarServer();
    s.serve('/cal.ics', blocking([5, 7]));
    s.serve('/big.ics', (_q, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end('X'.repeat(50_000)));
    s.serve('/endless.ics', neverEnding);
    s.serve('/silent.ics', () => undefined);
    s.serve('/gone', (_q, res) => res.writeHead(500).end('boom'));
    s.serve('/page', (_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'));
    s.serve('/garbage', (_q, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end('hello'));
    s.serve('/to-file', (_q, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
  });
  after(() => s.close());

  async function ownerApp(env: Record<string, string>) {
    const t = await createTestApp({ start: START, env });
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    const headers = bearer(await loginAs(t.app, owner));
    const importFeed = (url: string) =>
      t.app.inject({ method: 'POST', url: `/api/properties/${p.id}/calendar/ical-feeds`, headers, payload: { url } });
    const feeds = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/properties/${p.id}/calendar/ical-feeds`, headers })).json().data;
    return { t, p, headers, importFeed, feeds };
  }

  it('refuses URLs that are not public http(s) addresses with 422 naming url, before any request, storing nothing', async () => {
    const { t, p, importFeed, feeds } = await ownerApp({ ICAL_ALLOW_PRIVATE: 'false' });
    try {
      const port = new URL(s.base).port;
      for (const url of [
        `http://127.0.0.1:${port}/cal.ics`,
        `http://localhost:${port}/cal.ics`,
        'http://10.1.2.3/cal.ics',
        'http://192.168.0.10/cal.ics',
        'http://169.254.169.254/latest/meta-data',
        `http://[::1]:${port}/cal.ics`,
        `http://[::ffff:127.0.0.1]:${port}/cal.ics`,
        'http://0.0.0.0/cal.ics',
        'http://[fd00::1]/cal.ics',
        'http://2130706433/cal.ics',
        'file:///etc/passwd',
        'ftp://example.com/cal.ics',
      ]) {
        const res = await importFeed(url);
        assert.equal(res.statusCode, 422, `${url}: ${res.body}`);
        assert.deepEqual(Object.keys(res.json().errors), ['url'], url);
        assert.match(res.json().errors.url[0], /not a public address|http or https/, url);
      }
      assert.equal(s.hits.get('/cal.ics') ?? 0, 0, 'the local server was never asked');
      assert.deepEqual(await feeds(), []);
      assert.equal(await blockRows(t.deps, p.id), 0);
    } finally {
      await t.close();
    }
  });

  it('refuses calendars too large (422), too slow or failing (502), and what is not a calendar (422); a failed refresh changes no block', async () => {
    const { t, p, headers, importFeed, feeds } = await ownerApp({
      ICAL_ALLOW_PRIVATE: 'true',
      ICAL_MAX_BYTES: '4096',
      ICAL_TIMEOUT_MS: '400',
    });
    try {
      const cases: Array<[string, number, RegExp]> = [
        ['/big.ics', 422, /larger than the 4096 bytes allowed/],
        ['/endless.ics', 502, /within 400 ms/],
        ['/silent.ics', 502, /within 400 ms/],
        ['/gone', 502, /HTTP 500/],
        ['/page', 422, /text\/html, not text\/calendar/],
        ['/garbage', 422, /not an iCalendar file/],
        ['/to-file', 422, /http or https/],
      ];
      for (const [path, status, message] of cases) {
        const res = await importFeed(`${s.base}${path}`);
        assert.equal(res.statusCode, status, `${path}: ${res.body}`);
        assert.match(res.json().message, message, path);
        if (status === 422) assert.deepEqual(Object.keys(res.json().errors), ['url'], path);
      }
      assert.deepEqual(await feeds(), [], 'nothing stored');

      const created = await importFeed(`${s.base}/cal.ics`);
      assert.equal(created.statusCode, 201, created.body);
      const before = await nightCounts(t.deps, p.id);
      assert.equal(before.length, 2);
      const tooBig: Handler = (_q, res) =>
        res.writeHead(200, { 'content-type': 'text/calendar' }).end('X'.repeat(50_000));
      for (const handler of [tooBig, neverEnding]) {
        s.serve('/cal.ics', handler);
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/properties/${p.id}/calendar/ical-feeds/${created.json().data.id}/refresh`,
          headers,
        });
        assert.equal(res.statusCode, 502, res.body);
        assert.deepEqual(await nightCounts(t.deps, p.id), before, 'no block changed');
      }
      assert.match((await feeds())[0].last_error, /within 400 ms/);
    } finally {
      s.serve('/cal.ics', blocking([5, 7]));
      await t.close();
    }
  });
});
