// A stand-in for api.stripe.com: the Checkout Session, PaymentIntent, refund and transfer endpoints
// our adapter calls, with Stripe's form bodies, Bearer auth, idempotency keys, object shapes and
// error bodies, plus webhooks signed the way Stripe signs them. The real SDK runs against it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeForm, int, invalid, metadataOf, missing, newId, StripeHttpError, str, stripeSignature, type Params } from './stripe-wire.ts';

type StripeObject = Record<string, unknown> & { id: string };

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | null;
  stripeVersion: string | null;
}

export interface FakeStripe {
  /** For STRIPE_API_BASE. */
  readonly apiBase: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Every authenticated request, oldest first (replays and injected failures included). */
  readonly requests: readonly RecordedRequest[];
  readonly sessions: ReadonlyMap<string, StripeObject>;
  readonly paymentIntents: ReadonlyMap<string, StripeObject>;
  readonly refunds: ReadonlyMap<string, StripeObject>;
  readonly transfers: ReadonlyMap<string, StripeObject>;
  /** The guest pays: the session completes and its PaymentIntent is created, succeeded. */
  completeSession(id: string, customer?: { email?: string; name?: string }): StripeObject;
  /** The next `times` requests to this exact path answer `status` (500, 503, 429…). */
  failNext(path: string, status: number, times?: number): void;
  /** A Stripe event (`checkout.session.completed`, …) carrying the session as it is now. */
  sessionEvent(type: string, sessionId: string): StripeObject;
  /** The event as Stripe would POST it: JSON body and its Stripe-Signature header. */
  signedWebhook(event: object, opts?: { timestamp?: number; secret?: string }): { body: string; headers: Record<string, string> };
  /** POSTs the signed event to a webhook endpoint. */
  sendWebhook(url: string, event: object): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const API_VERSION = '2026-10-28.endive';
const now = () => Math.floor(Date.now() / 1000);

export async function startStripeServer(secretKey = 'sk_test_fake_0123456789', webhookSecret = 'whsec_fake_0123456789'): Promise<FakeStripe> {
  const sessions = new Map<string, StripeObject>();
  const intentMetadata = new Map<string, Record<string, string>>();
  const paymentIntents = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const transfers = new Map<string, StripeObject>();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const failures = new Map<string, { status: number; times: number }>();
  let baseUrl = '';

  const session = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw missing('checkout.session', id, 'session');
    // Stripe expires an unpaid session on its own once expires_at passes.
    if (s.status === 'open' && (s.expires_at as number) <= now()) s.status = 'expired';
    return s;
  };

  function createSession(p: Params): StripeObject {
    if (str(p, ['mode'], true) !== 'payment') throw invalid('This fake only supports mode=payment.', 'mode');
    const items = p.line_items;
    if (!Array.isArray(items) || items.length !== 1) throw invalid('line_items must hold exactly one item here.', 'line_items');
    const currency = str(p, ['line_items', 0, 'price_data', 'currency'], true)!;
    if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}.`, 'line_items[0][price_data][currency]', 'invalid_currency');
    const unit = int(p, ['line_items', 0, 'price_data', 'unit_amount'], true)!;
    const quantity = int(p, ['line_items', 0, 'quantity'], true)!;
    str(p, ['line_items', 0, 'price_data', 'product_data', 'name'], true);
    if (unit < 0 || quantity < 1) throw invalid('Invalid amount or quantity.', 'line_items[0][price_data][unit_amount]', 'amount_too_small');
    const created = now();
    const expiresAt = int(p, ['expires_at']) ?? created + 86_400;
    if (expiresAt < created + 1800 || expiresAt > created + 86_400) {
      throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at', 'parameter_invalid_integer');
    }
    const id = newId('cs_test_', 58);
    intentMetadata.set(id, metadataOf((p.payment_intent_data as Params | undefined)?.metadata));
    const s: StripeObject = {
      id,
      object: 'checkout.session',
      amount_subtotal: unit * quantity,
      amount_total: unit * quantity,
      cancel_url: str(p, ['cancel_url']) ?? null,
      client_reference_id: str(p, ['client_reference_id']) ?? null,
      client_secret: null,
      created,
      currency,
      customer: null,
      customer_details: null,
      customer_email: str(p, ['customer_email']) ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata: metadataOf(p.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: str(p, ['success_url'], true),
      ui_mode: 'hosted_page',
      url: `${baseUrl}/c/pay/${id}`,
    };
    sessions.set(id, s);
    return s;
  }

  function expireSession(id: string): StripeObject {
    const s = session(id);
    if (s.status !== 'open') {
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status as string}".`);
    }
    s.status = 'expired';
    return s;
  }

  function createRefund(p: Params): StripeObject {
    const piId = str(p, ['payment_intent'], true)!;
    const pi = paymentIntents.get(piId);
    if (!pi) throw missing('payment_intent', piId, 'payment_intent');
    const remaining = (pi.amount_received as number) - (pi.amount_refunded as number);
    if (remaining <= 0) throw invalid(`Charge ${pi.latest_charge as string} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = int(p, ['amount']) ?? remaining;
    if (amount <= 0) throw invalid('Refund amount must be positive.', 'amount', 'amount_too_small');
    if (amount > remaining) throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, 'amount', 'amount_too_large');
    pi.amount_refunded = (pi.amount_refunded as number) + amount;
    const refund: StripeObject = {
      id: newId('re_'), object: 'refund', amount, balance_transaction: newId('txn_'), charge: pi.latest_charge, created: now(), currency: pi.currency,
      metadata: metadataOf(p.metadata), payment_intent: piId, reason: str(p, ['reason']) ?? null, status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function createTransfer(p: Params): StripeObject {
    const amount = int(p, ['amount'], true)!;
    const currency = str(p, ['currency'], true)!;
    const destination = str(p, ['destination'], true)!;
    if (amount <= 0) throw invalid('Amount must be at least 1.', 'amount', 'amount_too_small');
    if (!/^acct_\w+$/.test(destination)) throw missing('destination', destination, 'destination');
    const transfer: StripeObject = {
      id: newId('tr_'), object: 'transfer', amount, amount_reversed: 0, balance_transaction: newId('txn_'), created: now(), currency,
      description: str(p, ['description']) ?? null, destination, destination_payment: newId('py_'), livemode: false, metadata: metadataOf(p.metadata), reversed: false,
    };
    transfers.set(transfer.id, transfer);
    return transfer;
  }

  function route(method: string, path: string, p: Params): StripeObject {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(p);
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) return session(decodeURIComponent(m[1]!));
    if (method === 'POST' && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) return expireSession(decodeURIComponent(m[1]!));
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(m[1]!);
      const pi = paymentIntents.get(id);
      if (!pi) throw missing('payment_intent', id, 'intent');
      return pi;
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(p);
    if (method === 'POST' && path === '/v1/transfers') return createTransfer(p);
    throw new StripeHttpError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). Please see https://docs.stripe.com/api.`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const requestId = newId('req_', 14);
    const send = (status: number, body: string, extra: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': API_VERSION, ...extra }).end(body);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    const method = req.method ?? 'GET';
    try {
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        throw new StripeHttpError(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****');
      }
      const params = decodeForm(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
      const key = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) ?? null : null;
      requests.push({ method, path: url.pathname, params, idempotencyKey: key, stripeVersion: (req.headers['stripe-version'] as string | undefined) ?? null });
      const failure = failures.get(url.pathname);
      if (failure && failure.times > 0) {
        failure.times -= 1;
        throw failure.status === 429
          ? new StripeHttpError(429, 'invalid_request_error', 'Too many requests hit the API too quickly.', 'rate_limit')
          : new StripeHttpError(failure.status, 'api_error', 'An unknown error occurred');
      }
      const fingerprint = `${method} ${url.pathname} ${JSON.stringify(params)}`;
      const earlier = key ? idempotent.get(key) : undefined;
      if (earlier && earlier.fingerprint !== fingerprint) {
        throw new StripeHttpError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
      }
      if (earlier) return send(earlier.status, earlier.body, { 'idempotent-replayed': 'true', 'idempotency-key': key! });
      const body = JSON.stringify(route(method, url.pathname, params));
      // Stripe saves a key's result once the request executed; validation failures are not saved.
      if (key) idempotent.set(key, { fingerprint, status: 200, body });
      send(200, body, key ? { 'idempotency-key': key } : {});
    } catch (err) {
      if (err instanceof StripeHttpError) return send(err.status, err.body(requestId));
      send(500, new StripeHttpError(500, 'api_error', 'An unknown error occurred').body(requestId));
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    apiBase: baseUrl,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    paymentIntents,
    refunds,
    transfers,
    completeSession(id, customer = {}) {
      const s = session(id);
      if (s.status !== 'open') throw new Error(`fake Stripe: session ${id} is ${s.status as string}, not open`);
      const amount = s.amount_total as number;
      const pi: StripeObject = {
        id: newId('pi_'), object: 'payment_intent', amount, amount_received: amount, amount_refunded: 0, created: now(), currency: s.currency,
        latest_charge: newId('ch_'), metadata: intentMetadata.get(id) ?? {}, status: 'succeeded',
      };
      paymentIntents.set(pi.id, pi);
      Object.assign(s, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: pi.id,
        customer_details: { address: null, email: customer.email ?? s.customer_email ?? null, name: customer.name ?? null, phone: null, tax_exempt: 'none', tax_ids: [] },
      });
      return structuredClone(s);
    },
    failNext(path, status, times = 1) {
      failures.set(path, { status, times });
    },
    sessionEvent(type, sessionId) {
      return {
        id: newId('evt_'), object: 'event', api_version: API_VERSION, created: now(), data: { object: structuredClone(session(sessionId)) },
        livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type,
      };
    },
    signedWebhook(event, opts = {}) {
      const body = JSON.stringify(event, null, 2);
      const signature = stripeSignature(body, opts.secret ?? webhookSecret, opts.timestamp ?? now());
      return { body, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' } };
    },
    async sendWebhook(url, event) {
      const { body, headers } = fake.signedWebhook(event);
      const res = await fetch(url, { method: 'POST', headers, body });
      return { status: res.status, body: await res.text() };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
  return fake;
}
