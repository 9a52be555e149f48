// The one confirmation path (contract §7): the verify endpoint, the processor's webhook and the
// local checkout page all land here with the processor's view of a checkout session. Whatever
// races, the reservation and then the payment row are locked (the order every change of a booking
// takes), so a payment is recorded, counted or refunded, and announced exactly once; every later
// call sees it recorded and changes nothing.
//
// Decisions:
// - the processor's session must say paid, for exactly the amount and currency of our payment
//   row; money received with another amount or currency is recorded as received, never counted,
//   refunded in full once (reason 'amount_mismatch') and support alerted
//   (record-mismatched-payment.ts), and the caller answers normally, so the processor's webhook
//   stops retrying;
// - money received is always recorded (the payment `paid`, the reservation's paid_minor). It
//   counts towards the booking only when it pays what is owed now for the version it was opened
//   for: a reservation payment for a pending booking confirms it (hold cleared); one that lands
//   after the hold lapsed confirms too if the nights can be taken again; an additional payment
//   pays the surplus of a confirmed booking;
// - anything else is refunded in full at once, pinned to that payment (refund reason
//   'superseded' when the booking changed or was cancelled since the checkout was opened,
//   'late_payment' when the nights are gone or nothing is owed that way any more), and the guest
//   is told through the refund event. So what the booking holds never exceeds its total, and a
//   payment is never counted twice. Such a payment is `refund_pending` (never `paid`) from the
//   transaction that records it, and every later call answers the same outcome, read from the
//   refund pinned to it, so verify and the lists never call it paid;
// - a session the processor made for one of our requests but that no request records (an
//   attempt whose answer was lost) is recognised by its client_reference_id and refunded the same way;
// - the owner's earnings ledger follows in the same transaction.
import type { Deps } from '../../kernel/deps.ts';
import { afterCommit, publishAfterCommit } from '../../platform/after-commit.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { CheckoutSession } from '../../ports/payment-processor.ts';
import { formatMinor } from '../../kernel/money.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { syncOwnerEarnings } from '../payouts/index.ts';
import { settlePaidReservation } from '../reservations/index.ts';
import { paymentsRepository, type PaymentRow } from './payments.repository.ts';
import { recordMismatchedPayment } from './record-mismatched-payment.ts';
import { refundsRepository } from './refunds.repository.ts';
import { crashPoint } from '../../platform/fault-points.ts';

export type ConfirmOutcome =
  | 'confirmed'
  | 'already_paid'
  | 'unpaid'
  | 'refunded_late'
  | 'refunded_superseded'
  | 'refunded_mismatch';

/** What a recorded payment's pinned refund says about it (a payment with none counted). */
const REFUNDED_AS: Record<string, ConfirmOutcome> = {
  superseded: 'refunded_superseded',
  late_payment: 'refunded_late',
  amount_mismatch: 'refunded_mismatch',
};

/** Statuses of a payment whose money the processor reported received. */
const RECEIVED = new Set(['paid', 'refund_pending', 'refunded', 'partially_refunded']);

export interface ConfirmResult {
  outcome: ConfirmOutcome;
  payment: PaymentRow;
}

export async function confirmPayment(deps: Deps, session: CheckoutSession): Promise<ConfirmResult | null> {
  const found = await locate(deps, session);
  if (!found) return null;
  let propertyId: number | null = null;
  const result = await deps.db.transaction(async (tx) => {
    const repo = paymentsRepository(tx);
    const r = (await repo.lockReservation(found.reservationId))!;
    const payment = (await repo.lockBySession(session.id))!;
    if (RECEIVED.has(payment.status)) {
      const pinned = await refundsRepository(tx).pinnedReason(payment.id);
      return { outcome: (pinned && REFUNDED_AS[pinned]) || ('already_paid' as const), payment };
    }
    if (session.paymentStatus !== 'paid') return { outcome: 'unpaid' as const, payment };
    const now = deps.clock.now();
    if (
      session.amountTotal !== payment.amountMinor ||
      session.currency.toUpperCase() !== payment.currency.toUpperCase()
    ) {
      // The booking is untouched (its listing unchanged); only the events need publishing.
      const recorded = await recordMismatchedPayment(deps, tx, { reservation: r, payment, session, now });
      return { outcome: 'refunded_mismatch' as const, payment: recorded };
    }
    const paid = await repo.update(payment.id, {
      status: 'paid',
      paidAt: now,
      updatedAt: now,
      processorPaymentId: session.paymentId,
      transactionId: session.paymentId ?? payment.transactionId,
      details: session.raw,
    });
    propertyId = r.propertyId;
    const owedBefore = r.totalMinor - (r.paidMinor - r.refundRequestedMinor);
    await repo.addPaid(r.id, payment.amountMinor, now);
    const events = platformRepository(tx);
    const decimals = await currencyDecimals(tx, r.currency);
    const amount = formatMinor(payment.amountMinor, decimals);
    const owner = await repo.ownerOf(r.propertyId);
    const base = {
      reservation_id: r.id,
      property_id: r.propertyId,
      guest_id: r.guestId,
      owner_id: owner,
      booking_ref_code: r.bookingRefCode,
      currency: r.currency,
    };
    await events.insertEvent('payment.received', { ...base, payment_id: payment.id, amount, type: payment.type });

    // The booking confirmed, or this payment's refund requested (reservations decides and writes it).
    const settled = await settlePaidReservation(tx, r, payment, owedBefore, now);
    let outcome: ConfirmOutcome;
    let recorded = paid;
    if (settled.counted) {
      outcome = 'confirmed';
      if (payment.type === 'reservation') {
        await events.insertEvent('reservation.confirmed', { ...base, total: formatMinor(r.totalMinor, decimals) });
      }
    } else {
      const reason = settled.refundReason;
      outcome = REFUNDED_AS[reason]!;
      // Never shown as paid: its refund is owed from this very transaction.
      recorded = await repo.update(payment.id, { status: 'refund_pending', updatedAt: now });
      await events.insertEvent('refund.requested', { ...base, amount, reason });
    }
    await syncOwnerEarnings(deps, tx, r.id, `payment:${payment.id}`, now);
    crashPoint(deps.config, 'payment.before-commit');
    return { outcome, payment: recorded };
  });
  crashPoint(deps.config, 'payment.after-commit');
  if (result.outcome !== 'already_paid' && result.outcome !== 'unpaid') {
    const id = propertyId;
    if (id !== null) await afterCommit(deps, 'listing change', () => deps.listings.changed(id));
    publishAfterCommit(deps);
  }
  return result;
}

/** The payment row of a session: recorded, or adopted from its client_reference_id (one of our requests). */
async function locate(deps: Deps, session: CheckoutSession): Promise<PaymentRow | null> {
  const repo = paymentsRepository(deps.db);
  const known = await repo.bySession(session.id);
  if (known) return known;
  const ref = Number(session.clientReferenceId);
  const of = Number.isSafeInteger(ref) && ref > 0 ? await repo.byId(ref) : undefined;
  if (!of) return null;
  deps.log.warn(
    { sessionId: session.id, paymentId: of.id },
    'a checkout session no request records; kept as a superseded request',
  );
  await repo.adoptSession(of, {
    sessionId: session.id,
    amountMinor: session.amountTotal,
    currency: session.currency.toUpperCase(),
    details: session.raw,
    at: deps.clock.now(),
  });
  return (await repo.bySession(session.id)) ?? null;
}
