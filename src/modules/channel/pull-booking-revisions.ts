// Pulls the channel manager's unacknowledged booking revisions (every page of the feed) and
// applies them in feed order. A revision is acknowledged only after its transaction committed; a
// crash in between just means the next pull finds it recorded, skips it and acknowledges it then.
// Run by the webhook (after answering), by the 'channel-pull' job (a lost webhook), and by tests.
//
// Every revision of a linked listing is acknowledged: Channex keeps returning an unacknowledged one
// in every feed call ("PMS is expected to Ack all bookings",
// https://docs.channex.io/api-v.1-documentation/bookings-collection). One whose room is not mapped
// (`room_type_id: null`, or a room type we never created) cannot be placed on a unit: it is
// recorded, flagged for the owner in the channel status, and acknowledged. A revision for a
// property linked to no listing here stays unacknowledged (it is applied once that listing is
// linked) and is recorded as a failure.
import type { Deps } from '../../kernel/deps.ts';
import { afterCommit, publishAfterCommit } from '../../platform/after-commit.ts';
import type { BookingRevision } from '../../ports/channel-manager.ts';
import { applyBookingRevision } from './apply-booking-revision.ts';
import { channelInboundRepository } from './channel-inbound.repository.ts';

export const CHANNEL_PULL_JOB = 'channel-pull';

export interface PullSummary {
  applied: number;
  duplicates: number;
  stale: number;
  overbooked: number;
  unmapped: number;
  failed: number;
}

/** Why a booking is not on the calendar, in the owner's words. */
function unplacedReason(rev: BookingRevision): string {
  const unmapped = rev.rooms.find((r) => r.roomTypeId === null);
  const what =
    unmapped || !rev.rooms.length
      ? "its room is not mapped to any of this listing's room types in Channex"
      : `its room (Channex room type ${rev.rooms[0]!.roomTypeId}) is not mapped to any of this listing's room types`;
  return (
    `A ${rev.status === 'cancelled' ? 'cancellation' : 'booking'} from ${rev.otaName || 'a travel platform'} for ${rev.arrivalDate} to ${rev.departureDate} ` +
    `arrived but ${what}: it is not on your calendar. Place the guest by hand and map the room in Channex.`
  );
}

export async function pullBookingRevisions(deps: Deps): Promise<PullSummary> {
  const summary: PullSummary = { applied: 0, duplicates: 0, stale: 0, overbooked: 0, unmapped: 0, failed: 0 };
  const channel = deps.channel;
  if (!channel) return summary;
  const repo = channelInboundRepository(deps.db);
  let feed;
  try {
    feed = await channel.bookingRevisionsFeed();
  } catch (err) {
    await repo.recordFailure(null, 'booking', `Reading the booking revisions feed failed: ${(err as Error).message}`);
    summary.failed += 1;
    return summary;
  }
  for (const rev of feed) {
    let outcome;
    try {
      outcome = await applyBookingRevision(deps, rev);
    } catch (err) {
      deps.log.error({ err, revision: rev.id }, 'applying a booking revision failed');
      await repo.recordFailure(
        null,
        'booking',
        `Booking revision ${rev.id} (booking ${rev.bookingId}) could not be applied: ${(err as Error).message}`,
      );
      summary.failed += 1;
      continue;
    }
    if (outcome.kind === 'unmapped') {
      summary.unmapped += 1;
      if (outcome.propertyId === null) {
        await repo.recordFailure(null, 'booking', `Booking revision ${rev.id} not applied: ${outcome.reason}`);
        continue;
      }
      await repo.recordUnplaced({
        revisionId: rev.id,
        remoteBookingId: rev.bookingId,
        propertyId: outcome.propertyId,
        status: rev.status,
        reason: unplacedReason(rev),
        payload: { ...rev },
        at: deps.clock.now(),
      });
    } else if (outcome.kind === 'applied') {
      summary.applied += 1;
      if (outcome.overbooked) summary.overbooked += 1;
      const propertyId = outcome.propertyId;
      await afterCommit(deps, 'listing change', () => deps.listings.changed(propertyId, 'nights'));
      publishAfterCommit(deps);
    } else if (outcome.kind === 'duplicate') summary.duplicates += 1;
    else summary.stale += 1;
    try {
      await channel.ackBookingRevision(rev.id);
      await repo.markAcked(rev.id, deps.clock.now());
    } catch (err) {
      deps.log.warn(
        { err, revision: rev.id },
        'acknowledging a booking revision failed; the next pull acknowledges it',
      );
    }
  }
  return summary;
}
