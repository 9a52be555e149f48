// Money received on a checkout for another amount or currency than its payment row asked
// (contract §7, issue 49): the processor took it, so it is ours to account for.
//
// Decisions:
// - recorded as received (amount and currency as the processor reports them, its payment id kept
//   for the refund), status `refund_pending`, never counted: the reservation's paid and refund
//   sums never see it, so the booking is exactly as before and its own checkout stays payable;
// - refunded in full once: one refund pinned to this payment (reason 'amount_mismatch'), executed
//   by the refund job like any other; a repeated webhook or verify finds the payment recorded and
//   answers the same outcome (confirm-payment.ts);
// - support is alerted: an audit entry (actor: the payer, as the processor reports the payment on
//   their behalf) and a `payment.mismatched` event every support agent is told of; the guest hears
//   of the refund through `refund.requested`;
// - the caller answers normally (verify 200, webhook 2xx): a refusal would only make the processor
//   retry for days while the money stays taken.
import type { Tx } from '../../db/connection.ts';
import type { Deps } from '../../kernel/deps.ts';
import { formatMinor } from '../../kernel/money.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { CheckoutSession } from '../../ports/payment-processor.ts';
import { recordAudit } from '../audit/index.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { paymentsRepository, type PaymentRow, type ReservationRow } from './payments.repository.ts';
import { refundsRepository } from './refunds.repository.ts';

export const AMOUNT_MISMATCH = 'amount_mismatch';

export interface Mismatch {
  reservation: ReservationRow;
  /** The payment row, locked, not yet received. */
  payment: PaymentRow;
  session: CheckoutSession;
  now: Date;
}

/** Records the payment as received and refund pending, requests its refund and alerts support; returns the row. */
export async function recordMismatchedPayment(deps: Deps, tx: Tx, m: Mismatch): Promise<PaymentRow> {
  const { reservation: r, payment, session, now } = m;
  const received = { amountMinor: session.amountTotal, currency: session.currency.toUpperCase() };
  deps.log.error(
    {
      paymentId: payment.id,
      asked: { amount: payment.amountMinor, currency: payment.currency },
      session: session.id,
      received,
    },
    'checkout paid with another amount or currency: recorded, not counted, refunded in full',
  );
  const recorded = await paymentsRepository(tx).update(payment.id, {
    status: 'refund_pending',
    ...received,
    paidAt: now,
    updatedAt: now,
    processorPaymentId: session.paymentId,
    transactionId: session.paymentId ?? payment.transactionId,
    details: session.raw,
  });
  const refundId = await refundsRepository(tx).insertPinnedRefund({
    reservationId: r.id,
    paymentId: payment.id,
    ...received,
    reason: AMOUNT_MISMATCH,
    at: now,
  });
  const fmt = async (minor: number, currency: string) => formatMinor(minor, await currencyDecimals(tx, currency));
  const asked = { amount: await fmt(payment.amountMinor, payment.currency), currency: payment.currency };
  const got = { amount: await fmt(received.amountMinor, received.currency), currency: received.currency };
  const payer = payment.userId ?? r.guestId;
  if (payer !== null) {
    await recordAudit(
      tx,
      { id: payer, role: 'payer' },
      {
        action: 'payment.amount_mismatch',
        targetType: 'payment',
        targetId: payment.id,
        before: { asked, session_id: session.id },
        after: { received: got, refund_id: refundId, status: 'refund_pending' },
      },
      now,
    );
  }
  const events = platformRepository(tx);
  const base = {
    reservation_id: r.id,
    property_id: r.propertyId,
    guest_id: r.guestId,
    booking_ref_code: r.bookingRefCode,
  };
  await events.insertEvent('payment.mismatched', {
    ...base,
    payment_id: payment.id,
    refund_id: refundId,
    asked,
    received: got,
  });
  await events.insertEvent('refund.requested', {
    ...base,
    amount: got.amount,
    currency: got.currency,
    reason: AMOUNT_MISMATCH,
  });
  return recorded;
}
