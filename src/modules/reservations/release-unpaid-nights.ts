// A payment's delayed method failed (payments/fail-delayed-payment.ts, issue 49): the nights it
// was to pay for are released at once rather than at the hold's or the change's deadline.
//
// Decisions:
// - a reservation payment of a pending booking, for its current version: the booking expires now
//   (nights released, its other open checkouts closed, reservation.expired tells guest and owner),
//   exactly as the hold-expiry job would have;
// - an additional payment of a change still waiting for its money: the change is reverted
//   (revert-unpaid-change.ts);
// - anything else (the booking changed, was paid another way, or already expired) is left alone:
//   the failed payment owed nothing any more.
import type { Tx } from '../../db/connection.ts';
import type { Deps } from '../../kernel/deps.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { inventoryRepository } from './inventory.repository.ts';
import { reservationChangesRepository } from './reservation-changes.repository.ts';
import { reservationsRepository } from './reservations.repository.ts';
import { revertUnpaidChange } from './revert-unpaid-change.ts';

export interface FailedPayment {
  reservationId: number;
  type: string;
  reservationVersion: number;
  now: Date;
}

/** Releases what the failed payment was for, in the caller's transaction; sessions to expire after commit, or null. */
export async function releaseUnpaidNights(
  deps: Deps,
  tx: Tx,
  p: FailedPayment,
): Promise<{ propertyId: number; sessions: string[] } | null> {
  const reservation = await reservationChangesRepository(tx).lock(p.reservationId);
  if (!reservation || reservation.version !== p.reservationVersion) return null;
  if (p.type === 'additional') return revertUnpaidChange(deps, tx, { id: reservation.id, now: p.now });
  if (reservation.status !== 'pending' || reservation.paidMinor - reservation.refundRequestedMinor !== 0) return null;
  const repo = reservationsRepository(tx);
  const inventory = inventoryRepository(tx);
  for (const line of await repo.roomLines([reservation.id])) {
    await inventory.release({
      propertyId: reservation.propertyId,
      roomTypeId: line.roomTypeId,
      checkin: reservation.checkinDate,
      checkout: reservation.checkoutDate,
      count: line.roomsCount,
    });
  }
  await repo.setStatus([reservation.id], 'pending', 'expired', p.now);
  await platformRepository(tx).insertEvent('reservation.expired', {
    reservation_id: reservation.id,
    property_id: reservation.propertyId,
    guest_id: reservation.guestId,
  });
  return { propertyId: reservation.propertyId, sessions: await repo.expirePendingPayments([reservation.id], p.now) };
}
