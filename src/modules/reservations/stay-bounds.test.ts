// Issue 20: dates are real days from 1900-01-01 to 2200-12-31 (platform/calendar-day.ts), refused
// with a 422 naming the field everywhere a stay or a range is read; and the work a request makes
// is bounded before it runs. A modification to 9999-12-30..9999-12-31 once made the locking of
// nights cover every day from the old stay to year 9999: PGlite ran it on the process's own
// thread and /healthz stopped answering. The watchdog turns such a hang into a failure.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { startWatchdog, type Watchdog } from '../../../test/helpers/watchdog.ts';

const START = new Date('2030-03-10T12:00:00Z');
const BAD_DATES = ['0000-01-01', '0001-01-01', '1899-12-31', '2201-01-01', '9999-12-31', '2030-02-30', '2031-02-29'];

describe('stay dates within the supported range, and bounded work', () => {
  let t: TestApp;
  let ownerId: number;
  let owner: string;
  let guest: string;
  let watchdog: Watchdog;
  before(async () => {
    t = await createTestApp({ start: START });
    const o = await createUser(t.deps, { role: 'owner' });
    ownerId = o.id;
    owner = await loginAs(t.app, o);
    guest = await loginAs(t.app, await createUser(t.deps));
    watchdog = startWatchdog(20_000);
  });
  after(async () => {
    await watchdog.stop();
    await t.close();
  });

  const book = async (propertyId: number, checkin: string, checkout: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: bearer(guest),
      payload: { property_id: propertyId, checkin_date: checkin, checkout_date: checkout, guests: { adults: 1 } },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().data.id as number;
  };
  /** The answer, within `ms` (a blocked process is caught by the watchdog instead). */
  const timed = async (
    what: string,
    ms: number,
    run: () => Promise<{ statusCode: number; body: string; json: () => any }>,
  ) => {
    watchdog.begin(what);
    const started = Date.now();
    try {
      const res = await run();
      assert.ok(Date.now() - started < ms, `${what}: answered after ${Date.now() - started} ms`);
      return res;
    } finally {
      watchdog.end();
    }
  };
  const nightRows = async (propertyId: number) => {
    const res = (await t.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM property_nights WHERE property_id = ${propertyId}`,
    )) as unknown as { rows: Array<{ n: number }> };
    return Number(res.rows[0]!.n);
  };

  it('a change to the end of year 9999 is a 422 naming the dates, at once, and the process keeps answering', async () => {
    const p = await createProperty(t.deps, ownerId);
    const id = await book(p.id, '2030-04-01', '2030-04-03');
    const res = await timed('PUT /reservations/{id} 9999-12-30..9999-12-31', 3000, () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/reservations/${id}`,
        headers: bearer(guest),
        payload: { checkin_date: '9999-12-30', checkout_date: '9999-12-31' },
      }),
    );
    assert.equal(res.statusCode, 422, res.body);
    assert.deepEqual(Object.keys(res.json().errors).sort(), ['checkin_date', 'checkout_date']);
    assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    assert.ok((await nightRows(p.id)) <= 2, "nothing but the booking's own nights");
  });

  it("a stay moved centuries away locks and creates only the two stays' nights, never the days between", async () => {
    const p = await createProperty(t.deps, ownerId);
    const id = await book(p.id, '2030-05-01', '2030-05-04');
    const res = await timed('PUT /reservations/{id} to 2200-12-28', 3000, () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/reservations/${id}`,
        headers: bearer(guest),
        payload: { checkin_date: '2200-12-28', checkout_date: '2200-12-31' },
      }),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.checkout_date, '2200-12-31');
    assert.ok((await nightRows(p.id)) <= 6, `rows made: ${await nightRows(p.id)} (3 old nights + 3 new at most)`);
  });

  it('refuses impossible and out-of-range dates with a 422 naming the field: preview, booking, change, lists, calendars', async () => {
    const p = await createProperty(t.deps, ownerId);
    const id = await book(p.id, '2030-06-01', '2030-06-03');
    for (const bad of BAD_DATES) {
      const stay = { property_id: p.id, checkin_date: bad, checkout_date: '2030-06-05', guests: { adults: 1 } };
      const answers = {
        preview: await t.app.inject({ method: 'POST', url: '/api/reservations/preview', payload: stay }),
        create: await t.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(guest), payload: stay }),
        modify: await t.app.inject({
          method: 'PUT',
          url: `/api/reservations/${id}`,
          headers: bearer(guest),
          payload: { checkout_date: bad },
        }),
        list: await t.app.inject({
          method: 'GET',
          url: '/api/reservations',
          query: { from: bad },
          headers: bearer(guest),
        }),
        calendar: await t.app.inject({ method: 'GET', url: `/api/properties/${p.id}/calendar`, query: { from: bad } }),
        'calendar to': await t.app.inject({
          method: 'PUT',
          url: `/api/properties/${p.id}/calendar`,
          headers: bearer(owner),
          payload: { from: '2030-07-01', to: bad, price: 100 },
        }),
        search: await t.app.inject({
          method: 'GET',
          url: '/api/properties/public',
          query: { checkin_date: bad, checkout_date: '2030-06-05' },
        }),
      };
      const field = {
        preview: 'checkin_date',
        create: 'checkin_date',
        modify: 'checkout_date',
        list: 'from',
        calendar: 'from',
        'calendar to': 'to',
        search: 'checkin_date',
      } as const;
      for (const [where, res] of Object.entries(answers)) {
        assert.equal(res.statusCode, 422, `${where} ${bad}: ${res.body}`);
        assert.ok(
          res.json().errors?.[field[where as keyof typeof field]],
          `${where} ${bad} names ${field[where as keyof typeof field]}: ${res.body}`,
        );
      }
    }
  });

  it('a calendar asked from near the end of the range stops at 2200-12-31 instead of computing days past it', async () => {
    const p = await createProperty(t.deps, ownerId);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/properties/${p.id}/calendar`,
      query: { from: '2200-12-20' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const { to, nights } = res.json().data as { to: string; nights: Array<{ date: string }> };
    assert.equal(to, '2200-12-31');
    assert.deepEqual([nights.length, nights.at(-1)?.date], [12, '2200-12-31']);
  });
});
