// Bookings and messages from travel platforms, through the real Channex adapter and the local
// Channex-speaking server: the webhook, revisions applied once in feed order, acknowledgement
// after commit, overbookings recorded and flagged, messages both ways.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../../test/helpers/test-app.ts';
import { onPostgres } from '../../../test/helpers/test-database.ts';
import { bearer } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import {
  channelBookingRevisions,
  channelSyncFailures,
  messages,
  notifications,
  roomTypes,
} from '../../db/schema/index.ts';
import { inventoryDrift, seedReservation } from '../reservations/reservations.test-support.ts';
import { get, send } from '../messaging/messaging.test-support.ts';
import { channelInbox } from './channel-inbox.ts';
import { pullBookingRevisions } from './pull-booking-revisions.ts';
import { sendChannelReplies } from './send-channel-replies.ts';
import * as support from './channel-inbound.test-support.ts';
import { SECRET, day, type InboundCtx } from './channel-inbound.test-support.ts';

describe('travel-platform bookings and messages (Channex)', () => {
  let c: InboundCtx;
  before(async () => {
    c = await support.setUpInbound();
  });
  after(() => support.tearDownInbound(c));

  const linkedListing = () => support.linkedListing(c);
  const webhook = (body: unknown, secret?: string | null) => support.webhook(c, body, secret);
  const settle = () => support.settle(c);
  const revision = (
    remote: string,
    bookingId: string,
    status: string,
    from: number,
    to: number,
    extra: Record<string, unknown> = {},
  ) => support.revision(c, remote, bookingId, status, from, to, extra);
  const bookingOf = (externalId: string) => support.bookingOf(c, externalId);

  it('refuses a webhook without the right secret and pulls nothing', async () => {
    const before = c.fake.calls.length;
    for (const secret of [null, 'wrong-secret', `${SECRET}x`])
      assert.equal((await webhook({ event: 'booking' }, secret)).statusCode, 401);
    await settle();
    assert.equal(c.fake.calls.length, before);
  });

  it('applies a new booking once, however often and concurrently the webhook repeats, and acknowledges it after commit', async () => {
    const p = await linkedListing();
    const id = revision(p.remote, 'b-new', 'new', 20, 23);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        webhook({ event: 'booking_new', property_id: p.remote, payload: { booking_id: 'b-new', revision_id: id } }),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      [200, 200, 200],
    );
    await settle();
    await pullBookingRevisions(c.t.deps);
    const rows = await bookingOf('b-new');
    assert.equal(rows.length, 1);
    const r = rows[0]!;
    assert.deepEqual(
      [r.status, r.source, r.provider, r.guestId, r.totalMinor, r.checkinDate, r.overbooked],
      ['confirmed', 'channel', 'OtaA', null, 30000, day(20), false],
    );
    assert.deepEqual(
      c.fake.acked.filter((x) => x === id),
      [id],
    );
    const [rev] = await c.t.deps.db
      .select()
      .from(channelBookingRevisions)
      .where(eq(channelBookingRevisions.revisionId, id));
    assert.ok(rev!.ackedAt && rev!.reservationId === r.id);
    assert.deepEqual(await inventoryDrift(c.t.deps, p.id), []);
    const shown = await c.t.app.inject({
      method: 'GET',
      url: `/api/reservations/${r.id}`,
      headers: bearer(c.ownerToken),
    });
    assert.equal(shown.statusCode, 200, shown.body);
    assert.equal(shown.json().data.price_details.total, 300);
    const told = await c.t.deps.db.select().from(notifications).where(eq(notifications.userId, c.ownerId));
    assert.ok(
      told.some((n) => n.title === 'New reservation' && /on OtaA/.test(n.message)),
      'the owner hears of the booking',
    );
  });

  it('applies revisions in feed order whatever order the webhooks arrive in: new then cancelled frees the nights', async () => {
    const p = await linkedListing();
    revision(p.remote, 'b-cxl', 'new', 30, 32);
    const cancelled = revision(p.remote, 'b-cxl', 'cancelled', 30, 32);
    await webhook({
      event: 'booking_cancellation',
      property_id: p.remote,
      payload: { booking_id: 'b-cxl', revision_id: cancelled },
    });
    await settle();
    const [r] = await bookingOf('b-cxl');
    assert.equal(r!.status, 'cancelled');
    assert.deepEqual(await inventoryDrift(c.t.deps, p.id), []);
    const nights = (await c.t.deps.db.execute(
      `SELECT coalesce(sum(booked), 0)::int AS n FROM property_nights WHERE property_id = ${p.id}`,
    )) as unknown as { rows: Array<{ n: number }> };
    assert.equal(Number(nights.rows[0]!.n), 0);
    await webhook({ event: 'booking_cancellation', property_id: p.remote });
    await settle();
    assert.equal((await bookingOf('b-cxl')).length, 1, 'a repeat changes nothing');
  });

  it("moves a modified booking's nights, and records an older revision as stale without applying it", async () => {
    const p = await linkedListing();
    revision(p.remote, 'b-mod', 'new', 40, 42, { inserted_at: '2030-01-01T10:00:00Z' });
    revision(p.remote, 'b-mod', 'modified', 44, 47, { inserted_at: '2030-01-01T12:00:00Z', amount: '450.00' });
    await pullBookingRevisions(c.t.deps);
    const stale = revision(p.remote, 'b-mod', 'modified', 50, 52, { inserted_at: '2030-01-01T11:00:00Z' });
    await pullBookingRevisions(c.t.deps);
    const [r] = await bookingOf('b-mod');
    assert.deepEqual([r!.checkinDate, r!.checkoutDate, r!.totalMinor], [day(44), day(47), 45000]);
    assert.deepEqual(await inventoryDrift(c.t.deps, p.id), []);
    assert.ok(c.fake.acked.includes(stale), 'a stale revision is acknowledged');
    const events = (await c.t.deps.db.execute(
      `SELECT count(*)::int AS n FROM outbox_events WHERE topic = 'reservation.modified' AND payload->>'reservation_id' = '${r!.id}'`,
    )) as unknown as { rows: Array<{ n: number }> };
    assert.equal(Number(events.rows[0]!.n), 1);
  });

  it('reinstates a booking cancelled here when the platform revises it again, on the same reservation', async () => {
    const p = await linkedListing();
    revision(p.remote, 'b-back', 'new', 100, 102, { inserted_at: '2030-03-01T10:00:00Z' });
    revision(p.remote, 'b-back', 'cancelled', 100, 102, { inserted_at: '2030-03-01T11:00:00Z' });
    revision(p.remote, 'b-back', 'modified', 103, 105, { inserted_at: '2030-03-01T12:00:00Z' });
    await pullBookingRevisions(c.t.deps);
    const rows = await bookingOf('b-back');
    assert.deepEqual(
      rows.map((r) => [r.status, r.checkinDate, r.cancelledAt]),
      [['confirmed', day(103), null]],
    );
    assert.deepEqual(await inventoryDrift(c.t.deps, p.id), []);
  });

  it('records a booking on full nights, flags it overbooked and tells the owner', async () => {
    const p = await linkedListing();
    await seedReservation(c.t.deps, { propertyId: p.id, status: 'confirmed', checkin: day(60), checkout: day(62) });
    revision(p.remote, 'b-over', 'new', 61, 63);
    await pullBookingRevisions(c.t.deps);
    await settle();
    const [r] = await bookingOf('b-over');
    assert.equal(r!.overbooked, true);
    const [rev] = await c.t.deps.db
      .select()
      .from(channelBookingRevisions)
      .where(eq(channelBookingRevisions.remoteBookingId, 'b-over'));
    assert.equal(rev!.overbooked, true);
    assert.deepEqual(await inventoryDrift(c.t.deps, p.id), [], 'the counts still equal the reservations holding them');
    const told = await c.t.deps.db.select().from(notifications).where(eq(notifications.userId, c.ownerId));
    assert.ok(
      told.some((n) => n.title === 'Overbooking to resolve'),
      JSON.stringify(told.map((n) => n.title)),
    );
  });

  it('acknowledges a booking for a room type not linked here, records it once and flags it for the owner, placing nothing', async () => {
    const p = await createProperty(c.t.deps, c.ownerId, { channelPropertyId: 'cx-prop-unlinked-room' });
    const { roomType } = await createRoomType(c.t.deps, p.id);
    await c.t.deps.db.update(roomTypes).set({ channelRoomTypeId: 'cx-rt-known' }).where(eq(roomTypes.id, roomType.id));
    const id = revision(p.channelPropertyId!, 'b-unknown', 'new', 70, 71, {
      rooms: [{ room_type_id: 'cx-rt-other', checkin_date: day(70), checkout_date: day(71), occupancy: { adults: 1 } }],
    });
    await pullBookingRevisions(c.t.deps);
    await pullBookingRevisions(c.t.deps);
    assert.deepEqual(
      c.fake.acked.filter((x) => x === id),
      [id],
      'acknowledged once: the feed moves on',
    );
    assert.equal((await bookingOf('b-unknown')).length, 0);
    const [row] = await c.t.deps.db
      .select()
      .from(channelBookingRevisions)
      .where(eq(channelBookingRevisions.revisionId, id));
    assert.ok(row!.ackedAt && row!.reservationId === null);
    assert.match(
      row!.unplacedReason ?? '',
      /Channex room type cx-rt-other\) is not mapped to any of this listing's room types/,
    );
    assert.deepEqual(
      await c.t.deps.db.select().from(channelSyncFailures).where(eq(channelSyncFailures.propertyId, p.id)),
      [],
      'shown as an unplaced booking, not a sync failure',
    );
    assert.deepEqual(
      (await support.ownerStatus(c, p.id)).unplaced_bookings.map((u: { booking_id: string }) => u.booking_id),
      ['b-unknown'],
    );
    // A later revision of the same booking that can be placed settles it.
    revision(p.channelPropertyId!, 'b-unknown', 'modified', 70, 71, {
      rooms: [{ room_type_id: 'cx-rt-known', checkin_date: day(70), checkout_date: day(71), occupancy: { adults: 1 } }],
    });
    await pullBookingRevisions(c.t.deps);
    assert.equal((await bookingOf('b-unknown')).length, 1);
    assert.deepEqual((await support.ownerStatus(c, p.id)).unplaced_bookings, []);
  });

  it('10 concurrent pulls of one feed apply each revision exactly once (new, modified, cancelled)', async (tc) => {
    if (!onPostgres)
      tc.diagnostic('PGlite runs one transaction at a time, so this only proves the logic; CI races it on PostgreSQL');
    const p = await linkedListing();
    const ids = [
      revision(p.remote, 'b-race-1', 'new', 90, 92, { inserted_at: '2030-02-01T10:00:00Z' }),
      revision(p.remote, 'b-race-2', 'new', 93, 95, { inserted_at: '2030-02-01T10:00:01Z' }),
      revision(p.remote, 'b-race-1', 'modified', 96, 99, { inserted_at: '2030-02-01T10:00:02Z' }),
      revision(p.remote, 'b-race-2', 'cancelled', 93, 95, { inserted_at: '2030-02-01T10:00:03Z' }),
    ];
    const results = await Promise.all(Array.from({ length: 10 }, () => pullBookingRevisions(c.t.deps)));
    assert.equal(
      results.reduce((n, r) => n + r.applied, 0),
      4,
      JSON.stringify(results),
    );
    const [one] = await bookingOf('b-race-1');
    const [two] = await bookingOf('b-race-2');
    assert.deepEqual([one!.checkinDate, one!.status, two!.status], [day(96), 'confirmed', 'cancelled']);
    assert.equal((await bookingOf('b-race-1')).length + (await bookingOf('b-race-2')).length, 2);
    assert.deepEqual(await inventoryDrift(c.t.deps, p.id), []);
    for (const id of ids) assert.ok(c.fake.acked.includes(id));
  });

  it("stores a guest message once with its platform fields, tells the owner, and sends the owner's reply back once", async () => {
    const p = await linkedListing();
    revision(p.remote, 'b-msg', 'new', 80, 82);
    await pullBookingRevisions(c.t.deps);
    c.fake.addGuestMessage(
      'th-1',
      { property_id: p.remote, booking_id: 'b-msg', provider: 'Airbnb', title: 'Ana Lima' },
      'Can we check in at 22:00?',
    );
    for (let i = 0; i < 2; i++)
      await webhook({ event: 'message', property_id: p.remote, payload: { message_thread_id: 'th-1' } });
    await settle();
    const stored = await c.t.deps.db.select().from(messages).where(eq(messages.externalThreadId, 'th-1'));
    assert.equal(stored.length, 1);
    const [booking] = await bookingOf('b-msg');
    const m = stored[0]!;
    assert.deepEqual(
      [m.source, m.provider, m.externalGuestName, m.bookingId, m.senderId, m.receiverId],
      ['channel_ota_b', 'OtaB', 'Ana Lima', booking!.id, null, c.ownerId],
    );
    const told = await c.t.deps.db.select().from(notifications).where(eq(notifications.userId, c.ownerId));
    assert.ok(told.some((n) => n.title === 'New message from Ana Lima'));
    const list = await get(c.t, bearer(c.ownerToken), '/chats/conversation_summaries?per_page=100');
    const entry = list.json().data.find((s: { user_id: unknown }) => s.user_id === 'th-1');
    assert.deepEqual(
      [entry?.user_name, entry?.source, entry?.provider, entry?.last_message],
      ['Ana Lima', 'channel', 'OtaB', 'Can we check in at 22:00?'],
      list.body,
    );

    c.fake.failNext('/message_threads/th-1/messages', 503);
    const reply = await send(c.t, bearer(c.ownerToken), {
      receiver_id: 'th-1',
      content: 'Yes, the key box code follows.',
    });
    assert.equal(reply.statusCode, 201, reply.body);
    await settle(); // publishing the reply sends it at once: the 503 leaves it for the next run
    await channelInbox(c.t.deps).idle();
    assert.deepEqual(
      c.fake.threads
        .get('th-1')!
        .messages.filter((x) => x.sender === 'property')
        .map((x) => x.message),
      [],
      'the 503 left it for later',
    );
    await sendChannelReplies(c.t.deps);
    await sendChannelReplies(c.t.deps);
    assert.deepEqual(
      c.fake.threads
        .get('th-1')!
        .messages.filter((x) => x.sender === 'property')
        .map((x) => x.message),
      ['Yes, the key box code follows.'],
    );
    const [sent] = await c.t.deps.db
      .select()
      .from(messages)
      .where(eq(messages.content, 'Yes, the key box code follows.'));
    assert.match(sent!.externalMessageId ?? '', /^[0-9a-f-]{36}$/, 'the id Channex gave the message');
  });
});

describe('the channel webhook without a channel manager', () => {
  it('is 404, as if the route did not exist, when no channel manager or no webhook secret is configured', async () => {
    const envs: Array<Record<string, string>> = [
      { CHANNEL_MANAGER: 'none', CHANNEX_WEBHOOK_SECRET: SECRET },
      { CHANNEL_MANAGER: 'channex', CHANNEX_API_BASE: 'http://127.0.0.1:9/api/v1', CHANNEX_API_KEY: 'k' },
    ];
    for (const env of envs) {
      const t = await createTestApp({ env });
      try {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/channel/webhook',
          headers: { 'x-channel-secret': SECRET },
          payload: { event: 'booking' },
        });
        assert.equal(res.statusCode, 404, `${JSON.stringify(env)}: ${res.body}`);
      } finally {
        await t.close();
      }
    }
  });
});
