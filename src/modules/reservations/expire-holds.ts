// Unpaid holds give their nights back once `hold_expires_at` has passed (contract §6).
import type { Deps } from '../../kernel/deps.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { afterCommit, expireCheckouts, publishAfterCommit } from '../../platform/after-commit.ts';
import { inventoryRepository } from './inventory.repository.ts';
import { reservationsRepository } from './reservations.repository.ts';
import { revertLapsedChanges } from './revert-unpaid-change.ts';

export const EXPIRE_HOLDS_JOB = 'expire-reservation-holds';

/**
 * Expires every pending reservation whose hold ended before `now`, then reverts every change left
 * unpaid past its deadline (revert-unpaid-change.ts), batch by batch: each batch
 * changes status, nights and outbox in one transaction, so a crash leaves either all of a
 * reservation's effects or none. Rows another run holds are skipped (SKIP LOCKED), never
 * waited for or done twice. Returns how many reservations this call expired.
 */
export async function expireHolds(deps: Deps, now: Date = deps.clock.now(), batchSize = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const repo = reservationsRepository(tx);
      const locked = await repo.lockExpiredHolds(now, batchSize);
      if (!locked.length) return Object.assign(locked, { sessions: [] as string[] });
      const lines = await repo.roomLines(locked.map((r) => r.id));
      const inventory = inventoryRepository(tx);
      const events = platformRepository(tx);
      for (const r of locked) {
        for (const line of lines.filter((l) => l.reservationId === r.id)) {
          await inventory.release({
            propertyId: r.propertyId,
            roomTypeId: line.roomTypeId,
            checkin: r.checkin,
            checkout: r.checkout,
            count: line.roomsCount,
          });
        }
        await events.insertEvent('reservation.expired', {
          reservation_id: r.id,
          property_id: r.propertyId,
          guest_id: r.guestId,
        });
      }
      await repo.setStatus(
        locked.map((r) => r.id),
        'pending',
        'expired',
        now,
      );
      // Their checkout sessions stop being payable with them. The version stays: a payment that
      // still lands is the contract's late payment (confirmed if the nights are free, else refunded).
      const sessions = await repo.expirePendingPayments(
        locked.map((r) => r.id),
        now,
      );
      return Object.assign(locked, { sessions });
    });
    if (!batch.length) break;
    total += batch.length;
    await expireCheckouts(deps, batch.sessions);
    // Freed nights change the listing's calendar and availability.
    for (const propertyId of new Set(batch.map((r) => r.propertyId))) {
      await afterCommit(deps, 'listing change', () => deps.listings.changed(propertyId, 'nights'));
    }
    publishAfterCommit(deps);
    if (batch.length < batchSize) break;
  }
  // Changes of confirmed stays left unpaid past their deadline give their added nights back too.
  return total + (await revertLapsedChanges(deps, now, batchSize));
}
