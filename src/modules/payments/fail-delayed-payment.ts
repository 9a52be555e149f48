// checkout.session.async_payment_failed: a delayed payment method (a bank debit) that the guest
// submitted, reported `unpaid` at checkout.session.completed, did not go through (Stripe:
// docs.stripe.com/checkout/fulfillment, "Immediate versus delayed payment methods"; issue 49).
//
// Decisions:
// - the payment row becomes `failed` once (locked after its reservation, the order every change
//   of a booking takes); a payment already received, failed or superseded is left alone, so a
//   repeated or out-of-order event changes nothing;
// - the guest is told (payment.failed) and the nights it was for are released at once
//   (reservations' releaseUnpaidNights: the pending booking expires, or the unpaid change is
//   reverted) rather than held to their deadline for money that will not come.
import type { Deps } from '../../kernel/deps.ts';
import { formatMinor } from '../../kernel/money.ts';
import { afterCommit, expireCheckouts, publishAfterCommit } from '../../platform/after-commit.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { CheckoutSession } from '../../ports/payment-processor.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { releaseUnpaidNights } from '../reservations/index.ts';
import { paymentsRepository } from './payments.repository.ts';

/** Records the failure of the session's delayed payment; false when the session is unknown or nothing changed. */
export async function failDelayedPayment(deps: Deps, session: CheckoutSession): Promise<boolean> {
  const known = await paymentsRepository(deps.db).bySession(session.id);
  if (!known) return false;
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    const repo = paymentsRepository(tx);
    const r = (await repo.lockReservation(known.reservationId))!;
    const payment = (await repo.lockBySession(session.id))!;
    // Only a payment still waiting for its money (expired: its hold lapsed meanwhile) can fail.
    if (payment.status !== 'pending' && payment.status !== 'expired') return null;
    await repo.update(payment.id, { status: 'failed', details: session.raw, updatedAt: now });
    await platformRepository(tx).insertEvent('payment.failed', {
      reservation_id: r.id,
      property_id: r.propertyId,
      guest_id: r.guestId,
      payment_id: payment.id,
      type: payment.type,
      amount: formatMinor(payment.amountMinor, await currencyDecimals(tx, payment.currency)),
      currency: payment.currency,
    });
    const released =
      payment.status === 'pending'
        ? await releaseUnpaidNights(deps, tx, {
            reservationId: r.id,
            type: payment.type,
            reservationVersion: payment.reservationVersion,
            now,
          })
        : null;
    return { released };
  });
  if (!done) return false;
  if (done.released) {
    const { propertyId, sessions } = done.released;
    await expireCheckouts(deps, sessions);
    await afterCommit(deps, 'listing change', () => deps.listings.changed(propertyId, 'nights'));
  }
  publishAfterCommit(deps);
  return true;
}
