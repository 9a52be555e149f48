// The fake Stripe's objects and what its endpoints do once they begin executing. Parameters arrive
// here already validated (stripe-rules.ts); a refusal from here is a result of the endpoint's
// execution, which Stripe's idempotency layer saves for the key like a success.
// Object shapes follow Stripe's example objects (stripe/openapi openapi/fixtures3.json, in the
// extract's `x-fixtures`), cut to the fields the service reads.
import { invalid, missing, newId, type Params } from './stripe-wire.ts';

export type StripeObject = Record<string, unknown> & { id: string };

export function createStripeObjects(nowSec: () => number, baseUrl: () => string) {
  const sessions = new Map<string, StripeObject>();
  const intentMetadata = new Map<string, Record<string, string>>();
  const paymentIntents = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const transfers = new Map<string, StripeObject>();

  /**
   * Open sessions whose expires_at has passed become expired, as Stripe expires them on its own
   * (description of expires_at: "The Epoch time in seconds at which the Checkout Session will expire").
   */
  function sweep(): void {
    const now = nowSec();
    for (const s of sessions.values()) if (s.status === 'open' && (s.expires_at as number) <= now) s.status = 'expired';
  }

  function session(id: string): StripeObject {
    sweep();
    const s = sessions.get(id);
    if (!s) throw missing('checkout.session', id, 'session');
    return s;
  }

  function createSession(p: Params, created: number): StripeObject {
    const items = p.line_items as Array<{ quantity: number; price_data: { currency: string; unit_amount: number } }>;
    const total = items.reduce((sum, item) => sum + item.price_data.unit_amount * item.quantity, 0);
    const id = newId('cs_test_', 58);
    intentMetadata.set(
      id,
      (p.payment_intent_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {},
    );
    const s: StripeObject = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: p.cancel_url ?? null,
      client_reference_id: p.client_reference_id ?? null,
      client_secret: null,
      created,
      currency: items[0]!.price_data.currency,
      customer: null,
      customer_details: null,
      customer_email: p.customer_email ?? null,
      expires_at: (p.expires_at as number | undefined) ?? created + 24 * 3600,
      livemode: false,
      metadata: p.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_method_types: methodTypes(items[0]!.price_data.currency),
      payment_status: 'unpaid',
      status: 'open',
      success_url: p.success_url ?? null,
      ui_mode: 'hosted_page',
      url: `${baseUrl()}/c/pay/${id}`,
    };
    sessions.set(id, s);
    return s;
  }

  function expireSession(id: string): StripeObject {
    const s = session(id);
    // extract x-description of POST /v1/checkout/sessions/{session}/expire: "A Checkout Session can
    // be expired when it is in one of these statuses: open". Refused as 400 ("The request was
    // unacceptable", docs.stripe.com/api/errors); Stripe documents no error code for it.
    if (s.status !== 'open') {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status as string}".`,
      );
    }
    s.status = 'expired';
    return s;
  }

  function intent(id: string): StripeObject {
    const pi = paymentIntents.get(id);
    if (!pi) throw missing('payment_intent', id, 'intent');
    return pi;
  }

  function createRefund(p: Params): StripeObject {
    let pi: StripeObject | undefined;
    if (p.payment_intent !== undefined) pi = paymentIntents.get(p.payment_intent as string);
    else pi = [...paymentIntents.values()].find((x) => x.latest_charge === p.charge);
    if (!pi)
      throw p.payment_intent !== undefined
        ? missing('payment_intent', p.payment_intent as string, 'payment_intent')
        : missing('charge', p.charge as string, 'charge');
    const remaining = (pi.amount_received as number) - (pi.amount_refunded as number);
    // api_errors.code charge_already_refunded / amount_too_large; "Can refund only up to the remaining,
    // unrefunded amount of the charge" (Create a refund, `amount`).
    if (remaining <= 0)
      throw invalid(
        `Charge ${pi.latest_charge as string} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    const amount = (p.amount as number | undefined) ?? remaining;
    if (amount > remaining)
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        'amount',
        'amount_too_large',
      );
    pi.amount_refunded = (pi.amount_refunded as number) + amount;
    const refund: StripeObject = {
      id: newId('re_'),
      object: 'refund',
      amount,
      balance_transaction: newId('txn_'),
      charge: pi.latest_charge,
      created: nowSec(),
      currency: pi.currency,
      metadata: p.metadata ?? {},
      payment_intent: pi.id,
      reason: p.reason ?? null,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function createTransfer(p: Params): StripeObject {
    const destination = p.destination as string;
    // The destination is "The ID of a connected Stripe account" (description of destination); this
    // fake's connected accounts are any acct_… id.
    if (!/^acct_\w+$/.test(destination)) throw missing('destination', destination, 'destination');
    const transfer: StripeObject = {
      id: newId('tr_'),
      object: 'transfer',
      amount: p.amount,
      amount_reversed: 0,
      balance_transaction: newId('txn_'),
      created: nowSec(),
      currency: p.currency,
      description: p.description ?? null,
      destination,
      destination_payment: newId('py_'),
      livemode: false,
      metadata: p.metadata ?? {},
      reversed: false,
    };
    transfers.set(transfer.id, transfer);
    return transfer;
  }

  /**
   * The guest pays: the session completes and its PaymentIntent is created. A card succeeds at
   * once. A delayed method (`sepa_debit`) follows Stripe's documented asynchronous flow
   * (docs.stripe.com/checkout/fulfillment, "Immediate versus delayed payment methods"): the session
   * completes with payment_status `unpaid` while the PaymentIntent is `processing`
   * (docs.stripe.com/payments/paymentintents/lifecycle: bank debits "can take up to a few days to
   * process"); settleDelayedPayment decides it later. `paidAs` is a fault injection, not something
   * Stripe does on its own: the session reports another amount or currency than it was created
   * with, to reach the service's mismatch branch.
   */
  function completeSession(
    id: string,
    customer: { email?: string; name?: string } = {},
    opts: { method?: 'card' | 'sepa_debit'; paidAs?: { amount: number; currency: string } } = {},
  ): StripeObject {
    const s = session(id);
    // A guest cannot pay a session that expired (by status, or because expires_at has passed: sweep()).
    if (s.status !== 'open') throw new Error(`fake Stripe: session ${id} is ${s.status as string}, not open`);
    const method = opts.method ?? 'card';
    // The session offers only the types it lists (checkout session object, payment_method_types).
    if (!(s.payment_method_types as string[]).includes(method))
      throw new Error(`fake Stripe: session ${id} does not offer ${method}`);
    if (opts.paidAs)
      Object.assign(s, { amount_total: opts.paidAs.amount, currency: opts.paidAs.currency.toLowerCase() });
    const amount = s.amount_total as number;
    const delayed = method !== 'card';
    const pi: StripeObject = {
      id: newId('pi_'),
      object: 'payment_intent',
      amount,
      amount_received: delayed ? 0 : amount,
      amount_refunded: 0,
      created: nowSec(),
      currency: s.currency,
      latest_charge: newId('ch_'),
      metadata: intentMetadata.get(id) ?? {},
      payment_method_types: [method],
      status: delayed ? 'processing' : 'succeeded',
    };
    paymentIntents.set(pi.id, pi);
    Object.assign(s, {
      status: 'complete',
      payment_status: delayed ? 'unpaid' : 'paid',
      payment_intent: pi.id,
      customer_details: {
        address: null,
        email: customer.email ?? s.customer_email ?? null,
        name: customer.name ?? null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    });
    return structuredClone(s);
  }

  /**
   * A delayed payment is decided, days later. Succeeded: the PaymentIntent `succeeded` and the
   * session's payment_status `paid`, announced as checkout.session.async_payment_succeeded
   * ("Occurs when a payment intent using a delayed payment method finally succeeds", Stripe's
   * event types). Failed: the PaymentIntent goes back to `requires_payment_method` (PaymentIntent
   * lifecycle: "If the payment attempt fails … status returns to requires_payment_method") and
   * the session stays `unpaid`, announced as checkout.session.async_payment_failed ("Occurs when
   * a payment intent using a delayed payment method fails"). Returns the event type to send.
   */
  function settleDelayedPayment(id: string, outcome: 'succeeded' | 'failed'): string {
    const s = session(id);
    const pi = paymentIntents.get(s.payment_intent as string);
    if (s.status !== 'complete' || !pi || pi.status !== 'processing')
      throw new Error(`fake Stripe: session ${id} has no payment processing`);
    if (outcome === 'succeeded') {
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
      s.payment_status = 'paid';
    } else {
      pi.status = 'requires_payment_method';
    }
    return `checkout.session.async_payment_${outcome}`;
  }

  return {
    settleDelayedPayment,
    sessions,
    paymentIntents,
    refunds,
    transfers,
    sweep,
    session,
    createSession,
    expireSession,
    intent,
    createRefund,
    createTransfer,
    completeSession,
  };
}

export type StripeObjects = ReturnType<typeof createStripeObjects>;

/**
 * What a session offers: cards, and SEPA Direct Debit for euros (a delayed method; SEPA Direct
 * Debit accepts only EUR: docs.stripe.com/payments/sepa-debit, "Payment method properties").
 */
function methodTypes(currency: string): string[] {
  return currency === 'eur' ? ['card', 'sepa_debit'] : ['card'];
}
