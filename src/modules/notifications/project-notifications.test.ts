import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { notifications, outboxEvents } from '../../db/schema/index.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { OutboxRelay } from '../../jobs/outbox-relay.ts';
import type { PublishedEvent } from '../../kernel/events.ts';
import { MemoryEventBus } from '../../adapters/memory/memory-event-bus.ts';
import type { UserRow } from '../users/users.repository.ts';
import { seedReservation } from '../reservations/reservations.test-support.ts';
import type { NotificationCreated } from './notification-types.ts';
import { notificationProjector, registerNotificationProjectors } from './project-notifications.ts';
import { PLANNERS } from './event-notifications.ts';
import { createdEventsFor, notificationsOf, notificationsOfEvent, settleOutbox } from './notifications.test-support.ts';

const START = new Date('2030-03-10T12:00:00Z');

describe('domain events → notifications (outbox projectors)', () => {
  let t: TestApp;
  let owner: UserRow;
  let guest: UserRow;
  let admin: UserRow;
  let property: Awaited<ReturnType<typeof createProperty>>;
  let reservation: Awaited<ReturnType<typeof seedReservation>>;
  let published: PublishedEvent[];
  before(async () => {
    t = await createTestApp({ start: START });
    owner = await createUser(t.deps, { role: 'owner' });
    guest = await createUser(t.deps);
    admin = await createUser(t.deps, { role: 'admin' });
    property = await createProperty(t.deps, owner.id, { publicName: 'Harbour loft' });
    reservation = await seedReservation(t.deps, {
      propertyId: property.id,
      guestId: guest.id,
      checkin: '2030-04-01',
      checkout: '2030-04-04',
      totalMinor: 42900,
    });
    published = [];
    t.deps.bus.subscribe('*', (m) => void published.push(m.payload as PublishedEvent));
  });
  after(() => t.close());
  beforeEach(() => settleOutbox(t.deps));

  const insert = (topic: string, data: object) =>
    t.deps.db.transaction((tx) => platformRepository(tx).insertEvent(topic, data));
  /** Writes the event, lets the relay run, and returns its notifications by recipient. */
  const project = async (topic: string, data: object) => {
    const id = await insert(topic, data);
    await settleOutbox(t.deps);
    return { id, rows: await notificationsOfEvent(t.deps, id) };
  };
  const r = () => ({
    reservation_id: reservation.id,
    property_id: property.id,
    guest_id: guest.id,
    owner_id: owner.id,
  });
  const who = (rows: Array<{ userId: number; type: string }>) =>
    rows.map((n) => [n.userId === guest.id ? 'guest' : n.userId === owner.id ? 'owner' : n.userId, n.type]).sort();
  const ref = () => reservation.bookingRefCode;

  it('reservation.created tells the owner (new_reservation) with the listing, reference and dates', async () => {
    const { rows } = await project('reservation.created', { ...r(), total: '429.00', currency: 'EUR' });
    assert.deepEqual(who(rows), [['owner', 'new_reservation']]);
    const [n] = rows;
    assert.equal(n!.title, 'New reservation');
    assert.match(n!.message, new RegExp(`booked Harbour loft \\(2030-04-01 to 2030-04-04\\), reference ${ref()}`));
    assert.deepEqual(n!.payload, {
      reservation_id: reservation.id,
      property_id: property.id,
      property_name: 'Harbour loft',
      booking_ref_code: ref(),
      checkin_date: '2030-04-01',
      checkout_date: '2030-04-04',
      guest_name: `${guest.firstName} ${guest.lastName}`,
      total: '429.00',
      currency: 'EUR',
    });
    assert.equal(n!.createdAt.getTime(), START.getTime());
  });

  it('reservation.confirmed and payment.received tell guest and owner', async () => {
    const confirmed = await project('reservation.confirmed', { ...r(), total: '429.00', currency: 'EUR' });
    assert.deepEqual(who(confirmed.rows), [
      ['guest', 'reservation_confirmed'],
      ['owner', 'reservation_confirmed'],
    ]);
    assert.match(
      confirmed.rows.find((n) => n.userId === guest.id)!.message,
      /^Your stay at Harbour loft .* is confirmed/,
    );

    const paid = await project('payment.received', {
      reservation_id: reservation.id,
      guest_id: guest.id,
      owner_id: owner.id,
      amount: '429.00',
      currency: 'EUR',
    });
    assert.deepEqual(who(paid.rows), [
      ['guest', 'payment_received'],
      ['owner', 'payment_received'],
    ]);
    for (const n of paid.rows) {
      assert.match(n.message, /429\.00 EUR/);
      assert.equal((n.payload as { amount: string }).amount, '429.00');
    }
  });

  it('reservation.cancelled tells both, saying who cancelled and the refund', async () => {
    const { rows } = await project('reservation.cancelled', {
      ...r(),
      cancelled_by: guest.id,
      cancelled_by_role: 'guest',
      previous_status: 'confirmed',
      reason: 'Plans changed',
      refund_amount: '300.00',
      currency: 'EUR',
    });
    assert.deepEqual(who(rows), [
      ['guest', 'reservation_cancelled'],
      ['owner', 'reservation_cancelled'],
    ]);
    const g = rows.find((n) => n.userId === guest.id)!;
    const o = rows.find((n) => n.userId === owner.id)!;
    assert.equal(
      g.message,
      `You cancelled reservation ${ref()} at Harbour loft (2030-04-01 to 2030-04-04). A refund of 300.00 EUR is on its way.`,
    );
    assert.equal(
      o.message,
      `Reservation ${ref()} at Harbour loft (2030-04-01 to 2030-04-04) was cancelled by the guest; the dates are free again.`,
    );
    assert.equal((o.payload as { reason: string }).reason, 'Plans changed');

    const byStaff = await project('reservation.cancelled', {
      ...r(),
      cancelled_by: admin.id,
      cancelled_by_role: 'admin',
      reason: null,
      refund_amount: '0.00',
      currency: 'EUR',
    });
    assert.match(byStaff.rows.find((n) => n.userId === guest.id)!.message, /was cancelled by our team\.$/);
  });

  it('reservation.expired is a reservation_cancelled for guest and owner, saying the hold expired', async () => {
    const { rows } = await project('reservation.expired', {
      reservation_id: reservation.id,
      property_id: property.id,
      guest_id: guest.id,
    });
    assert.deepEqual(who(rows), [
      ['guest', 'reservation_cancelled'],
      ['owner', 'reservation_cancelled'],
    ]);
    for (const n of rows) {
      assert.equal(n.title, 'Reservation expired');
      assert.match(n.message, /expired/);
      assert.equal((n.payload as { reason: string }).reason, 'expired');
    }
  });

  it('reservation.modified tells the other party, or both when staff changed it (general)', async () => {
    const change = {
      old: { checkin_date: '2030-03-30', checkout_date: '2030-04-02', total: '300.00' },
      new: { checkin_date: '2030-04-01', checkout_date: '2030-04-04', total: '429.00' },
      additional_due: '129.00',
      refund_amount: '0.00',
      currency: 'EUR',
    };
    const byGuest = await project('reservation.modified', { ...r(), modified_by: guest.id, ...change });
    assert.deepEqual(who(byGuest.rows), [['owner', 'general']]);
    assert.equal(
      byGuest.rows[0]!.message,
      `Reservation ${ref()} at Harbour loft now runs from 2030-04-01 to 2030-04-04 (was 2030-03-30 to 2030-04-02).`,
    );
    const byOwner = await project('reservation.modified', { ...r(), modified_by: owner.id, ...change });
    assert.deepEqual(who(byOwner.rows), [['guest', 'general']]);
    const byAdmin = await project('reservation.modified', { ...r(), modified_by: admin.id, ...change });
    assert.deepEqual(who(byAdmin.rows), [
      ['guest', 'general'],
      ['owner', 'general'],
    ]);
  });

  it('refund.requested tells the guest (refund_pending); review.created tells the owner (general)', async () => {
    const refund = await project('refund.requested', {
      reservation_id: reservation.id,
      guest_id: guest.id,
      owner_id: owner.id,
      amount: '120.00',
      currency: 'EUR',
      reason: 'cancellation',
    });
    assert.deepEqual(who(refund.rows), [['guest', 'refund_pending']]);
    assert.match(refund.rows[0]!.message, /A refund of 120\.00 EUR/);
    const review = await project('review.created', {
      review_id: 5,
      reservation_id: reservation.id,
      property_id: property.id,
      rating: 4,
    });
    assert.deepEqual(who(review.rows), [['owner', 'general']]);
    assert.match(review.rows[0]!.message, /Harbour loft 4\/5/);
    assert.equal((review.rows[0]!.payload as { rating: number }).rating, 4);
  });

  it('refund.succeeded tells the guest; chatbot.handoff tells every active support agent (general)', async () => {
    const sent = await project('refund.succeeded', {
      refund_id: 9,
      reservation_id: reservation.id,
      amount: '120.00',
      currency: 'EUR',
      reason: 'cancellation',
    });
    assert.deepEqual(who(sent.rows), [['guest', 'general']]);
    assert.match(sent.rows[0]!.message, /refund of 120\.00 EUR .* has been sent/);
    const agents = [await createUser(t.deps, { role: 'support' }), await createUser(t.deps, { role: 'support' })];
    const away = await createUser(t.deps, { role: 'support' });
    await t.deps.db.execute(`UPDATE users SET is_active = false WHERE id = ${away.id}`);
    const handoff = await project('chatbot.handoff', {
      conversation_id: 3,
      user_id: guest.id,
      property_id: property.id,
      question: 'Can I bring my boat?',
    });
    const got = handoff.rows.map((n) => n.userId);
    for (const a of agents) assert.ok(got.includes(a.id));
    assert.ok(!got.includes(away.id) && !got.includes(guest.id) && !got.includes(admin.id));
    assert.ok(handoff.rows.every((n) => n.type === 'general' && n.message === 'Can I bring my boat?'));
  });

  it('owner_request.approved / rejected tell the applicant (general)', async () => {
    const applicant = await createUser(t.deps);
    const ok = await project('owner_request.approved', { request_id: 3, user_id: applicant.id });
    assert.deepEqual(
      ok.rows.map((n) => [n.userId, n.type, n.title]),
      [[applicant.id, 'general', 'Host application approved']],
    );
    const no = await project('owner_request.rejected', {
      request_id: 4,
      user_id: applicant.id,
      reason: 'The ID document is unreadable',
    });
    assert.equal(
      no.rows[0]!.message,
      'Your application to become a host was not approved: The ID document is unreadable',
    );
    assert.deepEqual(no.rows[0]!.payload, {
      request_id: 4,
      status: 'rejected',
      reason: 'The ID document is unreadable',
    });
  });

  it('message.created tells the receiver (message) with a preview; an external receiver gets none', async () => {
    const long = `Hello!\n\n${'x'.repeat(300)}`;
    const { rows } = await project('message.created', {
      message_id: 77,
      sender_id: guest.id,
      receiver_id: owner.id,
      sender_name: 'Ann G',
      content: long,
      kind: 'text',
      created_at: START.toISOString(),
      reservation_id: reservation.id,
    });
    assert.deepEqual(who(rows), [['owner', 'message']]);
    assert.equal(rows[0]!.title, 'New message from Ann G');
    assert.equal(rows[0]!.message.length, 140);
    assert.ok(rows[0]!.message.startsWith('Hello! xxx') && rows[0]!.message.endsWith('…'));
    assert.deepEqual(rows[0]!.payload, {
      message_id: 77,
      sender_id: guest.id,
      sender_name: 'Ann G',
      kind: 'text',
      reservation_id: reservation.id,
    });
    const image = await project('message.created', {
      message_id: 78,
      sender_id: null,
      receiver_id: owner.id,
      sender_name: 'Booking guest',
      content: '',
      kind: 'image',
      created_at: START.toISOString(),
    });
    assert.equal(image.rows[0]!.message, 'sent you an image');
    const external = await project('message.created', {
      message_id: 79,
      sender_id: owner.id,
      receiver_id: null,
      sender_name: 'Host',
      content: 'Hi',
      kind: 'text',
      created_at: START.toISOString(),
    });
    assert.deepEqual(external.rows, []);
  });

  it('writes nothing for an unmapped topic or a reservation that does not exist, and still publishes the event', async () => {
    const completed = await project('reservation.completed', { ...r(), feedback_id: 'x' });
    assert.deepEqual(completed.rows, []);
    const gone = await project('reservation.confirmed', {
      reservation_id: 999999,
      guest_id: guest.id,
      owner_id: owner.id,
    });
    assert.deepEqual(gone.rows, []);
    assert.ok(published.some((e) => e.eventId === gone.id));
    const [row] = await t.deps.db.select().from(outboxEvents).where(eq(outboxEvents.id, gone.id));
    assert.ok(row!.publishedAt);
  });

  it('projects a pass of many events at once (one context read, one insert), in outbox order, as one event at a time would', async () => {
    const second = await seedReservation(t.deps, {
      propertyId: property.id,
      guestId: guest.id,
      checkin: '2030-06-01',
      checkout: '2030-06-03',
      totalMinor: 20000,
    });
    const ids = [
      await insert('reservation.created', { ...r(), total: '429.00', currency: 'EUR' }),
      await insert('reservation.completed', { ...r() }),
      await insert('reservation.confirmed', { ...r(), reservation_id: second.id }),
      await insert('reservation.confirmed', { reservation_id: 999999 }),
      await insert('owner_request.approved', { user_id: guest.id, request_id: 5 }),
    ];
    const seen: PublishedEvent<NotificationCreated>[] = [];
    const stop = t.deps.bus.subscribe(
      'notification.created',
      (m) => void seen.push(m.payload as PublishedEvent<NotificationCreated>),
    );
    try {
      await t.deps.outbox.drain();
    } finally {
      stop();
    }
    const rows = await Promise.all(ids.map((id) => notificationsOfEvent(t.deps, id)));
    assert.deepEqual(
      rows.map((x) => who(x)),
      [
        [['owner', 'new_reservation']],
        [],
        [
          ['guest', 'reservation_confirmed'],
          ['owner', 'reservation_confirmed'],
        ],
        [],
        [['guest', 'general']],
      ],
    );
    assert.match(
      rows[2]!.find((n) => n.userId === guest.id)!.message,
      new RegExp(`reference ${second.bookingRefCode}`),
    );
    // Ids, and the 'notification.created' events, follow the events' order.
    const groups = rows.filter((x) => x.length).map((x) => x.map((n) => n.id));
    for (let i = 1; i < groups.length; i++)
      assert.ok(Math.max(...groups[i - 1]!) < Math.min(...groups[i]!), JSON.stringify(groups));
    const all = groups.flat().sort((a, b) => a - b);
    assert.deepEqual(
      seen.map((e) => e.data.notification_id),
      all,
    );
  });

  it("writes one 'notification.created' event per notification and publishes it in the same drain, after its source", async () => {
    const seen: PublishedEvent<NotificationCreated>[] = [];
    const stop = t.deps.bus.subscribe(
      'notification.created',
      (m) => void seen.push(m.payload as PublishedEvent<NotificationCreated>),
    );
    const id = await insert('reservation.confirmed', { ...r(), total: '429.00', currency: 'EUR' });
    await t.deps.outbox.drain();
    stop();
    const rows = await notificationsOfEvent(t.deps, id);
    assert.equal(rows.length, 2);
    const events = await createdEventsFor(
      t.deps,
      rows.map((n) => n.id),
    );
    assert.equal(events.length, 2);
    assert.ok(events.every((e) => e.publishedAt && e.id > id));
    const forGuest = seen.find((e) => e.data.user_id === guest.id)!;
    const n = rows.find((x) => x.userId === guest.id)!;
    assert.deepEqual(forGuest.data, {
      notification_id: n.id,
      user_id: guest.id,
      type: 'reservation_confirmed',
      title: n.title,
      message: n.message,
      data: n.payload,
      created_at: START.toISOString(),
    });
    assert.equal(seen.length, 2);
    const order = published.map((e) => e.eventId);
    assert.ok(order.indexOf(id) < order.indexOf(forGuest.eventId));
  });

  it('is exactly once per event and recipient: draining again, re-projecting or a refused publish add nothing', async () => {
    const { id, rows } = await project('payment.received', {
      reservation_id: reservation.id,
      amount: '10.00',
      currency: 'EUR',
    });
    assert.equal(rows.length, 2);
    const eventsBefore = await createdEventsFor(
      t.deps,
      rows.map((n) => n.id),
    );

    await t.deps.outbox.drain();
    // As if the relay had died after projecting but before marking the event published.
    await t.deps.db.update(outboxEvents).set({ publishedAt: null }).where(eq(outboxEvents.id, id));
    await settleOutbox(t.deps);
    const projector = notificationProjector(PLANNERS['payment.received']!);
    const event = {
      eventId: id,
      topic: 'payment.received',
      occurredAt: START.toISOString(),
      data: { reservation_id: reservation.id, amount: '10.00', currency: 'EUR' },
    };
    assert.equal(await t.deps.db.transaction((tx) => projector({ tx, event, now: t.clock.now() })), 0);

    // A relay whose bus refuses the event projects it, keeps it unpublished, and a later pass adds nothing.
    const refused = await insert('reservation.confirmed', { ...r() });
    const failing = new MemoryEventBus();
    failing.publish = async () => {
      throw new Error('bus down');
    };
    const flaky = registerNotificationProjectors(new OutboxRelay(t.deps.db, failing, t.clock));
    assert.equal(await flaky.drain(), 0);
    assert.equal((await notificationsOfEvent(t.deps, refused)).length, 2);
    await settleOutbox(t.deps);

    assert.deepEqual(
      (await notificationsOfEvent(t.deps, id)).map((n) => n.id),
      rows.map((n) => n.id),
    );
    assert.deepEqual(
      (
        await createdEventsFor(
          t.deps,
          rows.map((n) => n.id),
        )
      ).map((e) => e.id),
      eventsBefore.map((e) => e.id),
    );
    assert.equal((await notificationsOfEvent(t.deps, refused)).length, 2);
    assert.equal(
      (
        await createdEventsFor(
          t.deps,
          (await notificationsOfEvent(t.deps, refused)).map((n) => n.id),
        )
      ).length,
      2,
    );
  });

  it('from the real routes: a booking tells the owner, who reads it through REST; its cancellation tells both', async () => {
    const g = await createUser(t.deps);
    const gTok = await loginAs(t.app, g);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: bearer(gTok),
      payload: {
        property_id: property.id,
        checkin_date: '2030-05-01',
        checkout_date: '2030-05-03',
        guests: { adults: 1 },
      },
    });
    assert.equal(booked.statusCode, 201, booked.body);
    const id = booked.json().data.id as number;
    await settleOutbox(t.deps);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(await loginAs(t.app, owner)) })
    ).json();
    const n = list.data.find((x: { payload: string }) => JSON.parse(x.payload).reservation_id === id);
    assert.ok(n, JSON.stringify(list.data));
    assert.equal(n.title, 'New reservation');
    assert.equal(JSON.parse(n.payload).property_name, 'Harbour loft');
    assert.equal((await notificationsOf(t.deps, g.id)).length, 0);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${id}/cancel`,
      headers: bearer(gTok),
      payload: {},
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    await settleOutbox(t.deps);
    const rows = await t.deps.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [g.id, owner.id]));
    const aboutIt = rows.filter(
      (x) => (x.payload as { reservation_id?: number }).reservation_id === id && x.type === 'reservation_cancelled',
    );
    assert.deepEqual(aboutIt.map((x) => x.userId).sort(), [g.id, owner.id].sort());
  });
});
