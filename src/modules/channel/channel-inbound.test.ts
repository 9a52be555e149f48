// Bookings and messages from travel platforms, through the real Channex adapter and the local
// Channex-speaking server: the webhook, revisions applied once in feed order, acknowledgement
// after commit, overbookings recorded and flagged, messages both ways.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { onPostgres } from '../../../test/helpers/test-database.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { startChannexFake, type ChannexFake } from '../../../test/fakes/channex-server.ts';
import { channelBookingRevisions, channelSyncFailures, messages, notifications, properties, reservations, roomTypes } from '../../db/schema/index.ts';
import { inventoryDrift, seedReservation } from '../reservations/reservations.test-support.ts';
import { get, send } from '../messaging/messaging.test-support.ts';
import { channelInbox } from './channel-inbox.ts';
import { pullBookingRevisions } from './pull-booking-revisions.ts';
import { sendChannelReplies } from './send-channel-replies.ts';

const SECRET = 'channel-webhook-secret-0123456789';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;

describe('travel-platform bookings and messages (Channex)', () => {
  let fake: ChannexFake;
  let t: TestApp;
  let ownerId: number;
  let ownerToken: string;
  before(async () => {
    fake = await startChannexFake();
    t = await createTestApp({ start: new Date(), env: { CHANNEL_MANAGER: 'channex', CHANNEX_API_BASE: fake.apiBase, CHANNEX_API_KEY: fake.apiKey, CHANNEX_WEBHOOK_SECRET: SECRET } });
    const owner = await createUser(t.deps, { role: 'owner' });
    ownerId = owner.id;
    ownerToken = await loginAs(t.app, owner);
  });
  after(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A listing sold whole, linked to a remote property id. */
  const linkedListing = async () => {
    const p = await createProperty(t.deps, ownerId);
    const remote = `cx-prop-${++seq}`;
    await t.deps.db.update(properties).set({ channelPropertyId: remote }).where(eq(properties.id, p.id));
    return { id: p.id, remote };
  };
  const webhook = (body: unknown, secret: string | null = SECRET) =>
    t.app.inject({ method: 'POST', url: '/api/channel/webhook', headers: secret === null ? {} : { 'x-channel-secret': secret }, payload: body as object });
  const settle = async () => {
    await channelInbox(t.deps).idle();
    await t.deps.outbox.idle();
    await t.deps.outbox.drain();
  };
  const revision = (remote: string, bookingId: string, status: string, from: number, to: number, extra: Record<string, unknown> = {}) => fake.addRevision({
    booking_id: bookingId, property_id: remote, status, ota_name: 'BookingCom', ota_reservation_code: `OTA-${bookingId}`,
    arrival_date: day(from), departure_date: day(to), currency: 'EUR', amount: '300.00',
    customer: { name: 'Ana', surname: 'Lima', mail: 'ana@example.test', phone: '+351000' },
    rooms: [{ room_type_id: null, rate_plan_id: null, checkin_date: day(from), checkout_date: day(to), occupancy: { adults: 2, children: 0 }, amount: '300.00' }],
    ...extra,
  });
  const bookingOf = async (externalId: string) => t.deps.db.select().from(reservations).where(eq(reservations.externalId, externalId));

  it('refuses a webhook without the right secret and pulls nothing', async () => {
    const before = fake.calls.length;
    for (const secret of [null, 'wrong-secret', `${SECRET}x`]) assert.equal((await webhook({ event: 'booking' }, secret)).statusCode, 401);
    await settle();
    assert.equal(fake.calls.length, before);
  });

  it('applies a new booking once, however often and concurrently the webhook repeats, and acknowledges it after commit', async () => {
    const p = await linkedListing();
    const id = revision(p.remote, 'b-new', 'new', 20, 23);
    const answers = await Promise.all([1, 2, 3].map(() => webhook({ event: 'booking_new', property_id: p.remote, payload: { booking_id: 'b-new', revision_id: id } })));
    assert.deepEqual(answers.map((a) => a.statusCode), [200, 200, 200]);
    await settle();
    await pullBookingRevisions(t.deps);
    const rows = await bookingOf('b-new');
    assert.equal(rows.length, 1);
    const r = rows[0]!;
    assert.deepEqual([r.status, r.source, r.provider, r.guestId, r.totalMinor, r.checkinDate, r.overbooked], ['confirmed', 'channel', 'OtaA', null, 30000, day(20), false]);
    assert.deepEqual(fake.acked.filter((x) => x === id), [id]);
    const [rev] = await t.deps.db.select().from(channelBookingRevisions).where(eq(channelBookingRevisions.revisionId, id));
    assert.ok(rev!.ackedAt && rev!.reservationId === r.id);
    assert.deepEqual(await inventoryDrift(t.deps, p.id), []);
    const shown = await t.app.inject({ method: 'GET', url: `/api/reservations/${r.id}`, headers: bearer(ownerToken) });
    assert.equal(shown.statusCode, 200, shown.body);
    assert.equal(shown.json().data.price_details.total, 300);
    const told = await t.deps.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    assert.ok(told.some((n) => n.title === 'New reservation' && /on OtaA/.test(n.message)), 'the owner hears of the booking');
  });

  it('applies revisions in feed order whatever order the webhooks arrive in: new then cancelled frees the nights', async () => {
    const p = await linkedListing();
    revision(p.remote, 'b-cxl', 'new', 30, 32);
    const cancelled = revision(p.remote, 'b-cxl', 'cancelled', 30, 32);
    await webhook({ event: 'booking_cancellation', property_id: p.remote, payload: { booking_id: 'b-cxl', revision_id: cancelled } });
    await settle();
    const [r] = await bookingOf('b-cxl');
    assert.equal(r!.status, 'cancelled');
    assert.deepEqual(await inventoryDrift(t.deps, p.id), []);
    const nights = await t.deps.db.execute(`SELECT coalesce(sum(booked), 0)::int AS n FROM property_nights WHERE property_id = ${p.id}`) as unknown as { rows: Array<{ n: number }> };
    assert.equal(Number(nights.rows[0]!.n), 0);
    await webhook({ event: 'booking_cancellation', property_id: p.remote });
    await settle();
    assert.equal((await bookingOf('b-cxl')).length, 1, 'a repeat changes nothing');
  });

  it('moves a modified booking\'s nights, and records an older revision as stale without applying it', async () => {
    const p = await linkedListing();
    revision(p.remote, 'b-mod', 'new', 40, 42, { inserted_at: '2030-01-01T10:00:00Z' });
    revision(p.remote, 'b-mod', 'modified', 44, 47, { inserted_at: '2030-01-01T12:00:00Z', amount: '450.00' });
    await pullBookingRevisions(t.deps);
    const stale = revision(p.remote, 'b-mod', 'modified', 50, 52, { inserted_at: '2030-01-01T11:00:00Z' });
    await pullBookingRevisions(t.deps);
    const [r] = await bookingOf('b-mod');
    assert.deepEqual([r!.checkinDate, r!.checkoutDate, r!.totalMinor], [day(44), day(47), 45000]);
    assert.deepEqual(await inventoryDrift(t.deps, p.id), []);
    assert.ok(fake.acked.includes(stale), 'a stale revision is acknowledged');
    const events = await t.deps.db.execute(`SELECT count(*)::int AS n FROM outbox_events WHERE topic = 'reservation.modified' AND payload->>'reservation_id' = '${r!.id}'`) as unknown as { rows: Array<{ n: number }> };
    assert.equal(Number(events.rows[0]!.n), 1);
  });

  it('reinstates a booking cancelled here when the platform revises it again, on the same reservation', async () => {
    const p = await linkedListing();
    revision(p.remote, 'b-back', 'new', 100, 102, { inserted_at: '2030-03-01T10:00:00Z' });
    revision(p.remote, 'b-back', 'cancelled', 100, 102, { inserted_at: '2030-03-01T11:00:00Z' });
    revision(p.remote, 'b-back', 'modified', 103, 105, { inserted_at: '2030-03-01T12:00:00Z' });
    await pullBookingRevisions(t.deps);
    const rows = await bookingOf('b-back');
    assert.deepEqual(rows.map((r) => [r.status, r.checkinDate, r.cancelledAt]), [['confirmed', day(103), null]]);
    assert.deepEqual(await inventoryDrift(t.deps, p.id), []);
  });

  it('records a booking on full nights, flags it overbooked and tells the owner', async () => {
    const p = await linkedListing();
    await seedReservation(t.deps, { propertyId: p.id, status: 'confirmed', checkin: day(60), checkout: day(62) });
    revision(p.remote, 'b-over', 'new', 61, 63);
    await pullBookingRevisions(t.deps);
    await settle();
    const [r] = await bookingOf('b-over');
    assert.equal(r!.overbooked, true);
    const [rev] = await t.deps.db.select().from(channelBookingRevisions).where(eq(channelBookingRevisions.remoteBookingId, 'b-over'));
    assert.equal(rev!.overbooked, true);
    assert.deepEqual(await inventoryDrift(t.deps, p.id), [], 'the counts still equal the reservations holding them');
    const told = await t.deps.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    assert.ok(told.some((n) => n.title === 'Overbooking to resolve'), JSON.stringify(told.map((n) => n.title)));
  });

  it('leaves a booking for an unlinked room type in the feed, unacknowledged, and records why', async () => {
    const p = await createProperty(t.deps, ownerId, { channelPropertyId: `cx-prop-${++seq}` });
    const { roomType } = await createRoomType(t.deps, p.id);
    await t.deps.db.update(roomTypes).set({ channelRoomTypeId: 'cx-rt-known' }).where(eq(roomTypes.id, roomType.id));
    const id = revision(p.channelPropertyId!, 'b-unknown', 'new', 70, 71, { rooms: [{ room_type_id: 'cx-rt-other', checkin_date: day(70), checkout_date: day(71), occupancy: { adults: 1 } }] });
    await pullBookingRevisions(t.deps);
    assert.equal(fake.acked.includes(id), false);
    assert.equal((await bookingOf('b-unknown')).length, 0);
    const failures = await t.deps.db.select().from(channelSyncFailures).where(eq(channelSyncFailures.propertyId, p.id));
    assert.equal(failures.length, 1);
    await pullBookingRevisions(t.deps);
    assert.equal((await t.deps.db.select().from(channelSyncFailures).where(eq(channelSyncFailures.propertyId, p.id))).length, 1, 'recorded once, not every pull');
    // Linked later: the next pull applies it, on the room type's own units.
    await t.deps.db.update(roomTypes).set({ channelRoomTypeId: 'cx-rt-other' }).where(eq(roomTypes.id, roomType.id));
    await pullBookingRevisions(t.deps);
    assert.equal((await bookingOf('b-unknown')).length, 1);
    assert.ok(fake.acked.includes(id));
  });

  it('10 concurrent pulls of one feed apply each revision exactly once (new, modified, cancelled)', async (tc) => {
    if (!onPostgres) tc.diagnostic('PGlite runs one transaction at a time, so this only proves the logic; CI races it on PostgreSQL');
    const p = await linkedListing();
    const ids = [
      revision(p.remote, 'b-race-1', 'new', 90, 92, { inserted_at: '2030-02-01T10:00:00Z' }),
      revision(p.remote, 'b-race-2', 'new', 93, 95, { inserted_at: '2030-02-01T10:00:01Z' }),
      revision(p.remote, 'b-race-1', 'modified', 96, 99, { inserted_at: '2030-02-01T10:00:02Z' }),
      revision(p.remote, 'b-race-2', 'cancelled', 93, 95, { inserted_at: '2030-02-01T10:00:03Z' }),
    ];
    const results = await Promise.all(Array.from({ length: 10 }, () => pullBookingRevisions(t.deps)));
    assert.equal(results.reduce((n, r) => n + r.applied, 0), 4, JSON.stringify(results));
    const [one] = await bookingOf('b-race-1');
    const [two] = await bookingOf('b-race-2');
    assert.deepEqual([one!.checkinDate, one!.status, two!.status], [day(96), 'confirmed', 'cancelled']);
    assert.equal((await bookingOf('b-race-1')).length + (await bookingOf('b-race-2')).length, 2);
    assert.deepEqual(await inventoryDrift(t.deps, p.id), []);
    for (const id of ids) assert.ok(fake.acked.includes(id));
  });

  it('stores a guest message once with its platform fields, tells the owner, and sends the owner\'s reply back once', async () => {
    const p = await linkedListing();
    revision(p.remote, 'b-msg', 'new', 80, 82);
    await pullBookingRevisions(t.deps);
    fake.addGuestMessage('th-1', { property_id: p.remote, booking_id: 'b-msg', ota_name: 'Airbnb', guest_name: 'Ana Lima' }, 'Can we check in at 22:00?');
    for (let i = 0; i < 2; i++) await webhook({ event: 'message', property_id: p.remote, payload: { message_thread_id: 'th-1' } });
    await settle();
    const stored = await t.deps.db.select().from(messages).where(eq(messages.externalThreadId, 'th-1'));
    assert.equal(stored.length, 1);
    const [booking] = await bookingOf('b-msg');
    const m = stored[0]!;
    assert.deepEqual([m.source, m.provider, m.externalGuestName, m.bookingId, m.senderId, m.receiverId], ['channel_ota_b', 'OtaB', 'Ana Lima', booking!.id, null, ownerId]);
    const told = await t.deps.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    assert.ok(told.some((n) => n.title === 'New message from Ana Lima'));
    const list = await get(t, bearer(ownerToken), '/chats/conversation_summaries?per_page=100');
    const entry = list.json().data.find((s: { user_id: unknown }) => s.user_id === 'th-1');
    assert.deepEqual([entry?.user_name, entry?.source, entry?.provider, entry?.last_message], ['Ana Lima', 'channel', 'OtaB', 'Can we check in at 22:00?'], list.body);

    fake.failNext('/message_threads/th-1/messages', 503);
    const reply = await send(t, bearer(ownerToken), { receiver_id: 'th-1', content: 'Yes, the key box code follows.' });
    assert.equal(reply.statusCode, 201, reply.body);
    await settle(); // publishing the reply sends it at once: the 503 leaves it for the next run
    await channelInbox(t.deps).idle();
    assert.deepEqual(fake.threads.get('th-1')!.messages.filter((x) => x.sender === 'property').map((x) => x.message), [], 'the 503 left it for later');
    await sendChannelReplies(t.deps);
    await sendChannelReplies(t.deps);
    assert.deepEqual(fake.threads.get('th-1')!.messages.filter((x) => x.sender === 'property').map((x) => x.message), ['Yes, the key box code follows.']);
    const [sent] = await t.deps.db.select().from(messages).where(eq(messages.content, 'Yes, the key box code follows.'));
    assert.match(sent!.externalMessageId ?? '', /^msg-/);
  });
});

describe('the channel webhook without a channel manager', () => {
  it('is 404, as if the route did not exist, when no channel manager or no webhook secret is configured', async () => {
    const envs: Array<Record<string, string>> = [{ CHANNEL_MANAGER: 'none', CHANNEX_WEBHOOK_SECRET: SECRET }, { CHANNEL_MANAGER: 'channex', CHANNEX_API_BASE: 'http://127.0.0.1:9/api/v1', CHANNEX_API_KEY: 'k' }];
    for (const env of envs) {
      const t = await createTestApp({ env });
      try {
        const res = await t.app.inject({ method: 'POST', url: '/api/channel/webhook', headers: { 'x-channel-secret': SECRET }, payload: { event: 'booking' } });
        assert.equal(res.statusCode, 404, `${JSON.stringify(env)}: ${res.body}`);
      } finally {
        await t.close();
      }
    }
  });
});
