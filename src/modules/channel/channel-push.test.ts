// Pushing nights of linked listings to the channel manager, through the real Channex adapter and
// the local Channex-speaking server: one call per listing and kind carrying ranges, the
// per-minute limit, retries with backoff, warnings, changes arriving mid-push, two instances at
// once, and drift.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../../test/helpers/test-app.ts';
import { bearer } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { channelPendingChanges } from '../../db/schema/index.ts';
import type { ChannelManager } from '../../ports/channel-manager.ts';
import { CHANNEL_PUSH_JOB, pushChannelChanges } from './push-channel-changes.ts';
import { CHANNEL_RECONCILE_JOB, reconcileChannel } from './reconcile-channel.ts';
import { jobDefinitions } from '../../jobs/index.ts';
import { CHANNEL_PULL_JOB } from './pull-booking-revisions.ts';
import { CHANNEL_SEND_REPLIES_JOB } from './send-channel-replies.ts';
import {
  call,
  calls,
  day,
  drain,
  guest,
  propertyRow,
  remoteNights,
  roomTypeRow,
  setUp,
  statusData,
  sync,
  tearDown,
  type Ctx,
} from './channel-outbound.test-support.ts';

describe('pushing availability and rates to the channel manager (Channex)', () => {
  let c: Ctx;
  before(async () => {
    c = await setUp();
  });
  after(() => tearDown(c));

  it('schedules the channel jobs with a channel manager (without one there are none: src/platform/metrics.test.ts)', () => {
    const names = jobDefinitions(c.t.deps, c.t.deps.outbox).map((j) => j.name);
    for (const job of [CHANNEL_PULL_JOB, CHANNEL_SEND_REPLIES_JOB, CHANNEL_PUSH_JOB, CHANNEL_RECONCILE_JOB])
      assert.ok(names.includes(job), `${job} is not scheduled: ${names.join(', ')}`);
  });

  /** A linked listing; the link's own calls are a minute old, so the per-minute budget is whole. */
  const linked = async (rooms?: number) => {
    const p = await createProperty(c.t.deps, c.ownerId);
    const made = rooms ? await createRoomType(c.t.deps, p.id, { countOfRooms: rooms }) : null;
    const rt = made?.roomType ?? null;
    assert.equal((await sync(c, p.id)).statusCode, 200);
    c.t.clock.advance(61_000);
    const row = await propertyRow(c, p.id);
    return {
      p,
      rt,
      plan: made?.ratePlan ?? null,
      remoteRt: rt ? (await roomTypeRow(c, rt.id)).channelRoomTypeId! : row.channelUnitRoomTypeId!,
      remotePlan: row.channelUnitRatePlanId,
    };
  };
  const book = async (
    propertyId: number,
    from: number,
    to: number,
    rooms?: Array<{ room_type_id: number; rate_plan_id: number; rooms_count: number }>,
  ) => {
    const who = await guest(c);
    const body = await call(
      c,
      'POST',
      '/reservations',
      {
        property_id: propertyId,
        checkin_date: day(from),
        checkout_date: day(to),
        guests: { adults: 1, children: 0 },
        ...(rooms ? { rooms } : {}),
      },
      201,
      who,
    );
    await drain(c);
    return { id: body.data.id as number, who };
  };
  const pushed = async (propertyId?: number) => {
    c.fake.calls.length = 0;
    return pushChannelChanges(c.t.deps, propertyId);
  };

  it('sends a booking, a cancellation and a calendar change as one /availability call per listing, with ranges', async () => {
    const a = await linked(3);
    const b = await linked();
    const { id, who } = await book(a.p.id, 20, 23, [
      { room_type_id: a.rt!.id, rate_plan_id: a.plan!.id, rooms_count: 2 },
    ]);
    await book(a.p.id, 21, 22, [{ room_type_id: a.rt!.id, rate_plan_id: a.plan!.id, rooms_count: 1 }]);
    await book(b.p.id, 5, 7);
    assert.deepEqual(await pushed(), ['pushed', 'pushed'], 'one push per listing, availability only');
    const av = calls(c, 'POST', '/availability');
    assert.equal(av.length, 2);
    assert.deepEqual(
      av[0]!.body.values.map((v: any) => [v.date_from, v.date_to, v.availability]),
      [
        [day(20), day(20), 1],
        [day(21), day(21), 0],
        [day(22), day(22), 1],
      ],
    );
    assert.deepEqual(
      av[1]!.body.values.map((v: any) => [v.room_type_id, v.date_from, v.date_to, v.availability]),
      [[b.remoteRt, day(5), day(6), 0]],
    );
    assert.deepEqual(remoteNights(c, a.remoteRt, 19, 23), [3, 1, 0, 1, 3]);

    await call(c, 'POST', `/reservations/${id}/cancel`, {}, 200, who);
    await drain(c);
    assert.deepEqual(await pushed(), ['pushed']);
    assert.equal(calls(c, 'POST', '/availability').length, 1);
    assert.deepEqual(remoteNights(c, a.remoteRt, 19, 23), [3, 3, 2, 3, 3]);

    await call(
      c,
      'PUT',
      `/properties/${a.p.id}/room-types/${a.rt!.id}/calendar`,
      { from: day(30), to: day(39), available_rooms: 1 },
      200,
    );
    await drain(c);
    assert.deepEqual(await pushed(), ['pushed'], 'available_rooms changes availability only');
    assert.deepEqual(
      calls(c, 'POST', '/availability')[0]!.body.values.map((v: any) => [v.date_from, v.date_to, v.availability]),
      [[day(30), day(39), 1]],
    );

    await call(c, 'PUT', `/properties/${b.p.id}/calendar`, { from: day(8), to: day(9), price: 99.5 }, 200);
    await drain(c);
    assert.deepEqual(await pushed(), ['pushed'], 'a price changes rates/restrictions only');
    assert.deepEqual(
      calls(c, 'POST', '/restrictions')[0]!.body.values.map((v: any) => [v.date_from, v.date_to, v.rate]),
      [[day(8), day(9), '99.50']],
    );
    assert.equal(c.fake.restrictions.get(`${b.remotePlan}|${day(10)}`)!.rate, '120.00');
  });

  it('queues nothing for a listing that is not linked', async () => {
    const p = await createProperty(c.t.deps, c.ownerId);
    await book(p.id, 3, 4);
    await call(c, 'PUT', `/properties/${p.id}/calendar`, { from: day(8), to: day(9), price: 90 }, 200);
    await drain(c);
    assert.equal(
      (await c.t.deps.db.select().from(channelPendingChanges).where(eq(channelPendingChanges.propertyId, p.id))).length,
      0,
    );
  });

  it('makes at most CHANNEX_CALLS_PER_MINUTE (10) calls per listing and kind a minute; the 11th change waits for the next minute', async () => {
    const { p, remotePlan } = await linked();
    const results = [];
    for (let i = 0; i < 11; i++) {
      await call(c, 'PUT', `/properties/${p.id}/calendar`, { from: day(30 + i), to: day(30 + i), price: 90 + i }, 200);
      await drain(c);
      results.push(...(await pushed(p.id)));
      c.t.clock.advance(1_000);
    }
    assert.deepEqual(results, [...Array(10).fill('pushed'), 'rate_limited']);
    assert.equal(calls(c, 'POST', '/restrictions').length, 0, 'the 11th sent nothing');
    assert.equal(c.fake.restrictions.get(`${remotePlan}|${day(40)}`)!.rate, '120.00');
    assert.equal((await statusData(c, p.id)).pending_changes.restrictions, 1);
    c.t.clock.advance(50_000);
    assert.deepEqual(await pushed(p.id), ['pushed'], 'a minute after the first of the ten');
    assert.equal(c.fake.restrictions.get(`${remotePlan}|${day(40)}`)!.rate, '100.00');
  });

  it('keeps the changes and retries after a 429 (honouring Retry-After) and a 503, with backoff', async () => {
    const { p, remoteRt } = await linked();
    await book(p.id, 40, 42);
    c.fake.failNext('/availability', 429, 1, 30);
    assert.deepEqual(await pushed(p.id), ['failed']);
    let s = await statusData(c, p.id);
    assert.equal(s.pending_changes.availability, 1, 'kept');
    assert.equal(s.last_push.availability.ok, false);
    assert.equal(s.last_push.availability.next_attempt_at, new Date(c.t.clock.now().getTime() + 30_000).toISOString());
    assert.equal(s.failures[0].kind, 'availability');
    assert.deepEqual(await pushed(p.id), ['backing_off']);
    assert.equal(c.fake.calls.length, 0);

    c.t.clock.advance(30_000);
    c.fake.failNext('/availability', 503);
    await book(p.id, 44, 45);
    assert.deepEqual(await pushed(p.id), ['failed']);
    s = await statusData(c, p.id);
    assert.deepEqual([s.pending_changes.availability, s.last_push.availability.attempts, s.failures.length], [2, 2, 2]);
    c.t.clock.advance(9_000);
    assert.deepEqual(await pushed(p.id), ['backing_off'], 'second failure: 10 s');
    c.t.clock.advance(1_000);
    assert.deepEqual(await pushed(p.id), ['pushed']);
    assert.equal(calls(c, 'POST', '/availability').length, 1, 'both bookings in one call');
    assert.deepEqual(remoteNights(c, remoteRt, 39, 45), [1, 0, 0, 1, 1, 0, 1]);
    s = await statusData(c, p.id);
    assert.deepEqual(
      [
        s.pending_changes.availability,
        s.failures.length,
        s.last_push.availability.ok,
        s.last_push.availability.attempts,
      ],
      [0, 0, true, 0],
    );
  });

  it('counts a 200 carrying warnings as a failure in the status and does not resend those values', async () => {
    const { p, remoteRt } = await linked();
    await book(p.id, 50, 51);
    c.fake.warnNext('/availability', [
      {
        room_type_id: remoteRt,
        date_from: day(50),
        date_to: day(50),
        availability: 0,
        warning: { availability: ['is above count_of_rooms'] },
      },
    ]);
    assert.deepEqual(await pushed(p.id), ['warned']);
    const s = await statusData(c, p.id);
    assert.deepEqual([s.last_push.availability.ok, s.pending_changes.availability], [false, 0]);
    assert.match(s.last_push.availability.warnings[0], /above count_of_rooms/);
    assert.equal(s.failures[0].kind, 'availability');
    assert.match(s.failures[0].warnings[0], /above count_of_rooms/);
    assert.deepEqual(await pushed(p.id), [], 'nothing left to send');
  });

  it('keeps a change that arrives while a push is in flight for the next push', async () => {
    const { p, remoteRt } = await linked();
    await book(p.id, 60, 61);
    const real = c.t.deps.channel!;
    const wrapped: ChannelManager = Object.create(real);
    wrapped.pushAvailability = async (values) => {
      await book(p.id, 62, 63);
      return real.pushAvailability(values);
    };
    c.t.deps.channel = wrapped;
    try {
      assert.deepEqual(await pushed(p.id), ['pushed']);
    } finally {
      c.t.deps.channel = real;
    }
    assert.equal(c.fake.availability.get(`${remoteRt}|${day(62)}`), 1, 'computed before the second booking');
    assert.equal((await statusData(c, p.id)).pending_changes.availability, 1);
    assert.deepEqual(await pushed(p.id), ['pushed']);
    assert.equal(c.fake.availability.get(`${remoteRt}|${day(62)}`), 0);
  });

  it('pushes the same changes once when two instances run the push at once', async () => {
    const { p } = await linked();
    await book(p.id, 70, 72);
    const other = await createTestApp({
      database: c.t.database,
      start: c.t.clock.now(),
      env: { CHANNEL_MANAGER: 'channex', CHANNEX_API_BASE: c.fake.apiBase, CHANNEX_API_KEY: c.fake.apiKey },
    });
    try {
      c.fake.calls.length = 0;
      const [x, y] = await Promise.all([pushChannelChanges(c.t.deps, p.id), pushChannelChanges(other.deps, p.id)]);
      assert.deepEqual(
        [...x, ...y].filter((r) => r === 'pushed'),
        ['pushed'],
        `results: ${JSON.stringify([x, y])}`,
      );
      assert.equal(calls(c, 'POST', '/availability').length, 1);
    } finally {
      await other.close();
    }
  });

  it('finds drift where the remote availability differs, ignores nights about to be pushed, and a push of those nights clears it', async () => {
    const { p, remoteRt } = await linked();
    c.fake.availability.set(`${remoteRt}|${day(5)}`, 0);
    c.fake.availability.set(`${remoteRt}|${day(6)}`, 0);
    await book(p.id, 80, 81);
    assert.deepEqual(await reconcileChannel(c.t.deps, p.id), { checked: 1, driftNights: 2 });
    let s = await statusData(c, p.id);
    assert.deepEqual([s.drift.nights, s.drift.checked_at], [2, c.t.clock.now().toISOString()]);
    assert.deepEqual(s.drift.sample, [
      { room_type_id: 0, night: day(5), ours: 1, remote: 0 },
      { room_type_id: 0, night: day(6), ours: 1, remote: 0 },
    ]);

    await call(c, 'PUT', `/properties/${p.id}/calendar`, { from: day(5), to: day(6), available_rooms: 1 }, 200);
    await drain(c);
    await pushed(p.id);
    assert.deepEqual(remoteNights(c, remoteRt, 5, 6), [1, 1]);
    assert.equal((await statusData(c, p.id)).drift.nights, 0, 'cleared by the push');
    c.fake.failNext('/availability', 503);
    assert.deepEqual(await reconcileChannel(c.t.deps, p.id), { checked: 0, driftNights: 0 });
    s = await statusData(c, p.id);
    assert.equal(s.failures[0].kind, 'reconcile');
    assert.deepEqual(await reconcileChannel(c.t.deps, p.id), { checked: 1, driftNights: 0 });
    assert.equal((await statusData(c, p.id)).failures.length, 0);
  });

  it('answers the status to staff with the documented members', async () => {
    const { p } = await linked();
    const res = await c.t.app.inject({
      method: 'GET',
      url: `/api/properties/${p.id}/channel/status`,
      headers: bearer(c.tok.support),
    });
    assert.deepEqual(Object.keys(res.json().data).sort(), [
      'channel_manager',
      'channel_property_id',
      'channel_synced_at',
      'contact',
      'drift',
      'failures',
      'full_sync_at',
      'last_push',
      'link_requested',
      'linked',
      'missing_for_link',
      'pending_changes',
      'unacknowledged_revisions',
      'unplaced_bookings',
    ]);
    assert.deepEqual(Object.keys(res.json().data.last_push.availability).sort(), [
      'at',
      'attempts',
      'error',
      'next_attempt_at',
      'ok',
      'succeeded_at',
      'warnings',
    ]);
  });
  // Last: it moves the clock two days ahead.
  it('sends each day only the nights that entered the 500-night window, not another full sync', async () => {
    const { p, remoteRt } = await linked();
    c.t.clock.advance(2 * 86_400_000);
    c.fake.calls.length = 0;
    await reconcileChannel(c.t.deps, p.id);
    assert.deepEqual(await pushChannelChanges(c.t.deps, p.id), ['pushed', 'pushed']);
    assert.deepEqual(
      calls(c, 'POST', '/availability')[0]!.body.values.map((v: any) => [v.room_type_id, v.date_from, v.date_to]),
      [[remoteRt, day(500), day(501)]],
    );
    assert.deepEqual(
      calls(c, 'POST', '/restrictions')[0]!.body.values.map((v: any) => [v.date_from, v.date_to]),
      [[day(500), day(501)]],
    );
    assert.deepEqual(c.fake.violations, []);
  });
});
