import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createProperty, createPropertyType, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { actors, day, getter, idsOf, night, type Actors } from './property-search.test-support.ts';

describe('search by dates and guests: a unit free on every night of [checkin, checkout)', () => {
  let t: TestApp;
  let a: Actors;
  let get: ReturnType<typeof getter>;
  const stay = (type: number, from: number, to: number, guests?: number) =>
    idsOf(
      get(
        `/api/properties/public?type=${type}&checkin_date=${day(t, from)}&checkout_date=${day(t, to)}${guests ? `&guests=${guests}` : ''}`,
      ),
    );

  before(async () => {
    t = await createTestApp();
    a = await actors(t);
    get = getter(t);
  });
  after(() => t.close());

  it('a listing without room types is one unit: a booked night inside the stay excludes it, the check-out day does not', async () => {
    const type = await createPropertyType(t.deps);
    const single = (await createProperty(t.deps, a.users.owner.id, { typeId: type, capacity: 4 })).id;
    await night(t, single, day(t, 12), { booked: 1 });
    assert.deepEqual(await stay(type, 10, 13), [], 'night 12 is taken');
    assert.deepEqual(await stay(type, 12, 14), [], 'first night taken');
    assert.deepEqual(await stay(type, 10, 12), [single], 'leaving on day 12: the night before is the last one');
    assert.deepEqual(await stay(type, 13, 15), [single], 'arriving the day after');
    assert.deepEqual(await stay(type, 10, 12, 4), [single], 'capacity holds 4');
    assert.deepEqual(await stay(type, 10, 12, 5), [], 'not 5');
  });

  it('stop-sell and available_rooms on the whole listing are honoured; rows of other listings do not matter', async () => {
    const type = await createPropertyType(t.deps);
    const stopped = (await createProperty(t.deps, a.users.owner.id, { typeId: type })).id;
    const closed = (await createProperty(t.deps, a.users.owner.id, { typeId: type })).id;
    const priced = (await createProperty(t.deps, a.users.owner.id, { typeId: type })).id;
    await night(t, stopped, day(t, 30), { stopSell: true });
    await night(t, closed, day(t, 31), { availableRooms: 0 });
    await night(t, priced, day(t, 30), { availableRooms: null, booked: 0 });
    assert.deepEqual(await stay(type, 29, 32), [priced]);
    assert.deepEqual(await stay(type, 31, 32), [priced, stopped]);
    assert.deepEqual(await stay(type, 32, 33), [priced, closed, stopped]);
  });

  it('with room types, one room type must hold the guests and have a unit left on every night', async () => {
    const type = await createPropertyType(t.deps);
    const hotel = (await createProperty(t.deps, a.users.owner.id, { typeId: type, capacity: 1 })).id;
    const { roomType: twin } = await createRoomType(t.deps, hotel, { countOfRooms: 2, capacity: 2 });
    const { roomType: family } = await createRoomType(t.deps, hotel, { countOfRooms: 1, capacity: 4 });
    await night(t, hotel, day(t, 20), { roomTypeId: twin.id, booked: 2 }); // twin sold out on day 20
    await night(t, hotel, day(t, 21), { roomTypeId: family.id, stopSell: true }); // family closed on day 21
    // The whole-listing row is not how a listing with room types is sold: it is ignored.
    await night(t, hotel, day(t, 20), { roomTypeId: 0, booked: 1 });

    assert.deepEqual(await stay(type, 20, 21, 2), [hotel], 'family room free on day 20');
    assert.deepEqual(
      await stay(type, 20, 21, 3),
      [hotel],
      "family room holds 3; the listing's own capacity (1) does not count",
    );
    assert.deepEqual(await stay(type, 20, 22, 3), [], 'family room closed on day 21, twin too small');
    assert.deepEqual(
      await stay(type, 20, 22, 2),
      [],
      'no single room type free both nights (twin full on 20, family closed on 21)',
    );
    assert.deepEqual(await stay(type, 21, 23, 2), [hotel], 'twin free from day 21');
    assert.deepEqual(await stay(type, 21, 22, 5), [], 'nobody holds 5');

    // available_rooms overrides count_of_rooms for that night.
    await night(t, hotel, day(t, 25), { roomTypeId: twin.id, availableRooms: 3, booked: 2 });
    await night(t, hotel, day(t, 25), { roomTypeId: family.id, availableRooms: 0 });
    await night(t, hotel, day(t, 26), { roomTypeId: twin.id, availableRooms: 1, booked: 1 });
    assert.deepEqual(await stay(type, 25, 26, 2), [hotel], 'twin: 3 available, 2 booked');
    assert.deepEqual(await stay(type, 25, 26, 3), [], 'family: 0 available');
    assert.deepEqual(await stay(type, 26, 27, 2), [hotel], 'family free on 26');
    assert.deepEqual(await stay(type, 25, 27, 2), [], 'twin full on 26, family closed on 25');
  });

  it('guests without dates keeps listings one of whose units holds them', async () => {
    const type = await createPropertyType(t.deps);
    const small = (await createProperty(t.deps, a.users.owner.id, { typeId: type, capacity: 2 })).id;
    const big = (await createProperty(t.deps, a.users.owner.id, { typeId: type, capacity: 6 })).id;
    const rooms = (await createProperty(t.deps, a.users.owner.id, { typeId: type, capacity: 1 })).id;
    await createRoomType(t.deps, rooms, { capacity: 3 });
    const ids = (g: number) => idsOf(get(`/api/properties/public?type=${type}&guests=${g}`));
    assert.deepEqual(await ids(2), [rooms, big, small]);
    assert.deepEqual(await ids(3), [rooms, big]);
    assert.deepEqual(await ids(4), [big]);
    assert.deepEqual(await ids(7), []);
  });

  it('dates combine with the other filters and with the lists of every role', async () => {
    const type = await createPropertyType(t.deps);
    const free = (await createProperty(t.deps, a.users.owner.id, { typeId: type })).id;
    const taken = (await createProperty(t.deps, a.users.owner.id, { typeId: type })).id;
    const draft = (await createProperty(t.deps, a.users.owner.id, { typeId: type, status: 'draft' })).id;
    await night(t, taken, day(t, 40), { booked: 1 });
    const q = `type=${type}&checkin_date=${day(t, 39)}&checkout_date=${day(t, 41)}`;
    assert.deepEqual(await idsOf(get(`/api/properties?${q}`, a.tokens.owner)), [draft, free]);
    assert.deepEqual(await idsOf(get(`/api/properties/recommended?${q}`)), []);
    assert.deepEqual(await idsOf(get(`/api/properties/popular?${q}`)), [free]);
    assert.deepEqual(await idsOf(get(`/api/properties/filter?${q}&q=bright`)), [free]);
  });
});
