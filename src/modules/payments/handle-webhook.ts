// POST /payments/webhook: the processor's own word on a checkout (contract §7). The signature is
// checked on the raw body before anything is read; a bad, tampered or stale (> 300 s) one is 400
// and changes nothing. Completed sessions go through the same confirmation path as verify: a
// delayed method (a bank debit) completes `unpaid`, which records nothing and keeps the booking
// pending on its hold, and later reports async_payment_succeeded (the same path: confirmed, or
// refunded in full when the hold lapsed and the nights were sold) or async_payment_failed (the
// payment fails, the guest is told, the nights are released: fail-delayed-payment.ts). Expired
// sessions close their unpaid payment. Unknown sessions and other event types are
// acknowledged and ignored, so the processor does not retry them forever.
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { WebhookSignatureError } from '../../ports/payment-processor.ts';
import { confirmPayment } from './confirm-payment.ts';
import { failDelayedPayment } from './fail-delayed-payment.ts';
import { paymentsRepository } from './payments.repository.ts';

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

export async function handleWebhook(
  deps: Deps,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ handled: boolean; type: string }> {
  let event;
  try {
    event = deps.payments.parseWebhook(rawBody, headers);
  } catch (err) {
    if (err instanceof WebhookSignatureError)
      throw new AppError('BAD_REQUEST', 'Webhook signature verification failed');
    throw err;
  }
  if (!event.session) return { handled: false, type: event.type };
  if (PAID_EVENTS.has(event.type)) {
    const result = await confirmPayment(deps, event.session);
    return { handled: result !== null, type: event.type };
  }
  if (event.type === 'checkout.session.async_payment_failed') {
    return { handled: await failDelayedPayment(deps, event.session), type: event.type };
  }
  if (event.type === 'checkout.session.expired') {
    const session = event.session;
    const expired = await deps.db.transaction(async (tx) => {
      const repo = paymentsRepository(tx);
      const payment = await repo.lockBySession(session.id);
      if (payment?.status !== 'pending') return false;
      await repo.update(payment.id, { status: 'expired', updatedAt: deps.clock.now() });
      return true;
    });
    return { handled: expired, type: event.type };
  }
  return { handled: false, type: event.type };
}
