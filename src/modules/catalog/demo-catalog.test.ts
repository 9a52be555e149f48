import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, loginAs } from '../../../test/helpers/factories.ts';
import { countRows } from '../../../test/helpers/catalog-factories.ts';
import { properties, propertyCommodities, ratePlans, roomTypes } from '../../db/schema/index.ts';
import { SECOND_OWNER, seedDemoCatalog } from '../../../scripts/seed-demo-catalog.ts';
import { usersRepository } from '../users/users.repository.ts';

describe('demo catalogue (npm run seed:demo)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('refuses to run before the demo accounts exist', async () => {
    await assert.rejects(seedDemoCatalog(t.deps), /owner@demo\.stays\.test/);
  });

  it('creates a varied catalogue for two owners, once', async () => {
    const owner = await createUser(t.deps, { role: 'owner', email: 'owner@demo.stays.test', username: 'demo_owner' });
    const first = await seedDemoCatalog(t.deps);
    assert.equal(first.created, true);
    const second = (await usersRepository(t.deps.db).findByEmail(SECOND_OWNER.email))!;
    assert.equal(second.role, 'owner');
    await loginAs(t.app, second, SECOND_OWNER.password);

    const rows = await t.deps.db
      .select()
      .from(properties)
      .where(inArray(properties.ownerId, [owner.id, second.id]));
    const active = rows.filter((p) => p.status === 'active');
    assert.ok(active.length >= 12, `active: ${active.length}`);
    assert.equal(rows.filter((p) => p.status === 'draft').length, 1);
    assert.equal(rows.filter((p) => p.status === 'inactive').length, 1);
    assert.ok(rows.some((p) => p.ownerId === owner.id) && rows.some((p) => p.ownerId === second.id));
    assert.ok(new Set(active.map((p) => p.countryCode)).size >= 6);
    assert.ok(new Set(active.map((p) => p.typeId)).size >= 6);
    assert.ok(new Set(active.map((p) => p.currencyCode)).size >= 5);
    const tokyo = active.find((p) => p.currencyCode === 'JPY' && p.publicName === 'Shinjuku city hotel')!;
    assert.equal(tokyo.pricePerNight, 18000, 'JPY has no minor units');
    assert.equal(active.find((p) => p.publicName === 'Sunny loft in Le Marais')!.pricePerNight, 14500);
    for (const p of active) {
      assert.ok(
        p.publicName && p.description && p.description.length >= 20 && p.capacity && p.checkInTime && p.pricePerNight,
        p.publicName ?? '',
      );
      assert.deepEqual(p.completedSteps, [1, 2, 3, 4, 5, 6, 7, 8]);
    }
    const ids = rows.map((p) => p.id);
    assert.ok(
      (await t.deps.db.select().from(propertyCommodities).where(inArray(propertyCommodities.propertyId, ids))).length >=
        50,
    );
    const rts = await t.deps.db.select().from(roomTypes).where(inArray(roomTypes.propertyId, ids));
    assert.ok(rts.length >= 4);
    const plans = await t.deps.db
      .select()
      .from(ratePlans)
      .where(
        inArray(
          ratePlans.roomTypeId,
          rts.map((r) => r.id),
        ),
      );
    assert.ok(plans.length >= rts.length);
    for (const plan of plans) {
      for (const arr of [
        plan.maxStay,
        plan.minStayArrival,
        plan.closedToArrival,
        plan.closedToDeparture,
        plan.stopSell,
      ])
        assert.equal(arr.length, 7);
      const property = rows.find((p) => p.id === rts.find((r) => r.id === plan.roomTypeId)!.propertyId)!;
      assert.equal(plan.currency, property.currencyCode);
    }
    for (const table of ['seasons', 'offers', 'packages', 'services', 'promo_codes'])
      assert.ok((await countRows(t.deps, table)) >= 2, table);
    assert.ok((await countRows(t.deps, 'property_nights')) >= 2);
    assert.equal(first.listings.length, rows.length);

    const before = await Promise.all(
      ['properties', 'room_types', 'rate_plans', 'property_nights', 'seasons', 'users'].map((x) =>
        countRows(t.deps, x),
      ),
    );
    const again = await seedDemoCatalog(t.deps);
    assert.equal(again.created, false);
    assert.deepEqual(
      await Promise.all(
        ['properties', 'room_types', 'rate_plans', 'property_nights', 'seasons', 'users'].map((x) =>
          countRows(t.deps, x),
        ),
      ),
      before,
    );
    assert.deepEqual(again.listings, first.listings);
    assert.equal(
      (await t.deps.db.select().from(properties).where(eq(properties.ownerId, second.id))).length,
      rows.filter((p) => p.ownerId === second.id).length,
    );
  });
});
