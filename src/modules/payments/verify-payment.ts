// GET /subscription-payment/verify?session_id=: the guest's return from the hosted checkout
// (contract §7). Asks the processor for the session and runs the one confirmation path, so it
// may be called any number of times, concurrently with the webhook, and confirms once.
//
// The session id is an unguessable capability (the processor's id): anyone holding it may ask
// to confirm, since confirming only records what the processor says was paid. The answer shows
// the payment and the reservation's status, nothing of other users.
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { confirmPayment, type ConfirmOutcome } from './confirm-payment.ts';
import { toPaymentView, type PaymentView } from './payment-view.ts';
import { paymentsRepository } from './payments.repository.ts';

export interface VerifyResult {
  outcome: ConfirmOutcome;
  payment: PaymentView;
  reservation: { id: number; booking_ref_code: string; status: string };
  /** Who paid (the guest), to sign the result page's link for them; not part of the API answer. */
  payerId: number | null;
}

export async function verifyPayment(deps: Deps, sessionId: string): Promise<VerifyResult> {
  const repo = paymentsRepository(deps.db);
  if (!(await repo.bySession(sessionId))) throw notFound('Checkout session');
  const session = await deps.payments.retrieveCheckout(sessionId);
  if (!session) throw notFound('Checkout session');
  const result = await confirmPayment(deps, session);
  if (!result) throw notFound('Checkout session');
  const r = (await repo.reservation(result.payment.reservationId))!;
  return {
    outcome: result.outcome,
    payment: toPaymentView(result.payment, await currencyDecimals(deps.db, result.payment.currency)),
    reservation: { id: r.id, booking_ref_code: r.bookingRefCode, status: r.status },
    payerId: result.payment.userId,
  };
}
