import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { ratePlans, roomTypes } from '../../db/schema/index.ts';
import { makeCast, nightRows, setBooked, START, type Cast, type Who } from './room-types.test-support.ts';

const body = { title: 'Double room', count_of_rooms: 3, occ_adults: 2, occ_children: 1, capacity: 3 };

describe('room types', () => {
  let t: TestApp;
  let c: Cast;
  before(async () => {
    t = await createTestApp({ start: START });
    c = await makeCast(t);
  });
  after(() => t.close());

  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: c.headers(who), ...(payload ? { payload } : {}) });

  describe('list', () => {
    it("shows a public listing's room types with their rate plans to everyone, money as numbers in the currency", async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      const { roomType, ratePlan } = await createRoomType(t.deps, p.id, { price: 9050 });
      for (const who of ['anonymous', 'client', 'otherOwner', 'owner', 'admin', 'support'] as const) {
        const res = await call(who, 'GET', `/properties/${p.id}/room-types`);
        assert.equal(res.statusCode, 200, `${who}: ${res.body}`);
        const json = res.json();
        assert.deepEqual(json.meta, { current_page: 1, per_page: 20, total: 1, last_page: 1 });
        assert.deepEqual(json.data, [
          {
            id: roomType.id,
            title: roomType.title,
            count_of_rooms: 2,
            occ_adults: 2,
            occ_children: 1,
            capacity: 3,
            rate_plans: [
              {
                id: ratePlan.id,
                title: 'Standard',
                currency: 'EUR',
                price: 90.5,
                max_stay: [0, 0, 0, 0, 0, 0, 0],
                min_stay_arrival: [1, 1, 1, 1, 1, 1, 1],
                closed_to_arrival: [false, false, false, false, false, false, false],
                closed_to_departure: [false, false, false, false, false, false, false],
                stop_sell: [false, false, false, false, false, false, false],
                sell_mode: 'per_room',
                rate_mode: 'manual',
              },
            ],
          },
        ]);
      }
    });

    it("hides a draft listing's room types from all but its owner, admin and support (404)", async () => {
      const p = await createProperty(t.deps, c.users.owner.id, { status: 'draft' });
      await createRoomType(t.deps, p.id);
      const expected: Record<Who, number> = {
        anonymous: 404,
        client: 404,
        otherOwner: 404,
        owner: 200,
        admin: 200,
        support: 200,
      };
      for (const [who, status] of Object.entries(expected)) {
        assert.equal((await call(who as Who, 'GET', `/properties/${p.id}/room-types`)).statusCode, status, who);
      }
      assert.equal((await call('anonymous', 'GET', '/properties/999999/room-types')).statusCode, 404);
    });

    it('pages with page and per_page (at most 100)', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      for (let i = 0; i < 3; i += 1) await createRoomType(t.deps, p.id);
      const res = await call('anonymous', 'GET', `/properties/${p.id}/room-types?page=2&per_page=2`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().data.length, 1);
      assert.deepEqual(res.json().meta, { current_page: 2, per_page: 2, total: 3, last_page: 2 });
      const tooMany = await call('anonymous', 'GET', `/properties/${p.id}/room-types?per_page=101`);
      assert.equal(tooMany.statusCode, 422);
      assert.ok(tooMany.json().errors.per_page);
    });
  });

  describe('create', () => {
    it('lets the owner and an admin add a room type; others get 401 / 403', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      const expected: Record<Who, number> = {
        anonymous: 401,
        client: 403,
        otherOwner: 403,
        support: 403,
        owner: 201,
        admin: 201,
      };
      for (const [who, status] of Object.entries(expected)) {
        const res = await call(who as Who, 'POST', `/properties/${p.id}/room-types`, body);
        assert.equal(res.statusCode, status, `${who}: ${res.body}`);
        if (status === 201) assert.deepEqual({ ...res.json().data, id: 0 }, { ...body, id: 0, rate_plans: [] });
      }
      assert.equal((await t.deps.db.select().from(roomTypes).where(eq(roomTypes.propertyId, p.id))).length, 2);
    });

    it('answers 404 to another owner for a listing they may not see', async () => {
      const p = await createProperty(t.deps, c.users.owner.id, { visibility: false });
      assert.equal((await call('otherOwner', 'POST', `/properties/${p.id}/room-types`, body)).statusCode, 404);
      assert.equal((await call('owner', 'POST', '/properties/999999/room-types', body)).statusCode, 404);
    });

    it('defaults occ_children to 0 and trims the title', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      const res = await call('owner', 'POST', `/properties/${p.id}/room-types`, {
        title: '  Suite ',
        count_of_rooms: 1,
        occ_adults: 2,
        capacity: 2,
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().data.title, 'Suite');
      assert.equal(res.json().data.occ_children, 0);
    });

    it('names the field of every rule broken (422) and writes nothing', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      const cases: Array<[string, object]> = [
        ['title', { ...body, title: '' }],
        ['title', { ...body, title: '   ' }],
        ['title', { ...body, title: 'x'.repeat(101) }],
        ['title', { count_of_rooms: 1, occ_adults: 1, capacity: 1 }],
        ['count_of_rooms', { ...body, count_of_rooms: 0 }],
        ['count_of_rooms', { ...body, count_of_rooms: 1.5 }],
        ['occ_adults', { ...body, occ_adults: 0 }],
        ['occ_children', { ...body, occ_children: -1 }],
        ['capacity', { ...body, capacity: 0 }],
        ['capacity', { ...body, occ_adults: 4, capacity: 3 }],
      ];
      for (const [field, payload] of cases) {
        const res = await call('owner', 'POST', `/properties/${p.id}/room-types`, payload);
        assert.equal(res.statusCode, 422, `${field}: ${JSON.stringify(payload)} → ${res.body}`);
        assert.ok(res.json().errors[field], `${field}: ${res.body}`);
      }
      assert.equal((await t.deps.db.select().from(roomTypes).where(eq(roomTypes.propertyId, p.id))).length, 0);
    });

    it('refuses the first room type while the listing is booked as a whole from today on (409), not for past stays', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      await setBooked(t, p.id, 0, '2030-01-05', 1);
      await setBooked(t, p.id, 0, '2030-02-01', 1);
      const res = await call('owner', 'POST', `/properties/${p.id}/room-types`, body);
      assert.equal(res.statusCode, 409, res.body);
      assert.match(res.json().message, /2030-02-01/);
      await setBooked(t, p.id, 0, '2030-02-01', 0);
      assert.equal((await call('owner', 'POST', `/properties/${p.id}/room-types`, body)).statusCode, 201);
    });

    it('allows at most 50 room types per listing (409)', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      await t.deps.db.insert(roomTypes).values(
        Array.from({ length: 50 }, (_, i) => ({
          propertyId: p.id,
          title: `R${i}`,
          countOfRooms: 1,
          occAdults: 1,
          capacity: 1,
        })),
      );
      assert.equal((await call('owner', 'POST', `/properties/${p.id}/room-types`, body)).statusCode, 409);
    });
  });

  describe('update', () => {
    it('changes only the members sent, for the owner and an admin; others get 401 / 403', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      const { roomType } = await createRoomType(t.deps, p.id);
      const expected: Record<Who, number> = {
        anonymous: 401,
        client: 403,
        otherOwner: 403,
        support: 403,
        owner: 200,
        admin: 200,
      };
      for (const [who, status] of Object.entries(expected)) {
        const res = await call(who as Who, 'PUT', `/properties/${p.id}/room-types/${roomType.id}`, {
          title: `By ${who}`,
        });
        assert.equal(res.statusCode, status, `${who}: ${res.body}`);
      }
      const [row] = await t.deps.db.select().from(roomTypes).where(eq(roomTypes.id, roomType.id));
      assert.equal(row!.title, 'By admin');
      assert.equal(row!.countOfRooms, 2);
      const res = await call('owner', 'PUT', `/properties/${p.id}/room-types/${roomType.id}`, { capacity: 5 });
      assert.equal(res.json().data.capacity, 5);
      assert.equal(res.json().data.rate_plans.length, 1);
    });

    it('checks the rules on the merged room type (capacity below the stored occ_adults → 422)', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      const { roomType } = await createRoomType(t.deps, p.id);
      const res = await call('owner', 'PUT', `/properties/${p.id}/room-types/${roomType.id}`, { capacity: 1 });
      assert.equal(res.statusCode, 422);
      assert.ok(res.json().errors.capacity);
      const bad = await call('owner', 'PUT', `/properties/${p.id}/room-types/${roomType.id}`, { count_of_rooms: 0 });
      assert.ok(bad.json().errors.count_of_rooms);
    });

    it('answers 404 for a room type of another listing', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      const other = await createProperty(t.deps, c.users.owner.id);
      const { roomType } = await createRoomType(t.deps, other.id);
      assert.equal(
        (await call('owner', 'PUT', `/properties/${p.id}/room-types/${roomType.id}`, { title: 'x' })).statusCode,
        404,
      );
      assert.equal((await call('owner', 'DELETE', `/properties/${p.id}/room-types/${roomType.id}`)).statusCode, 404);
    });

    it('refuses fewer rooms than a coming night has booked (409), ignores past nights, and lowers overrides above the new count', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      const { roomType } = await createRoomType(t.deps, p.id, { countOfRooms: 3 });
      await setBooked(t, p.id, roomType.id, '2030-01-01', 3);
      await setBooked(t, p.id, roomType.id, '2030-03-01', 2);
      const refused = await call('owner', 'PUT', `/properties/${p.id}/room-types/${roomType.id}`, {
        count_of_rooms: 1,
      });
      assert.equal(refused.statusCode, 409, refused.body);
      assert.match(refused.json().message, /2030-03-01/);
      const cal = await call('owner', 'PUT', `/properties/${p.id}/room-types/${roomType.id}/calendar`, {
        from: '2030-04-01',
        to: '2030-04-02',
        available_rooms: 3,
      });
      assert.equal(cal.statusCode, 200, cal.body);
      const res = await call('owner', 'PUT', `/properties/${p.id}/room-types/${roomType.id}`, { count_of_rooms: 2 });
      assert.equal(res.statusCode, 200, res.body);
      const rows = await nightRows(t, p.id, roomType.id);
      assert.deepEqual(
        rows.filter((r) => r.night >= '2030-04-01').map((r) => r.availableRooms),
        [2, 2],
      );
    });
  });

  describe('delete', () => {
    it('lets the owner and an admin delete a room type with its rate plans and calendar; others get 401 / 403', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      const a = await createRoomType(t.deps, p.id);
      const b = await createRoomType(t.deps, p.id);
      for (const who of ['anonymous', 'client', 'otherOwner', 'support'] as const) {
        const res = await call(who, 'DELETE', `/properties/${p.id}/room-types/${a.roomType.id}`);
        assert.equal(res.statusCode, who === 'anonymous' ? 401 : 403, who);
      }
      assert.equal(
        (
          await call('owner', 'PUT', `/properties/${p.id}/room-types/${a.roomType.id}/calendar`, {
            from: '2030-02-01',
            to: '2030-02-03',
            price: 50,
          })
        ).statusCode,
        200,
      );
      assert.equal((await nightRows(t, p.id, a.roomType.id)).length, 3);
      const res = await call('owner', 'DELETE', `/properties/${p.id}/room-types/${a.roomType.id}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { success: true, message: 'Room type deleted', data: null });
      assert.equal((await t.deps.db.select().from(roomTypes).where(eq(roomTypes.id, a.roomType.id))).length, 0);
      assert.equal((await t.deps.db.select().from(ratePlans).where(eq(ratePlans.roomTypeId, a.roomType.id))).length, 0);
      assert.equal((await nightRows(t, p.id, a.roomType.id)).length, 0);
      assert.equal((await call('admin', 'DELETE', `/properties/${p.id}/room-types/${b.roomType.id}`)).statusCode, 200);
      assert.equal((await call('admin', 'DELETE', `/properties/${p.id}/room-types/${b.roomType.id}`)).statusCode, 404);
    });

    it('keeps a room type that has booked nights (409)', async () => {
      const p = await createProperty(t.deps, c.users.owner.id);
      const { roomType } = await createRoomType(t.deps, p.id);
      await setBooked(t, p.id, roomType.id, '2029-12-01', 1);
      const res = await call('owner', 'DELETE', `/properties/${p.id}/room-types/${roomType.id}`);
      assert.equal(res.statusCode, 409, res.body);
      assert.equal((await t.deps.db.select().from(roomTypes).where(eq(roomTypes.id, roomType.id))).length, 1);
      assert.equal((await nightRows(t, p.id, roomType.id)).length, 1);
    });
  });
});
