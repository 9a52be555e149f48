// Issue 21, what we send: the listing, its room types, rate plans and nights, checked by the local
// Channex server against Channex's documentation (test/fakes/channex-*.ts), not against our
// adapter's reading of it. One test per point of the issue (2, 3, 4, 5, 6 and 8).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { PROPERTY_TYPES as CHANNEX_TYPES } from '../../../test/fakes/channex-structure.ts';
import { propertyTypes, ratePlans, roomTypes } from '../../db/schema/index.ts';
import { PROPERTY_TYPES } from '../catalog/reference-data.ts';
import { linkRequestedProperties } from './link-property.ts';
import { pushChannelChanges } from './push-channel-changes.ts';
import {
  call,
  calls,
  day,
  drain,
  propertyRow,
  ratePlanRow,
  reloginOwner,
  roomTypeRow,
  setUp,
  statusData,
  sync,
  tearDown,
  type Ctx,
} from './channel-outbound.test-support.ts';

describe('what we send to Channex, checked against its documentation (issue 21)', () => {
  let c: Ctx;
  before(async () => {
    c = await setUp();
  });
  after(() => tearDown(c));

  /** A listing of a type both old and new mappings send as documented, so each test fails for its own point only. */
  const listing = async () => {
    const [apartment] = await c.t.deps.db.select().from(propertyTypes).where(eq(propertyTypes.name, 'Apartment'));
    return createProperty(c.t.deps, c.ownerId, { typeId: apartment!.id });
  };
  const remotePlan = async (id: number) => c.fake.ratePlans.get((await ratePlanRow(c, id)).channelRatePlanId!)!;
  /** The push job's run: links waiting listings, then pushes (the per-minute budget renewed first). */
  const job = async (propertyId: number) => {
    await drain(c);
    await linkRequestedProperties(c.t.deps);
    c.t.clock.advance(61_000);
    return pushChannelChanges(c.t.deps, propertyId);
  };

  it('2. links a listing of every seeded property type with a documented property_type, the contact fields and coordinates as documented, and names what is missing', async () => {
    const types = await c.t.deps.db.select().from(propertyTypes);
    const mapped: Record<string, string> = {};
    for (const { name } of PROPERTY_TYPES) {
      const p = await createProperty(c.t.deps, c.ownerId, {
        typeId: types.find((t) => t.name === name)!.id,
        latitude: 37.774929512,
        longitude: -122.419415549,
      });
      const res = await sync(c, p.id);
      assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
      const remoteId = (await propertyRow(c, p.id)).channelPropertyId!;
      const remote = c.fake.properties.get(remoteId)!;
      assert.deepEqual(
        c.fake.missingForChannelConnection(remoteId),
        [],
        `${name}: every field Channex needs before a channel connection`,
      );
      assert.deepEqual(
        [remote.country, remote.latitude, remote.longitude, remote.email, remote.zip_code, remote.city],
        ['FR', '37.7749295', '-122.4194155', 'host@example.test', '75001', 'Paris'],
      );
      mapped[name] = remote.property_type;
    }
    assert.ok(Object.values(mapped).every((v) => (CHANNEX_TYPES as readonly string[]).includes(v)));
    assert.deepEqual(mapped, {
      Apartment: 'apartment',
      House: 'holiday_home',
      Villa: 'villa',
      Studio: 'apartment',
      Loft: 'apartment',
      'Guest house': 'guest_house',
      'Bed and breakfast': 'guest_house',
      'Hotel room': 'hotel',
      Cabin: 'lodge',
      Chalet: 'chalet',
      Cottage: 'country_house',
      Townhouse: 'holiday_home',
      Riad: 'riad',
    });

    const bare = await createProperty(c.t.deps, c.ownerId);
    const refused = await sync(c, bare.id, 'owner', {});
    assert.equal(refused.statusCode, 409, refused.body);
    assert.match(refused.json().message, /phone.*zip code.*state/i);
    assert.deepEqual((await statusData(c, bare.id)).missing_for_link.length > 0, true);
  });

  it("3. gives two room types' rate plans of the same name unique titles there, and keeps ours", async () => {
    const p = await listing();
    const a = await createRoomType(c.t.deps, p.id);
    const b = await createRoomType(c.t.deps, p.id);
    const res = await sync(c, p.id);
    assert.equal(res.statusCode, 200, res.body);
    const titles = [(await remotePlan(a.ratePlan.id)).title, (await remotePlan(b.ratePlan.id)).title];
    assert.notEqual(titles[0], titles[1]);
    assert.deepEqual(titles, [`Standard (${a.roomType.title})`, `Standard (${b.roomType.title})`]);
    assert.deepEqual(
      [(await ratePlanRow(c, a.ratePlan.id)).title, (await ratePlanRow(c, b.ratePlan.id)).title],
      ['Standard', 'Standard'],
    );
  });

  it('4. sends a per-person rate plan with one priced option per possible count of adults, and its nightly rates per count', async () => {
    const p = await listing();
    const { roomType, ratePlan } = await createRoomType(c.t.deps, p.id, { price: 4_000 });
    await c.t.deps.db.update(roomTypes).set({ occAdults: 3, capacity: 3 }).where(eq(roomTypes.id, roomType.id));
    await c.t.deps.db.update(ratePlans).set({ sellMode: 'per_person' }).where(eq(ratePlans.id, ratePlan.id));
    const res = await sync(c, p.id);
    assert.equal(res.statusCode, 200, res.body);
    const plan = await remotePlan(ratePlan.id);
    assert.equal(plan.sell_mode, 'per_person');
    assert.deepEqual(
      plan.options.map((o: any) => [o.occupancy, o.rate]),
      [
        [1, '40.00'],
        [2, '80.00'],
        [3, '120.00'],
      ],
    );
    assert.equal(plan.options.filter((o: any) => o.is_primary).length, 1);
    const remoteId = (await ratePlanRow(c, ratePlan.id)).channelRatePlanId!;
    assert.deepEqual(c.fake.restrictions.get(`${remoteId}|${day(30)}`)!.rates, { 1: '40.00', 2: '80.00', 3: '120.00' });
  });

  it('5. sends rate plans whose rate mode is auto or derived in a documented mode, every option priced', async () => {
    const p = await listing();
    const auto = await createRoomType(c.t.deps, p.id, { price: 7_000 });
    const derived = await createRoomType(c.t.deps, p.id, { price: 8_000 });
    await c.t.deps.db.update(ratePlans).set({ rateMode: 'auto' }).where(eq(ratePlans.id, auto.ratePlan.id));
    await c.t.deps.db.update(ratePlans).set({ rateMode: 'derived' }).where(eq(ratePlans.id, derived.ratePlan.id));
    const res = await sync(c, p.id);
    assert.equal(res.statusCode, 200, res.body);
    for (const [id, rate] of [
      [auto.ratePlan.id, '70.00'],
      [derived.ratePlan.id, '80.00'],
    ] as const) {
      const plan = await remotePlan(id);
      assert.deepEqual([plan.rate_mode, plan.options.map((o: any) => o.rate)], ['manual', [rate]]);
    }
    assert.equal((await ratePlanRow(c, auto.ratePlan.id)).rateMode, 'auto', 'ours is kept');
  });

  it('8. sends only changes: linking right after adding a room type is one full sync of 500 days, and a renamed rate plan is one PUT', async () => {
    const p = await listing();
    const rt = (
      await call(
        c,
        'POST',
        `/properties/${p.id}/room-types`,
        { title: 'Twin', count_of_rooms: 2, occ_adults: 2, capacity: 2 },
        201,
      )
    ).data;
    const rp = (
      await call(
        c,
        'POST',
        `/properties/${p.id}/room-types/${rt.id}/rate-plans`,
        { title: 'Best available', price: 100 },
        201,
      )
    ).data;
    c.fake.calls.length = 0;
    assert.equal((await sync(c, p.id)).statusCode, 200);
    c.t.clock.advance(9_000);
    await job(p.id);
    const remoteRt = (await roomTypeRow(c, rt.id)).channelRoomTypeId!;
    const av = calls(c, 'POST', '/availability');
    assert.equal(av.length, 1, 'one availability call: the full sync');
    assert.equal(calls(c, 'POST', '/restrictions').length, 1, 'one restrictions call: the full sync');
    assert.deepEqual(
      av[0]!.body.values.filter((v: any) => v.room_type_id === remoteRt).map((v: any) => [v.date_from, v.date_to]),
      [[day(0), day(499)]],
    );
    assert.deepEqual(c.fake.violations, []);

    c.t.clock.advance(600_000);
    c.fake.calls.length = 0;
    await call(
      c,
      'PUT',
      `/properties/${p.id}/room-types/${rt.id}/rate-plans/${rp.id}`,
      { title: 'Best available rate' },
      200,
    );
    await job(p.id);
    const remoteRp = (await ratePlanRow(c, rp.id)).channelRatePlanId!;
    assert.deepEqual(
      c.fake.calls.map((x) => `${x.method} ${x.path}`),
      [`PUT /rate_plans/${remoteRp}`],
    );
    assert.equal(c.fake.ratePlans.get(remoteRp)!.title, 'Best available rate (Twin)');
    assert.deepEqual(c.fake.violations, []);
  });
  // Last: it moves the clock days ahead (the file's tokens expire).
  it('6. never sends a price of 0 (the night is closed instead) nor a night already past', async () => {
    const p = await listing();
    const { roomType, ratePlan } = await createRoomType(c.t.deps, p.id, { price: 9_000 });
    assert.equal((await sync(c, p.id)).statusCode, 200);
    const plan = (await ratePlanRow(c, ratePlan.id)).channelRatePlanId!;
    await call(
      c,
      'PUT',
      `/properties/${p.id}/room-types/${roomType.id}/calendar`,
      { from: day(10), to: day(12), price: 0 },
      200,
    );
    assert.deepEqual(await job(p.id), ['pushed']);
    assert.deepEqual(
      [10, 11, 12].map((n) => c.fake.restrictions.get(`${plan}|${day(n)}`)!.stop_sell),
      [true, true, true],
    );
    assert.equal(
      c.fake.restrictions.get(`${plan}|${day(11)}`)!.rate,
      '90.00',
      'the night is closed, its last price kept',
    );
    assert.equal(
      calls(c, 'POST', '/restrictions')
        .flatMap((x) => x.body.values)
        .some((v: any) => v.rate !== undefined && Number(v.rate) === 0),
      false,
    );

    // Changed while pushes were held back (a 429, an outage): by the push, two of those nights are past.
    c.fake.calls.length = 0;
    await call(
      c,
      'PUT',
      `/properties/${p.id}/room-types/${roomType.id}/calendar`,
      { from: day(3), to: day(6), price: 95 },
      200,
    );
    await drain(c);
    c.t.clock.advance(5 * 86_400_000);
    await reloginOwner(c);
    assert.deepEqual(await job(p.id), ['pushed']);
    const sent = calls(c, 'POST', '/restrictions').flatMap((x) => x.body.values);
    assert.ok(
      sent.every((v: any) => (v.date ?? v.date_from) >= day(5)),
      JSON.stringify(sent),
    );
    assert.deepEqual(
      [5, 6].map((n) => c.fake.restrictions.get(`${plan}|${day(n)}`)!.rate),
      ['95.00', '95.00'],
    );
    const s = await statusData(c, p.id);
    assert.deepEqual([s.failures, s.last_push.restrictions.ok], [[], true]);
  });
});
