// POST /payments/process: a hosted checkout session for what a reservation still owes (contract §7).
//
// Decisions:
// - only the reservation's guest pays (its owner, admin and support: 403; anyone else: 404);
// - type `reservation`: a pending booking whose hold is still live, for its total; `additional`:
//   the open surplus request a modification left; anything else owes nothing → 409;
// - `currency` must be the reservation's (422 naming it): prices are fixed in the listing's
//   currency and the processor charges exactly that;
// - idempotent per reservation and type while unpaid: the open payment row is unique (partial
//   index), and the processor is called with the key `payment-<id>`, so repeated or concurrent
//   calls return one and the same checkout session;
// - the session expires with the reservation's hold (an additional payment: after
//   RESERVATION_HOLD_SECONDS), so a guest cannot pay for nights no longer held; a late payment
//   still lands safely (confirm-payment.ts).
import { eq } from 'drizzle-orm';
import type { Deps } from '../../container.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../auth/session-service.ts';
import { formatMinor } from '../catalog/money.ts';
import { currencyDecimals } from '../catalog/currencies.repository.ts';
import type { PriceBreakdown } from '../pricing/index.ts';
import { paymentsRepository, type PaymentRow } from './payments.repository.ts';

export interface ProcessPaymentInput {
  reservationId: number;
  type: 'reservation' | 'additional';
  currency: string;
  paymentMethod: string;
}

export async function processPayment(deps: Deps, user: AuthUser, input: ProcessPaymentInput): Promise<PaymentRow> {
  const repo = paymentsRepository(deps.db);
  const r = await repo.reservation(input.reservationId);
  if (!r) throw notFound('Reservation');
  if (r.guestId !== user.id) {
    const staff = user.role === 'admin' || user.role === 'support';
    const owner = await repo.ownerOf(r.propertyId);
    if (!staff && owner !== user.id) throw notFound('Reservation');
    throw new AppError('FORBIDDEN', 'Only the guest who booked pays for a reservation');
  }
  if (input.currency.toUpperCase() !== r.currency) throw invalidField('currency', `must be ${r.currency}, the reservation's currency`);
  const now = deps.clock.now();

  let amount: number;
  let tax: number;
  let expiresAt: Date;
  if (input.type === 'reservation') {
    if (r.status !== 'pending' || r.paidMinor > 0) throw new AppError('CONFLICT', `Nothing is owed: the reservation is ${r.status}`);
    if (!r.holdExpiresAt || r.holdExpiresAt <= now) throw new AppError('CONFLICT', 'The hold on these nights has lapsed; book again');
    amount = r.totalMinor;
    tax = (r.priceSnapshot as { breakdown: PriceBreakdown }).breakdown.tax_amount;
    expiresAt = r.holdExpiresAt;
  } else {
    const open = await repo.pendingOfType(r.id, 'additional');
    if (!open || r.status !== 'confirmed') throw new AppError('CONFLICT', 'Nothing additional is owed on this reservation');
    amount = open.amountMinor;
    tax = open.taxMinor;
    expiresAt = open.expiresAt && open.expiresAt > now ? open.expiresAt : new Date(now.getTime() + deps.config.RESERVATION_HOLD_SECONDS * 1000);
  }

  const payment = await repo.openRequest({
    reservationId: r.id, userId: user.id, type: input.type, amountMinor: amount, taxMinor: tax,
    currency: r.currency, paymentMethod: input.paymentMethod, at: now,
  });
  // A live session is handed out again as is; an expired one is replaced below.
  if (payment.sessionId && payment.expiresAt && payment.expiresAt > now) return payment;

  const decimals = await currencyDecimals(deps.db, r.currency);
  const base = deps.config.PUBLIC_BASE_URL.replace(/\/$/, '');
  const session = await deps.payments.createCheckout({
    amountMinor: payment.amountMinor,
    currency: r.currency,
    reference: String(payment.id),
    metadata: { payment_id: String(payment.id), reservation_id: String(r.id), booking_ref_code: r.bookingRefCode, type: input.type },
    description: `Reservation ${r.bookingRefCode} (${input.type === 'additional' ? 'additional payment' : `${r.checkinDate} → ${r.checkoutDate}`}): ${formatMinor(payment.amountMinor, decimals)} ${r.currency}`,
    customerEmail: await emailOf(deps, user.id),
    successUrl: deps.config.CHECKOUT_SUCCESS_URL ?? `${base}/payments/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: (deps.config.CHECKOUT_CANCEL_URL ?? `${base}/payments/cancel?reservation_id={RESERVATION_ID}`).replace('{RESERVATION_ID}', String(r.id)),
    expiresAt,
  }, `payment-${payment.id}-${expiresAt.getTime()}`);
  return repo.attachSession(payment.id, {
    sessionId: session.id, checkoutUrl: session.url, checkoutSecret: session.clientSecret, details: session.raw,
    expiresAt: session.expiresAt, paymentMethod: input.paymentMethod, at: now,
  });
}

async function emailOf(deps: Deps, userId: number): Promise<string | null> {
  const [row] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
