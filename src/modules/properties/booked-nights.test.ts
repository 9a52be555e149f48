// The booked nights of one listing (liveParts, read for a cached detail and a booking's answer)
// are the rows the many-listing read gives for it: same nights, same "full" verdict, same year's window.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { propertyNights } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { propertyReadRepository } from './property-read.repository.ts';

// 22:30 UTC on 15 June: already 16 June east of UTC+1:30, still 15 June in UTC and westwards.
const AT = new Date('2030-06-15T22:30:00Z');

describe('booked nights of one listing', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ start: AT });
  });
  after(() => t.close());

  it('equal the many-listing read for listings with and without room types, overrides, blocks and time zones', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const db = t.deps.db;
    const ids: number[] = [];
    for (const timezone of ['UTC', 'Europe/Paris', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
      const whole = await createProperty(t.deps, owner.id, { timezone });
      const typed = await createProperty(t.deps, owner.id, { timezone });
      const a = (await createRoomType(t.deps, typed.id, { countOfRooms: 2 })).roomType.id;
      const b = (await createRoomType(t.deps, typed.id, { countOfRooms: 1 })).roomType.id;
      const empty = await createProperty(t.deps, owner.id, { timezone });
      const nights = ['2030-06-14', '2030-06-15', '2030-06-16', '2030-06-17', '2030-06-18', '2030-06-19'];
      await db.insert(propertyNights).values([
        ...nights.map((night, i) => ({
          propertyId: whole.id,
          roomTypeId: 0,
          night,
          booked: i % 3 === 0 ? 0 : 1,
          blocked: i === 3 ? 1 : 0,
          stopSell: i === 4,
        })),
        { propertyId: typed.id, roomTypeId: a, night: '2030-06-15', booked: 2 },
        { propertyId: typed.id, roomTypeId: b, night: '2030-06-15', booked: 1 },
        { propertyId: typed.id, roomTypeId: a, night: '2030-06-16', booked: 2 },
        { propertyId: typed.id, roomTypeId: b, night: '2030-06-16', booked: 0 },
        { propertyId: typed.id, roomTypeId: a, night: '2030-06-17', booked: 1, availableRooms: 1 },
        { propertyId: typed.id, roomTypeId: b, night: '2030-06-17', booked: 0, blocked: 1 },
        { propertyId: typed.id, roomTypeId: a, night: '2030-06-18', booked: 1 },
        { propertyId: typed.id, roomTypeId: 0, night: '2030-06-18', booked: 1 },
        { propertyId: typed.id, roomTypeId: b, night: '2030-06-19', booked: 1, availableRooms: 3 },
        { propertyId: empty.id, roomTypeId: 0, night: '2030-06-16', booked: 0 },
        // A row left by a room type since removed: counted as booked, never as full.
        { propertyId: whole.id, roomTypeId: 987654, night: '2030-06-20', booked: 1 },
        { propertyId: whole.id, roomTypeId: 987654, night: '2030-06-15', booked: 1 },
        // Around the end of the year's window (366 nights from each listing's today): in for some time zones, out for others.
        { propertyId: whole.id, roomTypeId: 0, night: '2031-06-16', booked: 1 },
        { propertyId: typed.id, roomTypeId: a, night: '2031-06-17', booked: 2 },
        { propertyId: typed.id, roomTypeId: b, night: '2031-06-17', booked: 1 },
      ]);
      ids.push(whole.id, typed.id, empty.id);
    }
    const repo = propertyReadRepository(db);
    const many = await repo.bookedNights(ids, AT);
    let withNights = 0;
    for (const id of ids) {
      const expected = (many.get(id) ?? []).map((n) => ({ night: n.night, full: n.full }));
      const one = await repo.liveParts(id, AT, null);
      assert.deepEqual(one.bookedNights, expected, `listing ${id}`);
      if (expected.length) withNights++;
    }
    assert.equal(withNights, 8, 'every listing but the empty ones has booked nights');
  });
});
