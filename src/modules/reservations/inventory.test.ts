// The inventory guarantee under real concurrency: on PostgreSQL every attempt runs in its own
// transaction on its own pooled connection, so the conditional updates really race.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { onPostgres } from '../../../test/helpers/test-database.ts';
import { inventoryRepository, type UnitNights } from './inventory.repository.ts';
import { propertyNights } from '../../db/schema/index.ts';
import { rounds } from '../../../test/helpers/rounds.ts';

class Full extends Error {}

describe('inventory holds', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  // One booking attempt: its own transaction, rolled back when any night is full.
  const attempt = (u: UnitNights) =>
    t.deps.db
      .transaction(async (tx) => {
        if (!(await inventoryRepository(tx).hold(u))) throw new Full();
        return true;
      })
      .catch((err) => {
        if (err instanceof Full) return false;
        throw err;
      });

  it('sells each night at most its count, half-open stays sharing a turnover day', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    const unit = { propertyId: p.id, roomTypeId: 0, count: 1, defaultAvailable: 1 };
    assert.equal(await attempt({ ...unit, checkin: '2031-05-01', checkout: '2031-05-04' }), true);
    assert.equal(
      await attempt({ ...unit, checkin: '2031-05-03', checkout: '2031-05-05' }),
      false,
      'overlaps the night of the 3rd',
    );
    assert.equal(
      await attempt({ ...unit, checkin: '2031-05-04', checkout: '2031-05-06' }),
      true,
      'check-out day is free',
    );
    const booked = await inventoryRepository(t.deps.db).bookedByNight(p.id, 0, '2031-05-01', '2031-05-06');
    assert.deepEqual([...booked.entries()].sort(), [
      ['2031-05-01', 1],
      ['2031-05-02', 1],
      ['2031-05-03', 1],
      ['2031-05-04', 1],
      ['2031-05-05', 1],
    ]);
  });

  it('a failed hold leaves no night changed', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    const unit = { propertyId: p.id, roomTypeId: 0, count: 1, defaultAvailable: 1 };
    assert.equal(await attempt({ ...unit, checkin: '2031-06-05', checkout: '2031-06-06' }), true);
    assert.equal(await attempt({ ...unit, checkin: '2031-06-01', checkout: '2031-06-10' }), false);
    const booked = await inventoryRepository(t.deps.db).bookedByNight(p.id, 0, '2031-06-01', '2031-06-10');
    assert.equal(
      [...booked.values()].reduce((a, b) => a + b, 0),
      1,
    );
  });

  it('respects stop-sell and per-night availability overrides', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    const { roomType } = await createRoomType(t.deps, p.id, { countOfRooms: 3 });
    const unit = { propertyId: p.id, roomTypeId: roomType.id, defaultAvailable: 3 };
    assert.equal(await attempt({ ...unit, count: 3, checkin: '2031-07-01', checkout: '2031-07-03' }), true);
    assert.equal(await attempt({ ...unit, count: 1, checkin: '2031-07-02', checkout: '2031-07-03' }), false);
    await t.deps.db
      .insert(propertyNights)
      .values({ propertyId: p.id, roomTypeId: roomType.id, night: '2031-07-05', stopSell: true });
    assert.equal(
      await attempt({ ...unit, count: 1, checkin: '2031-07-04', checkout: '2031-07-06' }),
      false,
      'stop-sell night',
    );
  });

  it('release gives the nights back', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    const stay = { propertyId: p.id, roomTypeId: 0, count: 1, checkin: '2031-08-01', checkout: '2031-08-03' };
    assert.equal(await attempt({ ...stay, defaultAvailable: 1 }), true);
    assert.equal(await inventoryRepository(t.deps.db).release(stay), 2);
    assert.equal(await attempt({ ...stay, defaultAvailable: 1 }), true);
  });

  it('50 concurrent attempts at the last unit: exactly one wins, every round', async (tc) => {
    if (!onPostgres)
      tc.diagnostic('PGlite runs one transaction at a time, so this only proves the logic; CI races it on PostgreSQL');
    const owner = await createUser(t.deps, { role: 'owner' });
    for (let round = 0; round < rounds(5); round++) {
      const p = await createProperty(t.deps, owner.id);
      const wins = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          // Identical and overlapping (not identical) stays over the same last unit.
          const start = 10 + (i % 3);
          return attempt({
            propertyId: p.id,
            roomTypeId: 0,
            count: 1,
            defaultAvailable: 1,
            checkin: `2031-09-${start}`,
            checkout: `2031-09-${start + 3}`,
          });
        }),
      );
      const booked = await inventoryRepository(t.deps.db).bookedByNight(p.id, 0, '2031-09-01', '2031-09-30');
      assert.ok(
        [...booked.values()].every((n) => n <= 1),
        `round ${round}: a night sold twice`,
      );
      assert.ok(wins.filter(Boolean).length >= 1, `round ${round}: nobody won`);
      // 10–13, 11–14 and 12–15 all share nights 12: only one of the 50 can hold it.
      assert.equal(wins.filter(Boolean).length, 1, `round ${round}`);
    }
  });
});
