// Linking listings to the channel manager, through the real Channex adapter and the local
// Channex-speaking server: who may link, what is created there (and updated, never duplicated),
// a failure half-way, step 7's channel_sync_now, and changes of room types and rate plans.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { channelPushState, properties, ratePlans } from '../../db/schema/index.ts';
import { saveChannelContact } from './channel-contact.ts';
import { linkRequestedProperties } from './link-property.ts';
import { pushChannelChanges } from './push-channel-changes.ts';
import {
  call,
  calls,
  CONTACT,
  day,
  drain,
  propertyRow,
  ratePlanRow,
  remoteNights,
  roomTypeRow,
  setUp,
  START,
  status,
  statusData,
  sync,
  tearDown,
  TODAY,
  type Ctx,
} from './channel-outbound.test-support.ts';

describe('linking listings to the channel manager (Channex)', () => {
  let c: Ctx;
  before(async () => {
    c = await setUp();
  });
  after(() => tearDown(c));

  it('lets the owner and admins link; others get 403, or 404 when they cannot see the listing; the status is for the owner and staff only', async () => {
    const p = await createProperty(c.t.deps, c.ownerId);
    const draft = await createProperty(c.t.deps, c.ownerId, { status: 'draft' });
    assert.equal((await sync(c, p.id, 'anonymous')).statusCode, 401);
    assert.equal((await sync(c, p.id, 'client')).statusCode, 403);
    assert.equal((await sync(c, p.id, 'other')).statusCode, 403);
    assert.equal((await sync(c, p.id, 'support')).statusCode, 403);
    assert.equal((await sync(c, draft.id, 'other')).statusCode, 404, 'a listing the caller cannot see');
    assert.equal((await sync(c, 999_999, 'admin')).statusCode, 404);
    assert.equal(c.fake.calls.length, 0, 'nothing was sent for a refused caller');
    for (const who of ['client', 'other', 'anonymous'] as const)
      assert.equal((await status(c, p.id, who)).statusCode, who === 'anonymous' ? 401 : 404, who);
    for (const who of ['owner', 'admin', 'support'] as const)
      assert.equal((await status(c, p.id, who)).json().data.linked, false, who);
    assert.equal((await sync(c, p.id, 'admin')).statusCode, 200);
    assert.equal(
      (await sync(c, draft.id, 'owner')).statusCode,
      200,
      'the owner may link a draft that has a name and a country',
    );
  });

  it('answers 409 CHANNEL_NOT_CONFIGURED when no channel manager is configured, and 409 for a listing without a country', async () => {
    const plain = await createTestApp();
    try {
      const owner = await createUser(plain.deps, { role: 'owner' });
      const p = await createProperty(plain.deps, owner.id);
      const res = await plain.app.inject({
        method: 'POST',
        url: `/api/properties/${p.id}/channel/sync`,
        headers: bearer(await loginAs(plain.app, owner)),
      });
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().code, 'CHANNEL_NOT_CONFIGURED');
      assert.match(res.json().message, /no channel manager is configured/i);
    } finally {
      await plain.close();
    }
    const nowhere = await createProperty(c.t.deps, c.ownerId, { status: 'draft', countryCode: null });
    const res = await sync(c, nowhere.id);
    assert.equal(res.statusCode, 409);
    assert.match(res.json().message, /country/);
  });

  it('creates the listing, its room types and rate plans there with their attributes, keeps the ids, and pushes the next 500 nights in one call per kind', async () => {
    const p = await createProperty(c.t.deps, c.ownerId, { currencyCode: 'EUR' });
    const { roomType, ratePlan } = await createRoomType(c.t.deps, p.id, { countOfRooms: 3, price: 9_050 });
    await c.t.deps.db
      .update(ratePlans)
      .set({ minStayArrival: [1, 1, 1, 1, 2, 2, 1], closedToArrival: [false, false, false, false, false, false, true] })
      .where(eq(ratePlans.id, ratePlan.id));
    c.fake.calls.length = 0;
    const res = await sync(c, p.id);
    assert.equal(res.statusCode, 200, res.body);

    const row = await propertyRow(c, p.id);
    const rt = await roomTypeRow(c, roomType.id);
    const rp = await ratePlanRow(c, ratePlan.id);
    assert.ok(row.channelPropertyId && rt.channelRoomTypeId && rp.channelRatePlanId);
    assert.equal(row.channelSyncedAt?.toISOString(), START.toISOString());
    const remote = c.fake.properties.get(row.channelPropertyId)!;
    assert.deepEqual(
      [
        remote.title,
        remote.currency,
        remote.country,
        remote.timezone,
        remote.address,
        remote.latitude,
        remote.longitude,
      ],
      [p.publicName, 'EUR', 'FR', 'Europe/Paris', '1 Rue de Rivoli, Paris', '48.8566', '2.3522'],
    );
    assert.equal(typeof remote.property_type, 'string');
    const remoteRt = c.fake.roomTypes.get(rt.channelRoomTypeId)!;
    assert.deepEqual(
      [remoteRt.property_id, remoteRt.title, remoteRt.count_of_rooms, remoteRt.occ_adults, remoteRt.occ_children],
      [row.channelPropertyId, rt.title, 3, 2, 1],
    );
    const remoteRp = c.fake.ratePlans.get(rp.channelRatePlanId)!;
    assert.deepEqual(
      [remoteRp.room_type_id, remoteRp.sell_mode, remoteRp.rate_mode, remoteRp.options[0].rate, remoteRp.currency],
      [rt.channelRoomTypeId, 'per_room', 'manual', '90.50', 'EUR'],
    );
    assert.deepEqual(
      [remoteRp.min_stay_arrival, remoteRp.closed_to_arrival],
      [
        [1, 1, 1, 1, 2, 2, 1],
        [false, false, false, false, false, false, true],
      ],
    );

    assert.equal(calls(c, 'POST', '/availability').length, 1);
    assert.deepEqual(calls(c, 'POST', '/availability')[0]!.body.values, [
      {
        property_id: row.channelPropertyId,
        room_type_id: rt.channelRoomTypeId,
        date_from: TODAY,
        date_to: day(499),
        availability: 3,
      },
    ]);
    assert.equal(calls(c, 'POST', '/restrictions').length, 1);
    // 2031-03-14 is a Friday (min stay 2 on arrival), 2031-03-16 a Sunday (closed to arrival).
    assert.deepEqual(
      [
        c.fake.restrictions.get(`${rp.channelRatePlanId}|2031-03-14`)!.min_stay_arrival,
        c.fake.restrictions.get(`${rp.channelRatePlanId}|2031-03-13`)!.min_stay_arrival,
      ],
      [2, 1],
    );
    assert.equal(c.fake.restrictions.get(`${rp.channelRatePlanId}|2031-03-16`)!.closed_to_arrival, true);
    assert.equal(c.fake.restrictions.get(`${rp.channelRatePlanId}|${day(200)}`)!.rate, '90.50');
    const data = res.json().data;
    assert.deepEqual(
      [
        data.linked,
        data.channel_property_id,
        data.pending_changes,
        data.last_push.availability.ok,
        data.last_push.restrictions.ok,
      ],
      [true, row.channelPropertyId, { availability: 0, restrictions: 0 }, true, true],
    );

    // Linking again the same day sends nothing (nothing changed); a day later it is a full sync, updating everything in place.
    c.fake.calls.length = 0;
    const sizes = [c.fake.properties.size, c.fake.roomTypes.size, c.fake.ratePlans.size];
    assert.equal((await sync(c, p.id)).statusCode, 200);
    assert.equal(c.fake.calls.length, 0, JSON.stringify(c.fake.calls));
    await c.t.deps.db
      .update(channelPushState)
      .set({ fullSyncAt: new Date(START.getTime() - 24 * 3600_000) })
      .where(eq(channelPushState.propertyId, p.id));
    assert.equal((await sync(c, p.id)).statusCode, 200);
    assert.deepEqual(
      [c.fake.properties.size, c.fake.roomTypes.size, c.fake.ratePlans.size],
      sizes,
      'nothing duplicated',
    );
    assert.deepEqual(
      c.fake.calls.map((x) => `${x.method} ${x.path}`),
      [
        `PUT /properties/${row.channelPropertyId}`,
        `PUT /room_types/${rt.channelRoomTypeId}`,
        `PUT /rate_plans/${rp.channelRatePlanId}`,
        'POST /availability',
        'POST /restrictions',
      ],
    );
  });

  it('links a listing sold whole as one unit with one rate plan at its nightly price', async () => {
    const p = await createProperty(c.t.deps, c.ownerId, { pricePerNight: 15_000, capacity: 5 });
    assert.equal((await sync(c, p.id)).statusCode, 200);
    const row = await propertyRow(c, p.id);
    const unit = c.fake.roomTypes.get(row.channelUnitRoomTypeId!)!;
    assert.deepEqual([unit.count_of_rooms, unit.occ_adults], [1, 5]);
    assert.equal(c.fake.ratePlans.get(row.channelUnitRatePlanId!)!.options[0].rate, '150.00');
    assert.deepEqual(remoteNights(c, row.channelUnitRoomTypeId!, 0, 499), Array(500).fill(1));
    assert.equal(c.fake.restrictions.get(`${row.channelUnitRatePlanId}|${day(499)}`)!.rate, '150.00');
  });

  it('keeps what was created when a call fails half-way (503, recorded), and the retry updates it instead of creating it twice', async () => {
    const p = await createProperty(c.t.deps, c.ownerId);
    const { roomType, ratePlan } = await createRoomType(c.t.deps, p.id);
    c.fake.failNext('/rate_plans', 503);
    const before = c.fake.properties.size;
    const res = await sync(c, p.id);
    assert.equal(res.statusCode, 503, res.body);
    assert.equal(res.json().code, 'CHANNEL_UNAVAILABLE');
    const row = await propertyRow(c, p.id);
    assert.ok(
      row.channelPropertyId && (await roomTypeRow(c, roomType.id)).channelRoomTypeId,
      'the ids created before the failure are kept',
    );
    assert.equal((await ratePlanRow(c, ratePlan.id)).channelRatePlanId, null);
    let s = await statusData(c, p.id);
    assert.deepEqual([s.failures.length, s.failures[0].kind, s.link_requested], [1, 'link', true]);
    assert.match(s.failures[0].message, /Channex did not take the listing: .*Internal Server Error/);

    c.fake.calls.length = 0;
    assert.equal((await sync(c, p.id)).statusCode, 200);
    assert.equal(c.fake.properties.size, before + 1, 'one listing there, not two');
    assert.deepEqual(
      c.fake.calls.slice(0, 3).map((x) => `${x.method} ${x.path}`),
      [
        `PUT /properties/${row.channelPropertyId}`,
        `PUT /room_types/${(await roomTypeRow(c, roomType.id)).channelRoomTypeId}`,
        'POST /rate_plans',
      ],
    );
    s = await statusData(c, p.id);
    assert.deepEqual([s.failures.length, s.link_requested], [0, false]);

    await c.t.deps.db.update(properties).set({ publicName: 'Renamed flat' }).where(eq(properties.id, p.id));
    c.fake.failNext('/properties', 422);
    const refused = await sync(c, p.id);
    assert.equal(refused.statusCode, 502);
    assert.equal(refused.json().code, 'CHANNEL_REJECTED');
  });

  it('links a listing whose owner sent step 7 with channel_sync_now from the push job, retrying after a failure with backoff', async () => {
    const p = await createProperty(c.t.deps, c.ownerId, { status: 'draft', completedSteps: [1, 2, 3, 4, 5] });
    await call(c, 'POST', `/properties/${p.id}`, { channel_sync_now: true }, 200);
    // Without the contact details Channex needs, the job waits for the owner and says what to fill.
    assert.equal(await linkRequestedProperties(c.t.deps), 0);
    assert.match(
      (await statusData(c, p.id)).failures[0].message,
      /a contact phone, a zip code, a city, a state or region/,
    );
    await saveChannelContact(
      c.t.deps.db,
      p.id,
      { phone: CONTACT.phone, zipCode: CONTACT.zip_code, city: CONTACT.city, state: CONTACT.state },
      c.t.clock.now(),
    );
    await c.t.deps.db
      .update(channelPushState)
      .set({ nextAttemptAt: null })
      .where(eq(channelPushState.propertyId, p.id));
    assert.equal((await propertyRow(c, p.id)).channelSyncRequested, true);
    assert.equal((await statusData(c, p.id)).link_requested, true);

    c.fake.failNext('/properties', 503);
    assert.equal(await linkRequestedProperties(c.t.deps), 0);
    let s = await statusData(c, p.id);
    assert.deepEqual([s.linked, s.link_requested, s.failures[0]?.kind], [false, true, 'link']);
    const tried = c.fake.calls.length;
    assert.equal(await linkRequestedProperties(c.t.deps), 0, 'backing off');
    assert.equal(c.fake.calls.length, tried, 'no call while backing off');

    c.t.clock.advance(31_000);
    assert.equal(await linkRequestedProperties(c.t.deps), 1);
    await pushChannelChanges(c.t.deps, p.id);
    s = await statusData(c, p.id);
    assert.deepEqual(
      [s.linked, s.link_requested, s.failures.length, s.pending_changes],
      [true, false, 0, { availability: 0, restrictions: 0 }],
    );
    assert.equal(c.fake.availability.get(`${(await propertyRow(c, p.id)).channelUnitRoomTypeId}|${day(3)}`), 1);
  });

  it('sends new and changed rate plans and room types, and pushes what they change', async () => {
    const p = await createProperty(c.t.deps, c.ownerId);
    const { roomType, ratePlan } = await createRoomType(c.t.deps, p.id, { countOfRooms: 2, price: 8_000 });
    assert.equal((await sync(c, p.id)).statusCode, 200);
    const rt = await roomTypeRow(c, roomType.id);
    const linkAndPush = async () => {
      await drain(c);
      await linkRequestedProperties(c.t.deps);
      c.t.clock.advance(61_000);
      c.fake.calls.length = 0;
      return pushChannelChanges(c.t.deps, p.id);
    };

    // A changed rate plan: its default rate and weekday restrictions, there and on every night.
    await call(
      c,
      'PUT',
      `/properties/${p.id}/room-types/${roomType.id}/rate-plans/${ratePlan.id}`,
      { price: 85, max_stay: [0, 0, 0, 0, 0, 7, 7] },
      200,
    );
    await linkAndPush();
    const rp = (await ratePlanRow(c, ratePlan.id)).channelRatePlanId!;
    assert.equal(c.fake.ratePlans.get(rp)!.options[0].rate, '85.00');
    assert.equal(calls(c, 'POST', '/restrictions').length, 1);
    assert.deepEqual(
      [c.fake.restrictions.get(`${rp}|${day(100)}`)!.rate, c.fake.restrictions.get(`${rp}|2031-03-15`)!.max_stay],
      ['85.00', 7],
    );

    // A new rate plan is created there before its restrictions are pushed.
    const created = await call(
      c,
      'POST',
      `/properties/${p.id}/room-types/${roomType.id}/rate-plans`,
      { title: 'Non refundable', price: 70 },
      201,
    );
    await linkAndPush();
    const rp2 = (await ratePlanRow(c, created.data.id)).channelRatePlanId!;
    assert.equal(c.fake.ratePlans.get(rp2)!.room_type_id, rt.channelRoomTypeId);
    assert.equal(c.fake.restrictions.get(`${rp2}|${day(10)}`)!.rate, '70.00');

    // A new count of rooms: the room type there, then every night's availability.
    await call(c, 'PUT', `/properties/${p.id}/room-types/${roomType.id}`, { count_of_rooms: 4 }, 200);
    await linkAndPush();
    assert.equal(c.fake.roomTypes.get(rt.channelRoomTypeId!)!.count_of_rooms, 4);
    assert.equal(calls(c, 'POST', '/availability').length, 1);
    assert.deepEqual(remoteNights(c, rt.channelRoomTypeId!, 0, 364), Array(365).fill(4));
  });
});
