// POST /reservations/{id}/cancel (contract §6): the nights go back on sale and the refund the
// cancellation policy allows is requested, in one transaction.
//
// Decisions:
// - guest, owner, admin and support may cancel; anyone else gets 404;
// - only pending or confirmed (409 otherwise; a second cancel is 409, so a retry never requests a
//   second refund);
// - the refund is taken from what the platform holds for the booking (paid minus refunds already
//   requested): in full when the listing's owner or an admin cancels; otherwise by the policy
//   snapshot kept on the reservation, against the check-in instant in the listing's time zone
//   (the check-in time kept at booking, else the listing's, else 15:00); an unpaid booking
//   refunds nothing;
// - the booking moves to a new version: its open checkouts stop being payable (expired here and
//   at the processor after commit); a payment that still lands on one is refunded in full.
import type { Deps } from '../../kernel/deps.ts';
import type { Tx } from '../../db/connection.ts';
import { commitNightsChange, lockForChange } from './commit-nights-change.ts';
import { AppError } from '../../platform/errors.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { formatMinor } from '../../kernel/money.ts';
import { syncOwnerEarnings } from '../payouts/index.ts';
import { checkinInstant, refundFor } from '../pricing/index.ts';
import { heldRuns, moveHeldNights, staysHeld } from './held-nights.ts';
import type { ReservationRole } from './reservation-access.ts';
import { reservationChangesRepository } from './reservation-changes.repository.ts';
import type { PriceSnapshot } from './reservation-view.ts';
import {
  reservationWritesRepository,
  type ReservationRoomRow,
  type ReservationRow,
} from './reservations.repository.ts';

const CANCELLABLE = new Set(['pending', 'confirmed']);
const DEFAULT_CHECKIN_TIME = '15:00:00';

export interface CancelledReservation {
  reservation: ReservationRow;
  lines: ReservationRoomRow[];
  refundMinor: number;
  supersededSessions: string[];
}

export async function cancelReservation(
  deps: Deps,
  user: AuthUser,
  id: number,
  reason: string | null,
): Promise<CancelledReservation> {
  return commitNightsChange(deps, (tx) => cancelInTransaction(deps, tx, user, id, reason));
}

async function cancelInTransaction(
  deps: Deps,
  tx: Tx,
  user: AuthUser,
  id: number,
  reason: string | null,
): Promise<CancelledReservation> {
  const now = deps.clock.now();
  const repo = reservationChangesRepository(tx);
  const { locked, property, currencyDecimals, role } = await lockForChange(tx, user, id);
  if (!CANCELLABLE.has(locked.status))
    throw new AppError('CONFLICT', `A ${locked.status} reservation cannot be cancelled`);

  const lines = await reservationWritesRepository(tx).rooms(id);
  // Everything it holds: a change waiting for its money holds the paid stay's nights too.
  const stay = { checkin: locked.checkinDate, checkout: locked.checkoutDate, lines };
  await moveHeldNights(tx, locked.propertyId, heldRuns(staysHeld(stay, locked.paidStay)), []);

  const held = await repo.balance(id);
  const refund = refundOnCancel({ role, reservation: locked, held, listing: property, now });
  const supersededSessions = await repo.supersedeCheckouts(id, now);
  if (refund > 0)
    await repo.requestRefund({
      reservationId: id,
      amountMinor: refund,
      currency: locked.currency,
      reason: 'cancellation',
      at: now,
    });
  const reservation = await repo.update(id, {
    status: 'cancelled',
    cancelledAt: now,
    cancelReason: reason,
    cancelledBy: user.id,
    cancellationRefundMinor: refund,
    holdExpiresAt: null,
    paidStay: null,
    changeExpiresAt: null,
    updatedAt: now,
  });

  await syncOwnerEarnings(deps, tx, id, `cancellation:${id}`, now);

  const decimals = (locked.priceSnapshot as PriceSnapshot).currency?.decimals ?? currencyDecimals ?? 2;
  const events = platformRepository(tx);
  await events.insertEvent('reservation.cancelled', {
    reservation_id: id,
    property_id: locked.propertyId,
    guest_id: locked.guestId,
    owner_id: property.ownerId,
    cancelled_by: user.id,
    cancelled_by_role: role,
    previous_status: locked.status,
    reason,
    refund_amount: formatMinor(refund, decimals),
    currency: locked.currency,
  });
  if (refund > 0) {
    await events.insertEvent('refund.requested', {
      reservation_id: id,
      guest_id: locked.guestId,
      owner_id: property.ownerId,
      amount: formatMinor(refund, decimals),
      currency: locked.currency,
      reason: 'cancellation',
    });
  }
  return { reservation, lines, refundMinor: refund, supersededSessions };
}

/** What a cancellation gives back of the `held` money, by who cancels and the booked policy. */
function refundOnCancel(cancel: {
  role: ReservationRole;
  reservation: ReservationRow;
  held: number;
  listing: { timezone: string; checkInTime: string | null };
  now: Date;
}): number {
  const { role, reservation, held, listing, now } = cancel;
  if (held <= 0) return 0;
  if (role === 'owner' || role === 'admin') return held;
  const kept = (reservation.rulesSnapshot as { check_in_time?: string | null }).check_in_time;
  const time = kept ?? listing.checkInTime ?? DEFAULT_CHECKIN_TIME;
  return refundFor(reservation.cancellationPolicy, {
    checkinInstant: checkinInstant(reservation.checkinDate, time, listing.timezone),
    bookedAt: reservation.createdAt,
    now,
    paidMinor: held,
  });
}
