// Linking listings to the channel manager and pushing their nights, through the real Channex
// adapter and the local Channex-speaking server: batching, the rate limit, retries, warnings,
// the status route and drift.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { startChannexFake, type ChannexFake } from '../../../test/fakes/channex-server.ts';
import { properties, ratePlans, roomTypes } from '../../db/schema/index.ts';
import { addDays } from '../room-types/calendar-dates.ts';
import { linkRequestedProperties } from './link-property.ts';
import { pushChannelChanges } from './push-channel-changes.ts';
import { reconcileChannel } from './reconcile-channel.ts';

const today = () => new Date().toISOString().slice(0, 10);
const day = (n: number) => addDays(today(), n);

describe('linking listings and pushing their nights (Channex)', () => {
  let fake: ChannexFake;
  let t: TestApp;
  const tok: Record<string, string> = {};
  let ownerId: number;
  before(async () => {
    fake = await startChannexFake();
    t = await createTestApp({ start: new Date(), env: { CHANNEL_MANAGER: 'channex', CHANNEX_API_BASE: fake.apiBase, CHANNEX_API_KEY: fake.apiKey, CHANNEX_CALLS_PER_MINUTE: '3' } });
    for (const role of ['owner', 'client', 'admin', 'support'] as const) {
      const u = await createUser(t.deps, { role });
      if (role === 'owner') ownerId = u.id;
      tok[role] = await loginAs(t.app, u);
    }
    tok.other = await loginAs(t.app, await createUser(t.deps, { role: 'owner' }));
  });
  after(async () => {
    await t?.close();
    await fake?.close();
  });

  const sync = (id: number, who = 'owner') => t.app.inject({ method: 'POST', url: `/api/properties/${id}/channel/sync`, headers: tok[who] ? bearer(tok[who]!) : {} });
  const status = async (id: number, who = 'owner') => t.app.inject({ method: 'GET', url: `/api/properties/${id}/channel/status`, headers: bearer(tok[who]!) });
  const posts = (path: string) => fake.calls.filter((c) => c.method === 'POST' && c.path === path);
  const remoteOf = async (id: number) => (await t.deps.db.select().from(properties).where(eq(properties.id, id)))[0]!;
  const book = async (propertyId: number, from: number, to: number) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(tok.client!), payload: { property_id: propertyId, checkin_date: day(from), checkout_date: day(to), guests: { adults: 1, children: 0 } } });
    assert.equal(res.statusCode, 201, res.body);
    await t.deps.outbox.idle();
    await t.deps.outbox.drain();
  };

  it('who may link and read the status', async () => {
    const p = await createProperty(t.deps, ownerId);
    const draft = await createProperty(t.deps, ownerId, { status: 'draft' });
    assert.equal((await sync(p.id, 'anonymous')).statusCode, 401);
    assert.equal((await sync(p.id, 'client')).statusCode, 403);
    assert.equal((await sync(p.id, 'other')).statusCode, 403);
    assert.equal((await sync(draft.id, 'other')).statusCode, 404, 'a listing the caller cannot see');
    assert.equal((await sync(999_999, 'admin')).statusCode, 404);
    assert.equal((await status(p.id, 'client')).statusCode, 403);
    assert.equal((await status(p.id, 'support')).statusCode, 200);
    assert.equal((await status(p.id, 'support')).json().data.linked, false);
    assert.equal((await sync(p.id, 'admin')).statusCode, 200);
  });

  it('answers 409 when no channel manager is configured', async () => {
    const plain = await createTestApp();
    try {
      const owner = await createUser(plain.deps, { role: 'owner' });
      const p = await createProperty(plain.deps, owner.id);
      const res = await plain.app.inject({ method: 'POST', url: `/api/properties/${p.id}/channel/sync`, headers: bearer(await loginAs(plain.app, owner)) });
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().code, 'CHANNEL_NOT_CONFIGURED');
    } finally {
      await plain.close();
    }
  });

  it('links a listing sold whole (one unit there), pushes its next 365 nights in one call per kind, and updates in place when linked again', async () => {
    const p = await createProperty(t.deps, ownerId, { pricePerNight: 15_000 });
    fake.calls.length = 0;
    const res = await sync(p.id);
    assert.equal(res.statusCode, 200, res.body);
    const row = await remoteOf(p.id);
    assert.ok(row.channelPropertyId && row.channelUnitRoomTypeId && row.channelUnitRatePlanId && row.channelSyncedAt);
    assert.equal(fake.properties.get(row.channelPropertyId!)!.currency, 'EUR');
    assert.equal(fake.roomTypes.get(row.channelUnitRoomTypeId!)!.count_of_rooms, 1);
    assert.equal(fake.ratePlans.get(row.channelUnitRatePlanId!)!.options[0].rate, '150.00');
    assert.equal(posts('/availability').length, 1);
    assert.deepEqual(posts('/availability')[0]!.body.values, [{ property_id: row.channelPropertyId, room_type_id: row.channelUnitRoomTypeId, date_from: today(), date_to: day(364), availability: 1 }]);
    assert.equal(posts('/restrictions').length, 1);
    assert.equal(fake.restrictions.get(`${row.channelUnitRatePlanId}|${day(100)}`)!.rate, '150.00');
    const data = res.json().data;
    assert.deepEqual([data.linked, data.pending_changes, data.last_push.availability.ok], [true, { availability: 0, restrictions: 0 }, true]);

    assert.equal((await sync(p.id)).statusCode, 200);
    assert.deepEqual([fake.properties.size, fake.roomTypes.has(row.channelUnitRoomTypeId!)], [fake.properties.size, true]);
    assert.equal(fake.calls.filter((c) => c.method === 'PUT' && c.path === `/properties/${row.channelPropertyId}`).length, 1, 'the second link updates');
  });

  it('links room types and rate plans with their weekday restrictions, and pushes a booking\'s nights as one range', async () => {
    const p = await createProperty(t.deps, ownerId);
    const { roomType, ratePlan } = await createRoomType(t.deps, p.id, { countOfRooms: 3, price: 9_000 });
    await t.deps.db.update(ratePlans).set({ minStayArrival: [1, 1, 1, 1, 2, 2, 1] }).where(eq(ratePlans.id, ratePlan.id));
    assert.equal((await sync(p.id)).statusCode, 200);
    const [rt] = await t.deps.db.select().from(roomTypes).where(eq(roomTypes.id, roomType.id));
    const [rp] = await t.deps.db.select().from(ratePlans).where(eq(ratePlans.id, ratePlan.id));
    assert.equal(fake.roomTypes.get(rt!.channelRoomTypeId!)!.count_of_rooms, 3);
    assert.deepEqual(fake.ratePlans.get(rp!.channelRatePlanId!)!.min_stay_arrival, [1, 1, 1, 1, 2, 2, 1]);
    const friday = Array.from({ length: 7 }, (_, i) => day(10 + i)).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 5)!;
    assert.equal(fake.restrictions.get(`${rp!.channelRatePlanId}|${friday}`)!.min_stay_arrival, 2);

    const res = await t.app.inject({
      method: 'POST', url: '/api/reservations', headers: bearer(tok.client!),
      payload: { property_id: p.id, checkin_date: day(20), checkout_date: day(23), guests: { adults: 1, children: 0 }, rooms: [{ room_type_id: roomType.id, rate_plan_id: ratePlan.id, rooms_count: 2 }] },
    });
    assert.equal(res.statusCode, 201, res.body);
    await t.deps.outbox.idle();
    await t.deps.outbox.drain();
    fake.calls.length = 0;
    await pushChannelChanges(t.deps, p.id);
    assert.deepEqual(posts('/availability').map((c) => c.body.values), [[{ property_id: (await remoteOf(p.id)).channelPropertyId, room_type_id: rt!.channelRoomTypeId, date_from: day(20), date_to: day(22), availability: 1 }]]);
    assert.equal(fake.availability.get(`${rt!.channelRoomTypeId}|${day(21)}`), 1);
    assert.equal(fake.availability.get(`${rt!.channelRoomTypeId}|${day(23)}`), 3);
  });

  it('pushes an owner\'s calendar change as restrictions, within the per-minute limit; the call past it waits for the next minute', async () => {
    const p = await createProperty(t.deps, ownerId);
    assert.equal((await sync(p.id)).statusCode, 200);
    const unitPlan = (await remoteOf(p.id)).channelUnitRatePlanId!;
    const setPrice = async (n: number, price: number) => {
      const res = await t.app.inject({ method: 'PUT', url: `/api/properties/${p.id}/calendar`, headers: bearer(tok.owner!), payload: { from: day(n), to: day(n), price } });
      assert.equal(res.statusCode, 200, res.body);
      await t.deps.outbox.idle();
      await t.deps.outbox.drain();
      return pushChannelChanges(t.deps, p.id);
    };
    // The link used one call of each kind; CHANNEX_CALLS_PER_MINUTE is 3 in this file.
    t.clock.advance(61_000);
    assert.ok((await setPrice(30, 99)).includes('pushed'));
    assert.ok((await setPrice(31, 98)).includes('pushed'));
    assert.ok((await setPrice(32, 97)).includes('pushed'));
    assert.ok((await setPrice(33, 96)).includes('rate_limited'));
    assert.equal(fake.restrictions.get(`${unitPlan}|${day(33)}`)!.rate, '120.00', 'not sent yet');
    assert.equal((await status(p.id)).json().data.pending_changes.restrictions, 1);
    t.clock.advance(61_000);
    await pushChannelChanges(t.deps, p.id);
    assert.equal(fake.restrictions.get(`${unitPlan}|${day(33)}`)!.rate, '96.00');
  });

  it('retries after 429 and 503 with backoff, loses nothing, and surfaces a 200 carrying warnings as a failure', async () => {
    const p = await createProperty(t.deps, ownerId);
    assert.equal((await sync(p.id)).statusCode, 200);
    const unit = (await remoteOf(p.id)).channelUnitRoomTypeId!;
    t.clock.advance(61_000);
    await book(p.id, 40, 42);
    fake.failNext('/availability', 429, 1, 30);
    assert.deepEqual(await pushChannelChanges(t.deps, p.id), ['failed']);
    let s = (await status(p.id)).json().data;
    assert.equal(s.pending_changes.availability, 1);
    assert.ok(s.last_push.availability.next_attempt_at && s.failures.length === 1);
    assert.deepEqual(await pushChannelChanges(t.deps, p.id), ['backing_off']);
    t.clock.advance(31_000);
    fake.failNext('/availability', 503);
    assert.deepEqual(await pushChannelChanges(t.deps, p.id), ['failed']);
    t.clock.advance(61_000);
    assert.deepEqual(await pushChannelChanges(t.deps, p.id), ['pushed']);
    assert.equal(fake.availability.get(`${unit}|${day(41)}`), 0);
    s = (await status(p.id)).json().data;
    assert.deepEqual([s.pending_changes.availability, s.failures.length, s.last_push.availability.ok], [0, 0, true]);

    t.clock.advance(61_000);
    await book(p.id, 50, 51);
    fake.warnNext('/availability', [{ warning: 'availability is above count_of_rooms', date: day(50) }]);
    assert.deepEqual(await pushChannelChanges(t.deps, p.id), ['warned']);
    s = (await status(p.id)).json().data;
    assert.equal(s.last_push.availability.ok, false);
    assert.match(s.failures[0].warnings[0], /above count_of_rooms/);
  });

  it('finds drift where the channel manager\'s availability differs, and clears it once pushed again', async () => {
    const p = await createProperty(t.deps, ownerId);
    assert.equal((await sync(p.id)).statusCode, 200);
    const unit = (await remoteOf(p.id)).channelUnitRoomTypeId!;
    fake.availability.set(`${unit}|${day(5)}`, 0);
    fake.availability.set(`${unit}|${day(6)}`, 0);
    await reconcileChannel(t.deps, p.id);
    let drift = (await status(p.id)).json().data.drift;
    assert.equal(drift.nights, 2);
    assert.deepEqual(drift.sample[0], { room_type_id: 0, night: day(5), ours: 1, remote: 0 });
    t.clock.advance(61_000);
    assert.equal((await sync(p.id)).statusCode, 200);
    await reconcileChannel(t.deps, p.id);
    drift = (await status(p.id)).json().data.drift;
    assert.equal(drift.nights, 0);
  });

  it('links a listing whose owner asked for it in step 7 (channel_sync_now) from the push job', async () => {
    const p = await createProperty(t.deps, ownerId, { channelSyncRequested: true });
    assert.ok((await linkRequestedProperties(t.deps)) >= 1);
    const row = await remoteOf(p.id);
    assert.ok(row.channelPropertyId);
    assert.equal(row.channelSyncRequested, false);
  });
});
