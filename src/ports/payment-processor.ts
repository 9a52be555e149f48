/**
 * The payment processor in our own words (contract §7). Two adapters: `stripe` (the official SDK
 * against Stripe's API, or a local server speaking it in tests) and `local` (the built-in hosted
 * checkout, the default). Amounts are integer minor units; currencies are ISO codes, upper-case
 * on our side (adapters convert). Every write takes an idempotency key: a retried write returns
 * the first result and never moves money twice.
 */

export interface CheckoutSession {
  id: string;
  /** The hosted page the guest is sent to. */
  url: string | null;
  /** open → complete | expired. */
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotal: number;
  currency: string;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  customerDetails: { email: string | null; name: string | null } | null;
  /** What refunds are made against (Stripe: the PaymentIntent id); null until paid. */
  paymentId: string | null;
  clientSecret: string | null;
  expiresAt: Date;
  /** The processor's session object, near-raw (the spec's payment_details). */
  raw: Record<string, unknown>;
}

export interface CreateCheckoutInput {
  amountMinor: number;
  currency: string;
  /** Our payment id, as client_reference_id. */
  reference: string;
  metadata: Record<string, string>;
  description: string;
  customerEmail?: string | null;
  /** Where the guest lands after paying; `{CHECKOUT_SESSION_ID}` is replaced with the session id. */
  successUrl: string;
  cancelUrl: string;
  /**
   * When we decided to open this checkout. Every time-dependent parameter is computed from it,
   * never from the clock at call time, so a retry under the same idempotency key sends exactly
   * the same request (Stripe refuses a key reused with other parameters).
   */
  openedAt: Date;
  /** Tied to the reservation's hold: the session cannot be paid after it. */
  expiresAt: Date;
}

export interface RefundResult {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
  amountMinor: number;
}

export interface TransferResult {
  id: string;
  amountMinor: number;
  currency: string;
}

export interface ProcessorEvent {
  id: string;
  /** e.g. checkout.session.completed, checkout.session.expired, checkout.session.async_payment_succeeded. */
  type: string;
  session: CheckoutSession | null;
}

/** A webhook whose signature, timestamp or body does not check out. */
export class WebhookSignatureError extends Error {}

/**
 * The processor could not be reached or is failing (network, timeout, 5xx, rate limit, rejected
 * credentials): nothing is known to have happened. Retry later with the same idempotency key,
 * which makes the retry safe even if the first attempt did land.
 */
export class ProcessorUnavailableError extends Error {}

/**
 * The processor refused the request as made (unknown id, amount above what is refundable, bad
 * destination account, idempotency key reused with other parameters): retrying it unchanged will
 * not help. `code` is the processor's short reason when it gave one, for logs and branching; the
 * message is ours and safe to log, but neither is meant for API responses.
 */
export class ProcessorRejectedError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface PaymentProcessor {
  readonly name: 'stripe' | 'local';
  createCheckout(input: CreateCheckoutInput, idempotencyKey: string): Promise<CheckoutSession>;
  /** null when the processor does not know the id. */
  retrieveCheckout(sessionId: string): Promise<CheckoutSession | null>;
  /** Makes an open session unpayable (no-op when already complete or expired). */
  expireCheckout(sessionId: string): Promise<void>;
  refund(
    input: { paymentId: string; amountMinor: number; reason?: string },
    idempotencyKey: string,
  ): Promise<RefundResult>;
  /** Sends an owner's payout to their connected account. */
  transfer(
    input: { destination: string; amountMinor: number; currency: string; description: string },
    idempotencyKey: string,
  ): Promise<TransferResult>;
  /** Verifies and parses a webhook (raw body, headers); throws WebhookSignatureError when it does not verify. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProcessorEvent;
  /** Upper-case ISO codes the processor can charge and pay out. */
  supportedCurrencies(): Promise<string[]>;
}
