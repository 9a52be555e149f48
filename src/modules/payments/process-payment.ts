// POST /payments/process: a hosted checkout session for what a reservation still owes (contract §7).
//
// Decisions:
// - only the reservation's guest pays (its owner, admin and support: 403; anyone else: 404);
// - what is owed is derived, never stored: total − (paid − refunds requested). Type
//   `reservation`: a pending booking whose hold is still live and that holds no money, for its
//   total; `additional`: a confirmed booking that owes something after a modification, for what it
//   owes. Anything else owes nothing that way → 409;
// - `currency` must be the reservation's (422 naming it): prices are fixed in the listing's
//   currency and the processor charges exactly that;
// - a checkout is opened for one request row: one reservation, one amount, one currency and one
//   version of the reservation (reservations.version). An open request that no longer matches
//   (the booking changed) is superseded here too, and its session expired at the processor;
// - repeated or concurrent calls return the same request and session while it is live. Every
//   parameter sent to the processor derives from the request row and the instant the request
//   was made (checkout_requested_at), and the idempotency key names all of them, so a retry —
//   ours, or the SDK's after a lost answer — sends the same request under the same key, as
//   Stripe requires (same key, other parameters → idempotency_error);
// - the session expires with the reservation's hold (an additional payment: with its change's
//   deadline, change_expires_at; past it → 409), so a guest cannot pay for nights no longer held;
//   a late payment still lands safely (confirm-payment.ts). A lapsed session is replaced by a new request row, so every
//   session ever opened keeps its row and a payment on it is always recognised.
import { createHash } from 'node:crypto';
import type { Deps } from '../../kernel/deps.ts';
import type { Tx } from '../../db/connection.ts';
import { expireCheckouts } from '../../platform/after-commit.ts';
import { reservationAccess } from '../../platform/reservation-links.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { CreateCheckoutInput } from '../../ports/payment-processor.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { formatMinor } from '../../kernel/money.ts';
import { currencyDecimals } from '../catalog/index.ts';
import type { PriceBreakdown } from '../pricing/index.ts';
import { paymentsRepository, type PaymentRow, type ReservationRow } from './payments.repository.ts';

export interface ProcessPaymentInput {
  reservationId: number;
  type: 'reservation' | 'additional';
  currency: string;
  paymentMethod: string;
}

/**
 * A request whose processor call has not answered may be asked again under the same key for
 * this long (a concurrent call gets the same session); after it, a new attempt gets a new key,
 * because Stripe replays a saved failure for a key (including 500s) for 24 h.
 */
const SAME_ATTEMPT_MS = 90_000;

interface Opened {
  payment: PaymentRow;
  /** The request already has a live session: nothing to ask the processor. */
  ready: boolean;
  reservation: ReservationRow;
  superseded: string[];
}

export async function processPayment(deps: Deps, user: AuthUser, input: ProcessPaymentInput): Promise<PaymentRow> {
  const now = deps.clock.now();
  const opened = await deps.db.transaction((tx) => openRequest(tx, user, input, now));
  await expireCheckouts(deps, opened.superseded);
  if (opened.ready) return opened.payment;

  const checkout = await checkoutFor(deps, opened);
  const session = await deps.payments.createCheckout(checkout, idempotencyKey(opened.payment, checkout));
  const repo = paymentsRepository(deps.db);
  const attached = await repo.attachSession(opened.payment.id, {
    sessionId: session.id,
    checkoutUrl: session.url,
    checkoutSecret: session.clientSecret,
    details: session.raw,
    expiresAt: session.expiresAt,
    at: deps.clock.now(),
  });
  const current = attached ?? (await repo.byId(opened.payment.id))!;
  if (current.sessionId !== session.id) await expireCheckouts(deps, [session.id]);
  if (current.status === 'pending' && current.sessionId) return current;
  // The booking changed between our commit and the processor's answer: that session is superseded.
  if (current.sessionId === session.id) await expireCheckouts(deps, [session.id]);
  throw new AppError(
    'CONFLICT',
    'The reservation changed while its checkout was being opened; open the checkout again',
  );
}

async function openRequest(tx: Tx, user: AuthUser, input: ProcessPaymentInput, now: Date): Promise<Opened> {
  const repo = paymentsRepository(tx);
  const r = await repo.lockReservation(input.reservationId);
  if (!r) throw notFound('Reservation');
  if (r.guestId !== user.id) {
    const staff = user.role === 'admin' || user.role === 'support';
    const owner = await repo.ownerOf(r.propertyId);
    if (!staff && owner !== user.id) throw notFound('Reservation');
    throw new AppError('FORBIDDEN', 'Only the guest who booked pays for a reservation');
  }
  if (input.currency.toUpperCase() !== r.currency)
    throw invalidField('currency', `must be ${r.currency}, the reservation's currency`);

  const held = r.paidMinor - r.refundRequestedMinor;
  const owed = r.totalMinor - held;
  if (input.type === 'reservation') {
    if (r.status !== 'pending' || held !== 0)
      throw new AppError('CONFLICT', `Nothing is owed: the reservation is ${r.status}`);
    if (!r.holdExpiresAt || r.holdExpiresAt <= now)
      throw new AppError('CONFLICT', 'The hold on these nights has lapsed; book again');
  } else if (r.status !== 'confirmed' || owed <= 0) {
    throw new AppError('CONFLICT', 'Nothing additional is owed on this reservation');
  } else if (r.changeExpiresAt && r.changeExpiresAt <= now) {
    throw new AppError('CONFLICT', 'The deadline to pay this change has passed; it is being undone');
  }
  const amount = input.type === 'reservation' ? r.totalMinor : owed;

  const superseded: string[] = [];
  let row = await repo.pendingOfType(r.id, input.type);
  if (row && (row.reservationVersion !== r.version || row.amountMinor !== amount || row.currency !== r.currency)) {
    if (row.sessionId) superseded.push(row.sessionId);
    await repo.update(row.id, { status: 'expired', updatedAt: now });
    row = undefined;
  }
  let tax: number | null = row?.taxMinor ?? null;
  if (row?.sessionId) {
    if (row.expiresAt && row.expiresAt > now) return { payment: row, ready: true, reservation: r, superseded };
    // Lapsed at the processor by its own clock: a new request (and session) replaces it.
    await repo.update(row.id, { status: 'expired', updatedAt: now });
    row = undefined;
  }
  if (!row) {
    tax ??= await taxOf(tx, r, input.type, amount);
    row = await repo.insertRequest({
      reservationId: r.id,
      reservationVersion: r.version,
      userId: user.id,
      type: input.type,
      amountMinor: amount,
      taxMinor: tax,
      currency: r.currency,
      paymentMethod: input.paymentMethod,
      at: now,
    });
  } else if (!row.checkoutRequestedAt || now.getTime() - row.checkoutRequestedAt.getTime() >= SAME_ATTEMPT_MS) {
    row = await repo.update(row.id, { checkoutRequestedAt: now, paymentMethod: input.paymentMethod, updatedAt: now });
  }
  return { payment: row, ready: false, reservation: r, superseded };
}

/** The tax inside the amount: the booking's tax, or for a surplus what of the tax is not yet covered. */
async function taxOf(tx: Tx, r: ReservationRow, type: string, amount: number): Promise<number> {
  const tax = (r.priceSnapshot as { breakdown: PriceBreakdown }).breakdown.tax_amount;
  if (type === 'reservation') return tax;
  return Math.min(amount, Math.max(0, tax - (await paymentsRepository(tx).taxCovered(r.id))));
}

/** Everything the processor is asked, from the request row and the reservation at its version. */
async function checkoutFor(deps: Deps, o: Opened): Promise<CreateCheckoutInput> {
  const { payment: p, reservation: r } = o;
  const openedAt = p.checkoutRequestedAt!;
  const expiresAt =
    p.type === 'reservation'
      ? r.holdExpiresAt!
      : (r.changeExpiresAt ?? new Date(openedAt.getTime() + deps.config.RESERVATION_HOLD_SECONDS * 1000));
  const decimals = await currencyDecimals(deps.db, r.currency);
  const base = deps.config.PUBLIC_BASE_URL.replace(/\/$/, '');
  // The default cancel page links back to the reservation for its guest only: a link signed for
  // them, from the request's instant so a retry sends the very same URL (idempotency key).
  const access =
    p.userId === null
      ? ''
      : `&access=${reservationAccess(deps, { reservationId: r.id, userId: p.userId, from: openedAt })}`;
  return {
    amountMinor: p.amountMinor,
    currency: r.currency,
    reference: String(p.id),
    metadata: {
      payment_id: String(p.id),
      reservation_id: String(r.id),
      booking_ref_code: r.bookingRefCode,
      type: p.type,
      reservation_version: String(p.reservationVersion),
    },
    description: `Reservation ${r.bookingRefCode} (${p.type === 'additional' ? 'additional payment' : `${r.checkinDate} → ${r.checkoutDate}`}): ${formatMinor(p.amountMinor, decimals)} ${r.currency}`,
    customerEmail: p.userId === null ? null : await paymentsRepository(deps.db).emailOf(p.userId),
    successUrl: deps.config.CHECKOUT_SUCCESS_URL ?? `${base}/payments/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: (
      deps.config.CHECKOUT_CANCEL_URL ?? `${base}/payments/cancel?reservation_id={RESERVATION_ID}${access}`
    ).replace('{RESERVATION_ID}', String(r.id)),
    openedAt,
    expiresAt,
  };
}

/** Names the request, its attempt and a digest of every parameter: the same key always means the same request. */
function idempotencyKey(p: PaymentRow, input: CreateCheckoutInput): string {
  const digest = createHash('sha256').update(JSON.stringify(input)).digest('base64url').slice(0, 22);
  return `checkout-${p.id}-${p.checkoutRequestedAt!.getTime()}-${digest}`;
}
