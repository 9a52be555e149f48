// The local processor speaks Stripe's shapes, so payment_details and webhook bodies look the same
// whichever processor is configured: a row becomes a `checkout.session` object and back.
import type { CheckoutSession } from '../../ports/payment-processor.ts';
import type { localCheckoutSessions } from '../../db/schema/payments.ts';

export type LocalSessionRow = typeof localCheckoutSessions.$inferSelect;

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export function checkoutPageUrl(publicBaseUrl: string, sessionId: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/checkout/${encodeURIComponent(sessionId)}`;
}

/** The status a reader sees: an open session past its expiry is expired even before anyone writes it. */
export function effectiveStatus(row: LocalSessionRow, now: Date): CheckoutSession['status'] {
  if (row.status === 'open' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status as CheckoutSession['status'];
}

export function toCheckoutSession(row: LocalSessionRow, now: Date, publicBaseUrl: string): CheckoutSession {
  const status = effectiveStatus(row, now);
  // Stripe drops the hosted URL once the session can no longer be paid, and fills
  // customer_details only when the guest has completed the page.
  const url = status === 'open' ? checkoutPageUrl(publicBaseUrl, row.id) : null;
  const customerDetails = status === 'complete' ? { email: row.customerEmail, name: row.customerName } : null;
  const paymentStatus = row.paymentStatus as CheckoutSession['paymentStatus'];
  const raw: Record<string, unknown> = {
    id: row.id,
    object: 'checkout.session',
    mode: 'payment',
    livemode: false,
    amount_subtotal: row.amountMinor,
    amount_total: row.amountMinor,
    currency: row.currency.toLowerCase(),
    client_reference_id: row.clientReferenceId,
    customer_email: row.customerEmail,
    customer_details: customerDetails,
    metadata: row.metadata,
    payment_intent: row.paymentIntentId,
    payment_status: paymentStatus,
    status,
    url,
    success_url: row.successUrl,
    cancel_url: row.cancelUrl,
    created: unix(row.createdAt),
    expires_at: unix(row.expiresAt),
  };
  return {
    id: row.id,
    url,
    status,
    paymentStatus,
    amountTotal: row.amountMinor,
    currency: row.currency,
    clientReferenceId: row.clientReferenceId,
    metadata: row.metadata,
    customerDetails,
    paymentId: row.paymentIntentId,
    clientSecret: row.clientSecret,
    expiresAt: row.expiresAt,
    raw,
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Reads a session object from a webhook body (the inverse of toCheckoutSession's raw). */
export function sessionFromObject(o: Record<string, unknown>): CheckoutSession {
  const details =
    o.customer_details && typeof o.customer_details === 'object'
      ? (o.customer_details as Record<string, unknown>)
      : null;
  const metadata = o.metadata && typeof o.metadata === 'object' ? (o.metadata as Record<string, string>) : {};
  if (
    typeof o.id !== 'string' ||
    typeof o.amount_total !== 'number' ||
    typeof o.currency !== 'string' ||
    typeof o.expires_at !== 'number'
  ) {
    throw new TypeError('not a checkout.session object');
  }
  return {
    id: o.id,
    url: str(o.url),
    status: (str(o.status) ?? 'open') as CheckoutSession['status'],
    paymentStatus: (str(o.payment_status) ?? 'unpaid') as CheckoutSession['paymentStatus'],
    amountTotal: o.amount_total,
    currency: o.currency.toUpperCase(),
    clientReferenceId: str(o.client_reference_id),
    metadata,
    customerDetails: details ? { email: str(details.email), name: str(details.name) } : null,
    paymentId: str(o.payment_intent),
    clientSecret: null,
    expiresAt: new Date(o.expires_at * 1000),
    raw: o,
  };
}
