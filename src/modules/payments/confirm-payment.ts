// The one confirmation path (contract §7): the verify endpoint, the processor's webhook and the
// local checkout page all land here with the processor's view of a checkout session. Whatever
// races, the payment row is locked first, so a payment is marked paid, added to the reservation
// and announced exactly once; every later call sees `paid` and changes nothing.
//
// Decisions:
// - the processor's session must say paid, for exactly the amount and currency of our payment
//   row; a mismatch marks nothing paid, is logged, and answers 409 (never confirm on a guess);
// - a reservation payment for a pending booking confirms it (hold cleared). One that lands after
//   the hold lapsed confirms too if the nights can be taken again; if they cannot, or the guest
//   had cancelled meanwhile, the money is kept as paid and a full refund is requested at once
//   (reason 'late_payment'), and the guest is told through the refund event;
// - an additional payment (after a modification) adds to what was paid and clears the badge;
// - the owner's earnings ledger follows in the same transaction.
import type { Deps } from '../../container.ts';
import type { Tx } from '../../db/connection.ts';
import { afterCommit, publishAfterCommit } from '../../platform/after-commit.ts';
import { AppError } from '../../platform/errors.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { CheckoutSession } from '../../ports/payment-processor.ts';
import { formatMinor } from '../catalog/money.ts';
import { currencyDecimals } from '../catalog/currencies.repository.ts';
import { inventoryRepository } from '../reservations/inventory.repository.ts';
import { reservationChangesRepository } from '../reservations/reservation-changes.repository.ts';
import { reservationWritesRepository } from '../reservations/reservations.repository.ts';
import { paymentsRepository, type PaymentRow, type ReservationRow } from './payments.repository.ts';
import { syncOwnerEarnings } from './sync-owner-earnings.ts';
import { crashPoint } from '../../platform/fault-points.ts';

export type ConfirmOutcome = 'confirmed' | 'already_paid' | 'unpaid' | 'refunded_late';

export interface ConfirmResult {
  outcome: ConfirmOutcome;
  payment: PaymentRow;
}

export async function confirmPayment(deps: Deps, session: CheckoutSession): Promise<ConfirmResult | null> {
  let propertyId: number | null = null;
  const result = await deps.db.transaction(async (tx) => {
    const repo = paymentsRepository(tx);
    const payment = await repo.lockBySession(session.id);
    if (!payment) return null;
    if (payment.status === 'paid' || payment.status === 'refunded' || payment.status === 'partially_refunded') {
      return { outcome: 'already_paid' as const, payment };
    }
    if (session.paymentStatus !== 'paid') return { outcome: 'unpaid' as const, payment };
    if (session.amountTotal !== payment.amountMinor || session.currency.toUpperCase() !== payment.currency.toUpperCase()) {
      deps.log.error({ paymentId: payment.id, session: { id: session.id, amount: session.amountTotal, currency: session.currency } }, 'checkout amount or currency differs from the payment; not confirmed');
      throw new AppError('CONFLICT', 'The amount paid does not match what is owed; support has been alerted');
    }
    const now = deps.clock.now();
    const paid = await repo.update(payment.id, {
      status: 'paid', paidAt: now, updatedAt: now, processorPaymentId: session.paymentId,
      transactionId: session.paymentId ?? payment.transactionId, details: session.raw,
    });
    const r = (await repo.lockReservation(payment.reservationId))!;
    propertyId = r.propertyId;
    await repo.addPaid(r.id, payment.amountMinor, now);
    const events = platformRepository(tx);
    const decimals = await currencyDecimals(tx, r.currency);
    const amount = formatMinor(payment.amountMinor, decimals);
    const owner = await repo.ownerOf(r.propertyId);
    const base = { reservation_id: r.id, property_id: r.propertyId, guest_id: r.guestId, owner_id: owner, booking_ref_code: r.bookingRefCode, currency: r.currency };
    await events.insertEvent('payment.received', { ...base, payment_id: payment.id, amount, type: payment.type });

    let outcome: ConfirmOutcome = 'confirmed';
    if (payment.type === 'additional') {
      const m = r.lastModification;
      if (m) await repo.setReservation(r.id, { lastModification: { ...m, needs_additional_payment: false, additional_due: 0 } });
    } else if (await canConfirm(tx, r)) {
      await repo.setReservation(r.id, { status: 'confirmed', confirmedAt: now, holdExpiresAt: null, updatedAt: now });
      await events.insertEvent('reservation.confirmed', { ...base, total: formatMinor(r.totalMinor, decimals) });
    } else {
      outcome = 'refunded_late';
      await reservationChangesRepository(tx).requestRefund({ reservationId: r.id, amountMinor: payment.amountMinor, currency: r.currency, reason: 'late_payment', at: now });
      await events.insertEvent('refund.requested', { ...base, amount, reason: 'late_payment' });
    }
    await syncOwnerEarnings(deps, tx, r.id, `payment:${payment.id}`, now);
    crashPoint(deps.config, 'payment.before-commit');
    return { outcome, payment: paid };
  });
  crashPoint(deps.config, 'payment.after-commit');
  if (result && (result.outcome === 'confirmed' || result.outcome === 'refunded_late')) {
    const id = propertyId;
    if (id !== null) await afterCommit(deps, 'property cache invalidation', () => deps.propertyCache.invalidate(id));
    publishAfterCommit(deps);
  }
  return result;
}


class NightsTaken extends Error {}

/**
 * Whether a reservation payment may confirm its booking: a pending one still holds its nights
 * (even past hold_expires_at until the expiry job runs); an expired one confirms only if every
 * night can be taken again now (in a savepoint, so a partial hold leaves nothing behind while
 * the payment itself stays recorded); a cancelled or already settled one never.
 */
async function canConfirm(tx: Tx, r: ReservationRow): Promise<boolean> {
  if (r.status === 'pending') return true;
  if (r.status !== 'expired') return false;
  try {
    await tx.transaction(async (sp) => {
      const lines = await reservationWritesRepository(sp).rooms(r.id);
      const counts = lines.some((l) => l.roomTypeId !== 0) ? await reservationWritesRepository(sp).roomCounts(r.propertyId) : new Map<number, number>();
      const inventory = inventoryRepository(sp);
      await inventory.lockNights(r.propertyId, lines.map((l) => l.roomTypeId), r.checkinDate, r.checkoutDate);
      for (const l of lines) {
        const held = await inventory.hold({
          propertyId: r.propertyId, roomTypeId: l.roomTypeId, checkin: r.checkinDate, checkout: r.checkoutDate,
          count: l.roomsCount, defaultAvailable: l.roomTypeId === 0 ? 1 : (counts.get(l.roomTypeId) ?? 0),
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
