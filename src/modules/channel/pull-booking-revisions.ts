// Pulls the channel manager's unacknowledged booking revisions and applies them in feed order.
// A revision is acknowledged only after its transaction committed; a crash in between just means
// the next pull finds it recorded, skips it and acknowledges it then. Run by the webhook (after
// answering), by the 'channel-pull' job (a lost webhook), and by tests.
import type { Deps } from '../../container.ts';
import { afterCommit, publishAfterCommit } from '../../platform/after-commit.ts';
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
      await repo.recordFailure(null, 'booking', `Booking revision ${rev.id} (booking ${rev.bookingId}) could not be applied: ${(err as Error).message}`);
      summary.failed += 1;
      continue;
    }
    if (outcome.kind === 'unmapped') {
      // Left unacknowledged: it stays in the feed until the listing or room type is linked.
      await repo.recordFailure(outcome.propertyId, 'booking', `Booking revision ${rev.id} not applied: ${outcome.reason}`);
      summary.unmapped += 1;
      continue;
    }
    if (outcome.kind === 'applied') {
      summary.applied += 1;
      if (outcome.overbooked) summary.overbooked += 1;
      const propertyId = outcome.propertyId;
      await afterCommit(deps, 'property cache invalidation', () => deps.propertyCache.invalidate(propertyId, 'nights'));
      publishAfterCommit(deps);
    } else if (outcome.kind === 'duplicate') summary.duplicates += 1;
    else summary.stale += 1;
    try {
      await channel.ackBookingRevision(rev.id);
      await repo.markAcked(rev.id, deps.clock.now());
    } catch (err) {
      deps.log.warn({ err, revision: rev.id }, 'acknowledging a booking revision failed; the next pull acknowledges it');
    }
  }
  return summary;
}
