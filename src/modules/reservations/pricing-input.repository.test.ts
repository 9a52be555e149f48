// The listing's rules come back in one statement as jsonb arrays decoded by hand (rules()). A
// decoding slip there is a price slip everywhere, so the result is held equal, member by member,
// to what drizzle's own per-table selects return for a listing with every kind of row, including
// numerics whose scale a JSON number would drop, timestamps, jsonb and nulls.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asc, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import {
  currencies,
  offers,
  packages,
  properties,
  ratePlans,
  roomTypes,
  seasons,
  services,
} from '../../db/schema/index.ts';
import { pricingInputRepository } from './pricing-input.repository.ts';

describe('pricing input repository: the listing rules in one statement', () => {
  let t: TestApp;
  let ownerId: number;
  before(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t.deps, { role: 'owner' })).id;
  });
  after(() => t.close());

  /** What drizzle's builder reads for the listing, table by table, in rules()'s orders. */
  async function perTable(id: number) {
    const db = t.deps.db;
    const [found] = await db
      .select({ property: properties, decimals: currencies.decimals })
      .from(properties)
      .leftJoin(currencies, eq(currencies.code, properties.currencyCode))
      .where(eq(properties.id, id));
    const types = await db.select().from(roomTypes).where(eq(roomTypes.propertyId, id)).orderBy(asc(roomTypes.id));
    const plans = types.length
      ? await db
          .select()
          .from(ratePlans)
          .where(
            inArray(
              ratePlans.roomTypeId,
              types.map((x) => x.id),
            ),
          )
          .orderBy(asc(ratePlans.id))
      : [];
    return {
      property: found!.property,
      decimals: found!.decimals,
      roomTypes: types,
      ratePlans: plans,
      seasons: await db
        .select()
        .from(seasons)
        .where(eq(seasons.propertyId, id))
        .orderBy(asc(seasons.startDate), asc(seasons.id)),
      offers: await db.select().from(offers).where(eq(offers.propertyId, id)).orderBy(asc(offers.id)),
      packages: await db.select().from(packages).where(eq(packages.propertyId, id)).orderBy(asc(packages.id)),
      services: await db.select().from(services).where(eq(services.propertyId, id)).orderBy(asc(services.id)),
    };
  }

  it('reads what the per-table selects read, for a listing with every kind of row', async () => {
    const p = await createProperty(t.deps, ownerId, {
      pricing: '12.5000',
      taxRate: '7.500',
      weeklyDiscountPercent: '10.00',
      monthlyDiscountPercent: '0.50',
      checkInTime: '15:30:00',
      latitude: 48.8566,
      longitude: 2.3522,
      wifiInformations: { network: 'n', password: 'p', speed: '1' },
      someInformations: [{ key: 'k', value: 'v' }],
      channelSyncedAt: new Date('2030-01-02T03:04:05.678Z'),
    });
    // Two room types, the second with two plans, inserted out of id order on purpose.
    await createRoomType(t.deps, p.id, { price: 9000 });
    const { roomType } = await createRoomType(t.deps, p.id, { countOfRooms: 3, price: 12345 });
    await t.deps.db.insert(ratePlans).values({
      roomTypeId: roomType.id,
      title: 'Flexible',
      currency: 'EUR',
      price: 15000,
      maxStay: [0, 0, 0, 0, 0, 0, 7],
      minStayArrival: [1, 2, 1, 1, 1, 1, 1],
      closedToArrival: [true, false, false, false, false, false, false],
      closedToDeparture: [false, false, false, false, false, false, true],
      stopSell: [false, false, false, false, false, true, false],
    });
    await t.deps.db.insert(seasons).values([
      {
        propertyId: p.id,
        name: 'Late',
        startDate: '2030-07-01',
        endDate: '2030-07-31',
        reductionPercent: '12.50',
        minStay: 3,
        maxStay: null,
      },
      {
        propertyId: p.id,
        name: 'Early',
        startDate: '2030-04-01',
        endDate: '2030-04-30',
        reductionPercent: '0.00',
        minStay: null,
        maxStay: 14,
      },
    ]);
    await t.deps.db.insert(offers).values({
      propertyId: p.id,
      name: 'Long',
      discountType: 'percent',
      discountValue: '15.00',
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      minNights: 7,
    });
    await t.deps.db.insert(packages).values({ propertyId: p.id, name: 'Spa', price: 4500, isGlobal: true });
    await t.deps.db.insert(services).values([
      { propertyId: p.id, name: 'Breakfast', price: 1200, type: 'per_night' },
      { propertyId: p.id, name: 'Transfer', price: 3000, type: 'per_stay' },
    ]);

    const one = await pricingInputRepository(t.deps.db).rules(p.id);
    const expected = await perTable(p.id);
    assert.deepEqual(one, expected);
    // The members a JSON number would have changed, spelled out.
    assert.equal(one!.property.pricing, '12.5000');
    assert.equal(one!.property.taxRate, '7.500');
    assert.equal(one!.seasons[0]!.reductionPercent, '0.00');
    assert.equal(one!.offers[0]!.discountValue, '15.00');
    assert.ok(one!.property.createdAt instanceof Date);
    assert.equal(one!.property.channelSyncedAt!.toISOString(), '2030-01-02T03:04:05.678Z');
    assert.deepEqual(
      one!.ratePlans.map((x) => x.title),
      ['Standard', 'Standard', 'Flexible'],
    );
  });

  it('reads a bare listing with empty lists, a missing currency row as null decimals, and no listing as undefined', async () => {
    const p = await createProperty(t.deps, ownerId);
    await t.deps.db.update(properties).set({ currencyCode: 'XTS' }).where(eq(properties.id, p.id));
    const one = await pricingInputRepository(t.deps.db).rules(p.id);
    assert.deepEqual(one, await perTable(p.id));
    assert.equal(one!.decimals, null);
    assert.deepEqual(
      [one!.roomTypes, one!.ratePlans, one!.seasons, one!.offers, one!.packages, one!.services],
      [[], [], [], [], [], []],
    );
    assert.equal(await pricingInputRepository(t.deps.db).rules(p.id + 1_000_000), undefined);
  });
});
