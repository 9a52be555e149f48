import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { makeCast, nightRows, setBooked, START, type Cast, type Who } from './room-types.test-support.ts';

describe('calendar', () => {
  let t: TestApp;
  let c: Cast;
  before(async () => {
    t = await createTestApp({ start: START });
    c = await makeCast(t);
  });
  after(() => t.close());

  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: c.headers(who), ...(payload ? { payload } : {}) });

  async function roomSetup(over: Parameters<typeof createProperty>[2] = {}) {
    const p = await createProperty(t.deps, c.users.owner.id, over);
    const { roomType } = await createRoomType(t.deps, p.id, { countOfRooms: 3, price: 9000 });
    return { p, rt: roomType, url: `/properties/${p.id}/room-types/${roomType.id}/calendar` };
  }

  describe('room type', () => {
    it('upserts every night of the inclusive range and reads back the effective values', async () => {
      const { p, rt, url } = await roomSetup();
      const res = await call('owner', 'PUT', url, {
        from: '2030-02-01',
        to: '2030-02-03',
        price: 110.25,
        available_rooms: 2,
      });
      assert.equal(res.statusCode, 200, res.body);
      const data = res.json().data;
      assert.deepEqual(
        { ...data, nights: undefined },
        {
          property_id: p.id,
          room_type_id: rt.id,
          currency: 'EUR',
          from: '2030-02-01',
          to: '2030-02-03',
          nights: undefined,
        },
      );
      assert.deepEqual(
        data.nights,
        ['2030-02-01', '2030-02-02', '2030-02-03'].map((date) => ({
          date,
          price: 110.25,
          available_rooms: 2,
          booked: 0,
          remaining: 2,
          stop_sell: false,
        })),
      );
      const rows = await nightRows(t, p.id, rt.id);
      assert.deepEqual(
        rows.map((r) => [r.night, r.price, r.availableRooms, r.stopSell]),
        [
          ['2030-02-01', 11025, 2, false],
          ['2030-02-02', 11025, 2, false],
          ['2030-02-03', 11025, 2, false],
        ],
      );

      // A second change touches only the members it sends, and extends the range with new rows.
      const second = await call('owner', 'PUT', url, { from: '2030-02-03', to: '2030-02-04', stop_sell: true });
      assert.equal(second.statusCode, 200, second.body);
      const read = await call('anonymous', 'GET', `${url}?from=2030-01-31&to=2030-02-05`);
      assert.equal(read.statusCode, 200, read.body);
      assert.deepEqual(read.json().data.nights, [
        { date: '2030-01-31', price: 90, available_rooms: 3, booked: 0, remaining: 3, stop_sell: false },
        { date: '2030-02-01', price: 110.25, available_rooms: 2, booked: 0, remaining: 2, stop_sell: false },
        { date: '2030-02-02', price: 110.25, available_rooms: 2, booked: 0, remaining: 2, stop_sell: false },
        { date: '2030-02-03', price: 110.25, available_rooms: 2, booked: 0, remaining: 0, stop_sell: true },
        { date: '2030-02-04', price: 90, available_rooms: 3, booked: 0, remaining: 0, stop_sell: true },
        { date: '2030-02-05', price: 90, available_rooms: 3, booked: 0, remaining: 3, stop_sell: false },
      ]);
    });

    it('removes overrides with null, going back to the default rate and the full count', async () => {
      const { url } = await roomSetup();
      await call('owner', 'PUT', url, { from: '2030-03-01', to: '2030-03-02', price: 200, available_rooms: 1 });
      const res = await call('owner', 'PUT', url, {
        from: '2030-03-02',
        to: '2030-03-02',
        price: null,
        available_rooms: null,
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().data.nights, [
        { date: '2030-03-02', price: 90, available_rooms: 3, booked: 0, remaining: 3, stop_sell: false },
      ]);
    });

    it('prices from the oldest rate plan, and has no price (null) without plan or override', async () => {
      const { p, rt, url } = await roomSetup();
      const newer = await call('owner', 'POST', `/properties/${p.id}/room-types/${rt.id}/rate-plans`, {
        title: 'Later',
        price: 70,
      });
      assert.equal(newer.statusCode, 201);
      assert.equal(
        (await call('owner', 'GET', `${url}?from=2030-04-01&to=2030-04-01`)).json().data.nights[0].price,
        90,
      );
      const plans = (await call('owner', 'GET', `/properties/${p.id}/room-types/${rt.id}/rate-plans`)).json().data;
      await call('owner', 'DELETE', `/properties/${p.id}/room-types/${rt.id}/rate-plans/${plans[0].id}`);
      assert.equal(
        (await call('owner', 'GET', `${url}?from=2030-04-01&to=2030-04-01`)).json().data.nights[0].price,
        70,
      );
      await call('owner', 'DELETE', `/properties/${p.id}/room-types/${rt.id}/rate-plans/${newer.json().data.id}`);
      assert.equal(
        (await call('owner', 'GET', `${url}?from=2030-04-01&to=2030-04-01`)).json().data.nights[0].price,
        null,
      );
    });

    it("reads 30 nights from today (the listing's time zone) by default", async () => {
      const { url } = await roomSetup();
      const res = await call('anonymous', 'GET', url);
      assert.equal(res.statusCode, 200, res.body);
      const { from, to, nights } = res.json().data;
      assert.equal(from, '2030-01-10');
      assert.equal(to, '2030-02-08');
      assert.equal(nights.length, 30);
    });

    it('writes at most 730 nights in one statement; 731 is refused', async () => {
      const { p, rt, url } = await roomSetup();
      const res = await call('owner', 'PUT', url, { from: '2030-01-10', to: '2032-01-09', stop_sell: true });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.nights.length, 730);
      assert.equal((await nightRows(t, p.id, rt.id)).length, 730);
      const over = await call('owner', 'PUT', url, { from: '2030-01-10', to: '2032-01-10', stop_sell: true });
      assert.equal(over.statusCode, 422);
      assert.ok(over.json().errors.to);
      const overRead = await call('owner', 'GET', `${url}?from=2030-01-10&to=2032-01-10`);
      assert.equal(overRead.statusCode, 422);
      assert.ok(overRead.json().errors.to);
    });

    it('names the field of every bad input (422) and changes nothing', async () => {
      const { p, rt, url } = await roomSetup();
      const cases: Array<[string, object]> = [
        ['from', { to: '2030-02-01', price: 1 }],
        ['from', { from: '2030-02-30', to: '2030-03-01', price: 1 }],
        ['from', { from: '01/02/2030', to: '2030-03-01', price: 1 }],
        ['from', { from: '2030-01-09', to: '2030-01-12', price: 1 }],
        ['to', { from: '2030-02-01', price: 1 }],
        ['to', { from: '2030-02-02', to: '2030-02-01', price: 1 }],
        ['to', { from: '2030-02-01', to: '2030-13-01', price: 1 }],
        ['price', { from: '2030-02-01', to: '2030-02-02', price: -5 }],
        ['price', { from: '2030-02-01', to: '2030-02-02', price: 1.005 }],
        ['price', { from: '2030-02-01', to: '2030-02-02', price: 'cheap' }],
        ['available_rooms', { from: '2030-02-01', to: '2030-02-02', available_rooms: 4 }],
        ['available_rooms', { from: '2030-02-01', to: '2030-02-02', available_rooms: -1 }],
        ['available_rooms', { from: '2030-02-01', to: '2030-02-02', available_rooms: 1.5 }],
        ['stop_sell', { from: '2030-02-01', to: '2030-02-02', stop_sell: 'perhaps' }],
        ['price', { from: '2030-02-01', to: '2030-02-02' }],
      ];
      for (const [field, payload] of cases) {
        const res = await call('owner', 'PUT', url, payload);
        assert.equal(res.statusCode, 422, `${field}: ${JSON.stringify(payload)} → ${res.body}`);
        assert.ok(res.json().errors[field], `${field}: ${res.body}`);
      }
      assert.equal((await nightRows(t, p.id, rt.id)).length, 0);
      const badQuery = await call('owner', 'GET', `${url}?from=2030-02-31`);
      assert.equal(badQuery.statusCode, 422);
      assert.ok(badQuery.json().errors.from);
    });

    it('never lets availability fall below the bookings: the whole change is refused with the first clashing night (409)', async () => {
      const { p, rt, url } = await roomSetup();
      await setBooked(t, p.id, rt.id, '2030-05-03', 2);
      await setBooked(t, p.id, rt.id, '2030-05-05', 3);
      const res = await call('owner', 'PUT', url, {
        from: '2030-05-01',
        to: '2030-05-07',
        available_rooms: 1,
        price: 55,
      });
      assert.equal(res.statusCode, 409, res.body);
      assert.match(res.json().message, /2030-05-03/);
      const rows = await nightRows(t, p.id, rt.id);
      assert.deepEqual(
        rows.map((r) => [r.night, r.price, r.availableRooms, r.booked]),
        [
          ['2030-05-03', null, null, 2],
          ['2030-05-05', null, null, 3],
        ],
        'nothing changed',
      );

      const two = await call('owner', 'PUT', url, { from: '2030-05-04', to: '2030-05-07', available_rooms: 2 });
      assert.equal(two.statusCode, 409);
      assert.match(two.json().message, /2030-05-05/);

      const equal = await call('owner', 'PUT', url, { from: '2030-05-01', to: '2030-05-04', available_rooms: 2 });
      assert.equal(equal.statusCode, 200, equal.body);
      assert.deepEqual(
        equal.json().data.nights.map((n: { remaining: number }) => n.remaining),
        [2, 2, 0, 2],
      );
      // Price and stop-sell never clash with bookings.
      const price = await call('owner', 'PUT', url, {
        from: '2030-05-05',
        to: '2030-05-05',
        price: 99,
        stop_sell: true,
      });
      assert.equal(price.statusCode, 200, price.body);
      assert.deepEqual(price.json().data.nights[0], {
        date: '2030-05-05',
        price: 99,
        available_rooms: 3,
        booked: 3,
        remaining: 0,
        stop_sell: true,
      });
    });

    it("checks the bookings of a booking committed while the change waits for the night's row (409)", async () => {
      const { p, rt, url } = await roomSetup();
      await setBooked(t, p.id, rt.id, '2030-08-02', 1);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const lockedNow = new Promise<void>((r) => (locked = r));
      // A booking as the reservations module makes it: a conditional increment on the locked row.
      const booking = t.deps.db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE property_nights SET booked = booked + 1 WHERE property_id = ${p.id} AND room_type_id = ${rt.id} AND night = '2030-08-02' AND booked + 1 <= 3`,
        );
        locked();
        await gate;
      });
      await lockedNow;
      const change = call('owner', 'PUT', url, { from: '2030-08-01', to: '2030-08-03', available_rooms: 1 });
      await new Promise((r) => setTimeout(r, 200));
      release();
      await booking;
      const res = await change;
      assert.equal(res.statusCode, 409, res.body);
      assert.match(res.json().message, /2 booked on 2030-08-02/);
      assert.deepEqual(
        (await nightRows(t, p.id, rt.id)).map((r) => [r.night, r.availableRooms, r.booked]),
        [['2030-08-02', null, 2]],
      );
    });

    it('lets the owner and an admin write; anyone who may see the listing reads', async () => {
      const { url } = await roomSetup();
      const write: Record<Who, number> = {
        anonymous: 401,
        client: 403,
        otherOwner: 403,
        support: 403,
        owner: 200,
        admin: 200,
      };
      for (const [who, status] of Object.entries(write)) {
        assert.equal(
          (await call(who as Who, 'PUT', url, { from: '2030-02-01', to: '2030-02-01', price: 1 })).statusCode,
          status,
          `PUT ${who}`,
        );
        assert.equal((await call(who as Who, 'GET', url)).statusCode, 200, `GET ${who}`);
      }
      const hidden = await roomSetup({ status: 'inactive' });
      const read: Record<Who, number> = {
        anonymous: 404,
        client: 404,
        otherOwner: 404,
        support: 200,
        owner: 200,
        admin: 200,
      };
      for (const [who, status] of Object.entries(read)) {
        assert.equal((await call(who as Who, 'GET', hidden.url)).statusCode, status, `GET hidden ${who}`);
      }
      assert.equal(
        (await call('otherOwner', 'PUT', hidden.url, { from: '2030-02-01', to: '2030-02-01', price: 1 })).statusCode,
        404,
      );
    });

    it('answers 404 for a room type of another listing', async () => {
      const a = await roomSetup();
      const b = await roomSetup();
      const url = `/properties/${a.p.id}/room-types/${b.rt.id}/calendar`;
      assert.equal((await call('owner', 'GET', url)).statusCode, 404);
      assert.equal(
        (await call('owner', 'PUT', url, { from: '2030-02-01', to: '2030-02-01', price: 1 })).statusCode,
        404,
      );
      assert.equal((await nightRows(t, b.p.id, b.rt.id)).length, 0);
    });
  });

  describe('listing sold as one unit', () => {
    it('is priced at price_per_night with one unit, and takes overrides of 0 or 1 unit', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      const url = `/properties/${p.id}/calendar`;
      const read = await call('anonymous', 'GET', `${url}?from=2030-06-01&to=2030-06-02`);
      assert.equal(read.statusCode, 200, read.body);
      assert.deepEqual(read.json().data, {
        property_id: p.id,
        room_type_id: null,
        currency: 'EUR',
        from: '2030-06-01',
        to: '2030-06-02',
        nights: [
          { date: '2030-06-01', price: 120, available_rooms: 1, booked: 0, remaining: 1, stop_sell: false },
          { date: '2030-06-02', price: 120, available_rooms: 1, booked: 0, remaining: 1, stop_sell: false },
        ],
      });
      const res = await call('owner', 'PUT', url, {
        from: '2030-06-02',
        to: '2030-06-03',
        available_rooms: 0,
        price: 150,
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(
        res
          .json()
          .data.nights.map((n: { available_rooms: number; remaining: number; price: number }) => [
            n.price,
            n.available_rooms,
            n.remaining,
          ]),
        [
          [150, 0, 0],
          [150, 0, 0],
        ],
      );
      assert.equal((await nightRows(t, p.id, 0)).length, 2);
      const two = await call('owner', 'PUT', url, { from: '2030-06-02', to: '2030-06-03', available_rooms: 2 });
      assert.equal(two.statusCode, 422);
      assert.ok(two.json().errors.available_rooms);
    });

    it('keeps a booked night open (409) and checks callers as for a room type', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      const url = `/properties/${p.id}/calendar`;
      await setBooked(t, p.id, 0, '2030-07-02', 1);
      const res = await call('admin', 'PUT', url, { from: '2030-07-01', to: '2030-07-03', available_rooms: 0 });
      assert.equal(res.statusCode, 409, res.body);
      assert.match(res.json().message, /2030-07-02/);
      assert.equal((await nightRows(t, p.id, 0)).length, 1);
      const write: Record<Who, number> = {
        anonymous: 401,
        client: 403,
        otherOwner: 403,
        support: 403,
        owner: 200,
        admin: 200,
      };
      for (const [who, status] of Object.entries(write)) {
        assert.equal(
          (await call(who as Who, 'PUT', url, { from: '2030-07-05', to: '2030-07-05', stop_sell: true })).statusCode,
          status,
          who,
        );
      }
      const draft = await createProperty(t.deps, c.users.owner.id, { status: 'draft' });
      assert.equal((await call('client', 'GET', `/properties/${draft.id}/calendar`)).statusCode, 404);
      assert.equal((await call('owner', 'GET', `/properties/${draft.id}/calendar`)).statusCode, 200);
    });

    it('does not exist once the listing has room types (409)', async () => {
      const { p } = await roomSetup();
      assert.equal((await call('anonymous', 'GET', `/properties/${p.id}/calendar`)).statusCode, 409);
      const res = await call('owner', 'PUT', `/properties/${p.id}/calendar`, {
        from: '2030-06-01',
        to: '2030-06-01',
        price: 1,
      });
      assert.equal(res.statusCode, 409);
      assert.equal((await nightRows(t, p.id, 0)).length, 0);
    });
  });
});
