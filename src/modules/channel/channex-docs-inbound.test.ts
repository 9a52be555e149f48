// Issue 21, what we read: guest messages and booking revisions as Channex's documentation shapes
// them (threads with relationships, revisions whose room is not mapped, a paginated feed), served
// by the local Channex server (test/fakes/channex-*.ts). Points 1 and 7 of the issue, and the
// channel status showing what waits for the owner.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, isNull } from 'drizzle-orm';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { channelSyncFailures, messages, roomTypes } from '../../db/schema/index.ts';
import { pullBookingRevisions } from './pull-booking-revisions.ts';
import {
  bookingOf,
  day,
  linkedListing,
  ownerStatus,
  revision,
  settle,
  setUpInbound,
  tearDownInbound,
  webhook,
  type InboundCtx,
} from './channel-inbound.test-support.ts';

describe('what we read from Channex, as its documentation shapes it (issue 21)', () => {
  let c: InboundCtx;
  before(async () => {
    c = await setUpInbound();
  });
  after(() => tearDownInbound(c));

  it('1. stores guest messages of a documented thread (title and provider in attributes, property and booking under relationships), every page of them', async () => {
    const p = await linkedListing(c);
    revision(c, p.remote, 'b-thread', 'new', 10, 12);
    await pullBookingRevisions(c.t.deps);
    const texts = Array.from({ length: 12 }, (_, i) => `Question ${i + 1}: is there a cot?`);
    for (const text of texts)
      c.fake.addGuestMessage(
        'th-doc',
        { property_id: p.remote, booking_id: 'b-thread', provider: 'Airbnb', title: 'Rui Costa' },
        text,
      );
    await webhook(c, { event: 'message', property_id: p.remote, payload: { message_thread_id: 'th-doc' } });
    await settle(c);
    const stored = await c.t.deps.db
      .select()
      .from(messages)
      .where(eq(messages.externalThreadId, 'th-doc'))
      .orderBy(messages.id);
    assert.deepEqual(
      stored.map((m) => m.content),
      texts,
      'all 12 messages, past the first page of 10, in order',
    );
    const [booking] = await bookingOf(c, 'b-thread');
    assert.deepEqual(
      [
        stored[0]!.propertyId,
        stored[0]!.bookingId,
        stored[0]!.externalGuestName,
        stored[0]!.provider,
        stored[0]!.receiverId,
      ],
      [p.id, booking!.id, 'Rui Costa', 'OtaB', c.ownerId],
    );
    assert.deepEqual(
      await c.t.deps.db.select().from(channelSyncFailures).where(isNull(channelSyncFailures.propertyId)),
      [],
      'no failure against no listing',
    );
  });

  it('7. acknowledges a revision whose room is not mapped, flags it for the owner, and reads the whole feed, past its first page', async () => {
    const p = await createProperty(c.t.deps, c.ownerId, { channelPropertyId: 'cx-prop-rooms' });
    const { roomType } = await createRoomType(c.t.deps, p.id);
    await c.t.deps.db.update(roomTypes).set({ channelRoomTypeId: 'cx-rt-mapped' }).where(eq(roomTypes.id, roomType.id));
    const unmapped = revision(c, p.channelPropertyId!, 'b-unmapped', 'new', 70, 72, {
      rooms: [
        {
          room_type_id: null,
          rate_plan_id: null,
          checkin_date: day(70),
          checkout_date: day(72),
          occupancy: { adults: 2, children: 0, infants: 0 },
          amount: '300.00',
        },
      ],
    });
    const whole = await linkedListing(c);
    const ids = Array.from({ length: 24 }, (_, i) =>
      revision(c, whole.remote, `b-page-${i}`, 'new', 100 + 2 * i, 101 + 2 * i),
    );
    const summary = await pullBookingRevisions(c.t.deps);
    assert.equal(summary.applied, 24, JSON.stringify(summary));
    for (const id of [unmapped, ...ids]) assert.ok(c.fake.acked.includes(id), `revision ${id} acknowledged`);
    assert.equal((await bookingOf(c, 'b-page-23')).length, 1, 'the last page too');
    assert.equal((await bookingOf(c, 'b-unmapped')).length, 0, 'not placed on any unit');

    const s = await ownerStatus(c, p.id);
    assert.equal(s.unplaced_bookings.length, 1);
    const flagged = s.unplaced_bookings[0];
    assert.deepEqual(
      [flagged.booking_id, flagged.arrival, flagged.departure, flagged.platform],
      ['b-unmapped', day(70), day(72), 'BookingCom'],
    );
    assert.match(flagged.reason, /not mapped to any of this listing's room types/);
    await pullBookingRevisions(c.t.deps);
    assert.equal((await ownerStatus(c, p.id)).unplaced_bookings.length, 1, 'recorded once');
  });

  it('shows in the channel status the revisions applied here whose acknowledgement has not reached Channex yet', async () => {
    const p = await linkedListing(c);
    const id = revision(c, p.remote, 'b-ack', 'new', 40, 41);
    c.fake.failNext(`/booking_revisions/${id}/ack`, 503);
    await pullBookingRevisions(c.t.deps);
    assert.equal((await bookingOf(c, 'b-ack')).length, 1);
    assert.equal((await ownerStatus(c, p.id)).unacknowledged_revisions, 1);
    await pullBookingRevisions(c.t.deps);
    assert.ok(c.fake.acked.includes(id));
    assert.equal((await ownerStatus(c, p.id)).unacknowledged_revisions, 0);
  });
});
