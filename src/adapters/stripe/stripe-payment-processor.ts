// The payment-processor port over Stripe's official SDK: Checkout Sessions, refunds and Connect
// transfers, every write with our idempotency key, webhooks verified against the raw body.
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { systemClock, type Clock } from '../../ports/clock.ts';
import {
  ProcessorRejectedError,
  ProcessorUnavailableError,
  WebhookSignatureError,
  type CheckoutSession,
  type CreateCheckoutInput,
  type PaymentProcessor,
  type ProcessorEvent,
  type RefundResult,
  type TransferResult,
} from '../../ports/payment-processor.ts';
import { fromStripeAmount, STRIPE_CURRENCIES, toStripeAmount } from './stripe-currencies.ts';

// Pinned explicitly (it is also the SDK's own pin) so an SDK upgrade that moves the API version
// fails the type check here instead of silently changing the shapes we map.
const API_VERSION = '2026-10-28.endive';
const WEBHOOK_TOLERANCE_SECONDS = 300;
// Stripe accepts expires_at from 30 min to 24 h after it creates the session. The margins absorb
// request latency and clock skew between us and Stripe.
const MIN_SESSION_SECONDS = 30 * 60 + 120;
const MAX_SESSION_SECONDS = 24 * 3600 - 120;

export interface StripeProcessorOptions {
  secretKey: string;
  /** Without it every webhook is refused. */
  webhookSecret?: string | undefined;
  /** Origin of Stripe's API (a local fake in tests); default https://api.stripe.com. */
  apiBase?: string | undefined;
  /** SDK retries on network errors, 409 and 5xx, reusing the idempotency key; default 2. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
  clock?: Clock;
  /** Replaces the default list of currencies we offer through Stripe. */
  currencies?: readonly string[];
}

export class StripePaymentProcessor implements PaymentProcessor {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;
  private readonly clock: Clock;
  private readonly currencies: readonly string[];

  constructor(options: StripeProcessorOptions) {
    this.stripe = new Stripe(options.secretKey, {
      apiVersion: API_VERSION,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      ...(options.apiBase ? hostOptions(options.apiBase) : {}),
    });
    this.webhookSecret = options.webhookSecret;
    this.clock = options.clock ?? systemClock;
    this.currencies = (options.currencies ?? STRIPE_CURRENCIES).map((c) => c.toUpperCase());
  }

  async createCheckout(input: CreateCheckoutInput, idempotencyKey: string): Promise<CheckoutSession> {
    const currency = input.currency.toLowerCase();
    const session = await this.call('create a checkout session', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency,
                unit_amount: toStripeAmount(input.currency, input.amountMinor),
                product_data: { name: input.description },
              },
            },
          ],
          client_reference_id: input.reference,
          metadata: input.metadata,
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          // Stripe substitutes {CHECKOUT_SESSION_ID} itself when it redirects; it must stay literal.
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: sessionExpiry(input.openedAt, input.expiresAt),
          // The PaymentIntent carries the same metadata so refunds and disputes trace back to us.
          payment_intent_data: { metadata: input.metadata },
        },
        { idempotencyKey },
      ),
    );
    return toCheckoutSession(session);
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutSession | null> {
    try {
      return toCheckoutSession(await this.stripe.checkout.sessions.retrieve(sessionId));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
      throw translate(err, 'retrieve a checkout session');
    }
  }

  async expireCheckout(sessionId: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
    } catch (err) {
      // Stripe refuses to expire a session that is no longer open; its status, not the wording of
      // the error, tells whether that is the harmless case.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 400) {
        const current = await this.retrieveCheckout(sessionId);
        if (current && current.status !== 'open') return;
      }
      throw translate(err, 'expire a checkout session');
    }
  }

  async refund(
    input: { paymentId: string; amountMinor: number; reason?: string },
    idempotencyKey: string,
  ): Promise<RefundResult> {
    const intent = await this.call('look up the payment to refund', () =>
      this.stripe.paymentIntents.retrieve(input.paymentId),
    );
    // Stripe's own `reason` is a closed list (duplicate, fraudulent, requested_by_customer); ours is
    // free text, so it travels as metadata.
    const refund = await this.call('refund a payment', () =>
      this.stripe.refunds.create(
        {
          payment_intent: input.paymentId,
          amount: toStripeAmount(intent.currency, input.amountMinor),
          ...(input.reason ? { metadata: { reason: input.reason } } : {}),
        },
        { idempotencyKey },
      ),
    );
    const status =
      refund.status === 'succeeded'
        ? 'succeeded'
        : refund.status === 'failed' || refund.status === 'canceled'
          ? 'failed'
          : 'pending';
    return { id: refund.id, status, amountMinor: fromStripeAmount(refund.currency, refund.amount) };
  }

  async transfer(
    input: { destination: string; amountMinor: number; currency: string; description: string },
    idempotencyKey: string,
  ): Promise<TransferResult> {
    const transfer = await this.call('transfer a payout', () =>
      this.stripe.transfers.create(
        {
          amount: toStripeAmount(input.currency, input.amountMinor),
          currency: input.currency.toLowerCase(),
          destination: input.destination,
          description: input.description,
        },
        { idempotencyKey },
      ),
    );
    return {
      id: transfer.id,
      amountMinor: fromStripeAmount(transfer.currency, transfer.amount),
      currency: transfer.currency.toUpperCase(),
    };
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProcessorEvent {
    const header = Object.entries(headers).find(([name]) => name.toLowerCase() === 'stripe-signature')?.[1];
    if (!this.webhookSecret) throw new WebhookSignatureError('no webhook secret is configured');
    if (typeof header !== 'string' || !header)
      throw new WebhookSignatureError('missing or repeated Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        header,
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        this.clock.now().getTime(),
      );
    } catch (err) {
      // Bad signature, stale timestamp or a body that is not JSON: all mean "not from Stripe".
      throw new WebhookSignatureError('Stripe webhook did not verify', { cause: err });
    }
    const object = (event.data as { object?: { object?: string } } | undefined)?.object;
    const isSession = event.type.startsWith('checkout.session.') && object?.object === 'checkout.session';
    return {
      id: event.id,
      type: event.type,
      session: isSession ? toCheckoutSession(object as Stripe.Checkout.Session) : null,
    };
  }

  async supportedCurrencies(): Promise<string[]> {
    return [...this.currencies];
  }

  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw translate(err, what);
    }
  }
}

/**
 * Our hold and Stripe's window rarely agree: a 30-minute hold leaves less than Stripe's 30-minute
 * minimum by the time we ask. We then send the minimum, so the session can outlive the hold; the
 * hold-expiry job expires it explicitly, and a payment that still lands in between follows the
 * late-payment rule (confirm if the nights are free, else refund in full). Computed from the
 * instant the checkout was decided, not the clock now, so a retry under the same key repeats it.
 */
function sessionExpiry(openedAt: Date, holdEndsAt: Date): number {
  const opened = Math.floor(openedAt.getTime() / 1000);
  const wanted = Math.floor(holdEndsAt.getTime() / 1000);
  return Math.min(Math.max(wanted, opened + MIN_SESSION_SECONDS), opened + MAX_SESSION_SECONDS);
}

/** Builds the adapter from the service configuration (PAYMENT_PROCESSOR=stripe). */
export function createStripeProcessor(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>,
  clock?: Clock,
): StripePaymentProcessor {
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is required for the stripe payment processor');
  return new StripePaymentProcessor({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
    ...(clock ? { clock } : {}),
  });
}

function hostOptions(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  // The SDK appends /v1/... to the host itself; a path here would be silently dropped.
  if (url.pathname !== '/' || url.search)
    throw new Error(`STRIPE_API_BASE must be an origin without a path (got ${url.origin}${url.pathname})`);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** Stripe's failures in the port's terms; Stripe's messages stay in `cause`, for logs only. */
function translate(err: unknown, what: string): Error {
  if (!(err instanceof Stripe.errors.StripeError)) return err instanceof Error ? err : new Error(String(err));
  const status = err.statusCode ?? 0;
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    err instanceof Stripe.errors.StripeAuthenticationError ||
    status === 0 ||
    status === 409 ||
    status >= 500
  ) {
    return new ProcessorUnavailableError(`Stripe is unavailable; could not ${what}`, { cause: err });
  }
  const code = err.code ?? (err instanceof Stripe.errors.StripeIdempotencyError ? 'idempotency_error' : null);
  return new ProcessorRejectedError(`Stripe refused to ${what}${code ? ` (${code})` : ''}`, code, { cause: err });
}

function toCheckoutSession(s: Stripe.Checkout.Session): CheckoutSession {
  const currency = (s.currency ?? '').toUpperCase();
  const status: CheckoutSession['status'] =
    s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open';
  const paymentStatus: CheckoutSession['paymentStatus'] =
    s.payment_status === 'paid'
      ? 'paid'
      : s.payment_status === 'no_payment_required'
        ? 'no_payment_required'
        : 'unpaid';
  const intent = s.payment_intent;
  return {
    id: s.id,
    url: s.url ?? null,
    status,
    paymentStatus,
    amountTotal: fromStripeAmount(currency, s.amount_total ?? 0),
    currency,
    clientReferenceId: s.client_reference_id ?? null,
    metadata: { ...(s.metadata ?? {}) },
    customerDetails: s.customer_details
      ? { email: s.customer_details.email ?? null, name: s.customer_details.name ?? null }
      : null,
    paymentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    clientSecret: s.client_secret ?? null,
    expiresAt: new Date(s.expires_at * 1000),
    // A plain copy: drops the SDK's non-enumerable lastResponse (headers, request id).
    raw: { ...s } as Record<string, unknown>,
  };
}
