// What a payment received for a booking does to it (contract §7), decided and written in the
// payment's transaction (payments/confirm-payment.ts, which has locked the reservation, then the
// payment row, and recorded the money as received).
//
// Decisions:
// - a payment counts towards the booking only when it pays what is owed now for the version it
//   was opened for: a reservation payment for a pending booking confirms it (hold cleared); one
//   that lands after the hold lapsed confirms too if the nights can be taken again; an
//   additional payment pays the surplus of a confirmed booking that it does not overpay (paying
//   it all ends the change's deadline and releases the nights only the old stay needed);
// - anything else is refunded in full at once, pinned to that payment: reason 'superseded' when
//   the booking changed or was cancelled since the checkout was opened, 'late_payment' when the
//   nights are gone or nothing is owed that way any more. So what the booking holds never
//   exceeds its total, and a payment is never counted twice.
import type { Tx } from '../../db/connection.ts';
import { heldRuns, moveHeldNights, staysHeld } from './held-nights.ts';
import { inventoryRepository } from './inventory.repository.ts';
import { reservationChangesRepository } from './reservation-changes.repository.ts';
import { reservationWritesRepository, type ReservationRow } from './reservations.repository.ts';

/** The payment as recorded: what it was opened for. */
export interface ReceivedPayment {
  id: number;
  type: string;
  amountMinor: number;
  reservationVersion: number;
}

export type Settlement = { counted: true } | { counted: false; refundReason: 'superseded' | 'late_payment' };

/**
 * Confirms the booking or requests the payment's refund; `owedBefore` is what the booking owed
 * before this payment was recorded. The caller announces the outcome.
 */
export async function settlePaidReservation(
  tx: Tx,
  r: ReservationRow,
  payment: ReceivedPayment,
  owedBefore: number,
  now: Date,
): Promise<Settlement> {
  const superseded = payment.reservationVersion !== r.version;
  if (!superseded && (await counts(tx, r, payment, owedBefore))) {
    if (payment.type === 'reservation') await reservationChangesRepository(tx).confirmPaid(r.id, now);
    else if (r.paidStay && payment.amountMinor >= owedBefore) await finishPaidChange(tx, r, now);
    return { counted: true };
  }
  const refundReason = superseded ? 'superseded' : 'late_payment';
  await reservationChangesRepository(tx).requestRefund({
    reservationId: r.id,
    paymentId: payment.id,
    amountMinor: payment.amountMinor,
    currency: r.currency,
    reason: refundReason,
    at: now,
  });
  return { counted: false, refundReason };
}

/**
 * Whether a payment on a current request pays what is owed: the reservation payment of a pending
 * booking (or of an expired one whose nights can be taken again), or a surplus of a confirmed one
 * that it does not overpay.
 */
async function counts(tx: Tx, r: ReservationRow, payment: ReceivedPayment, owedBefore: number): Promise<boolean> {
  if (payment.type === 'additional')
    return (r.status === 'confirmed' || r.status === 'completed') && payment.amountMinor <= owedBefore;
  if (payment.amountMinor !== owedBefore) return false;
  if (r.status === 'pending') return true;
  return r.status === 'expired' && (await takeNightsAgain(tx, r));
}

/** A change paid in full: the nights only the stay as previously paid needed are released. */
async function finishPaidChange(tx: Tx, r: ReservationRow, now: Date): Promise<void> {
  const lines = await reservationWritesRepository(tx).rooms(r.id);
  const current = { checkin: r.checkinDate, checkout: r.checkoutDate, lines };
  await moveHeldNights(tx, r.propertyId, heldRuns(staysHeld(current, r.paidStay)), heldRuns([current]));
  await reservationChangesRepository(tx).update(r.id, { paidStay: null, changeExpiresAt: null, updatedAt: now });
}

class NightsTaken extends Error {}

/**
 * An expired booking's nights taken again for a late payment, in a savepoint, so a partial hold
 * leaves nothing behind while the payment itself stays recorded (even past hold_expires_at a
 * pending booking still holds its nights until the expiry job runs).
 */
async function takeNightsAgain(tx: Tx, r: ReservationRow): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      const lines = await reservationWritesRepository(sp).rooms(r.id);
      const counts = lines.some((l) => l.roomTypeId !== 0)
        ? await reservationWritesRepository(sp).roomCounts(r.propertyId)
        : new Map<number, number>();
      const inventory = inventoryRepository(sp);
      await inventory.lockNights(
        r.propertyId,
        lines.map((l) => l.roomTypeId),
        r.checkinDate,
        r.checkoutDate,
      );
      for (const l of lines) {
        const held = await inventory.hold({
          propertyId: r.propertyId,
          roomTypeId: l.roomTypeId,
          checkin: r.checkinDate,
          checkout: r.checkoutDate,
          count: l.roomsCount,
          defaultAvailable: l.roomTypeId === 0 ? 1 : (counts.get(l.roomTypeId) ?? 0),
        });
        if (!held) throw new NightsTaken();
      }
    });
    return true;
  } catch (err) {
    if (err instanceof NightsTaken) return false;
    throw err;
  }
}
