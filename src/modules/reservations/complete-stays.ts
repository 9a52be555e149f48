// Confirmed stays become completed after check-out, and the guest gets a feedback link id.
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../kernel/deps.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { reservationsRepository } from './reservations.repository.ts';

export const COMPLETE_STAYS_JOB = 'complete-stays';

/** 192 random bits: the feedback page needs no login, so the id itself is the credential. */
export function newFeedbackId(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Completes every confirmed reservation whose check-out date is before today in its property's
 * time zone (a stay checking out on the 10th in Tokyo completes earlier than one in Los Angeles).
 * `now` comes from the clock port rather than the database's now(), so tests control it. The
 * event carries the feedback id because the notification that sends the guest the link needs it.
 */
export async function completeStays(deps: Deps, now: Date = deps.clock.now(), batchSize = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const repo = reservationsRepository(tx);
      const locked = await repo.lockStaysToComplete(now, batchSize);
      const events = platformRepository(tx);
      for (const r of locked) {
        const feedbackId = newFeedbackId();
        if (!(await repo.complete(r.id, feedbackId, now))) continue;
        await events.insertEvent('reservation.completed', {
          reservation_id: r.id,
          property_id: r.propertyId,
          guest_id: r.guestId,
          feedback_id: feedbackId,
        });
      }
      return locked.length;
    });
    total += done;
    if (done) publishAfterCommit(deps);
    if (done < batchSize) break;
  }
  return total;
}
