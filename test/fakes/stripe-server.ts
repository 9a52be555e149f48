// A stand-in for api.stripe.com: the Checkout Session, PaymentIntent, refund and transfer endpoints
// our adapter calls, with Stripe's form bodies, Bearer auth, idempotency keys, object shapes and
// error bodies, plus webhooks signed the way Stripe signs them. The real SDK runs against it.
// Its rules come from Stripe's documents, cited where they are enforced: parameters in
// stripe-rules.ts, idempotency in stripe-idempotency.ts, endpoint behaviour in stripe-objects.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createIdempotencyLayer } from './stripe-idempotency.ts';
import { createStripeObjects, type StripeObject } from './stripe-objects.ts';
import {
  checkCreateRefund,
  checkCreateSession,
  checkCreateTransfer,
  checkPathParam,
  createRefundParams,
  createSessionParams,
  createTransferParams,
  expireSessionParams,
  retrieveIntentParams,
  retrieveSessionParams,
  validate,
  type ObjectRule,
} from './stripe-rules.ts';
import { canonical, decodeForm, newId, StripeHttpError, stripeSignature, type Params } from './stripe-wire.ts';

export type { StripeObject };

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | null;
  stripeVersion: string | null;
}

export interface StripeServerOptions {
  secretKey?: string;
  webhookSecret?: string;
  /**
   * The fake's clock: `created` stamps, the expires_at window, sessions expiring on their own,
   * idempotency keys' 24 hours and webhook timestamps. Default: real time. A service test passes
   * `() => clock.now()` to share its ManualClock.
   */
  now?: () => Date;
  /** Every request spends this long in its endpoint (ms), so two requests with one key overlap. Default 0. */
  latencyMs?: number;
}

/**
 * Where an injected failure happens. `edge`: before Stripe's idempotency layer (a load balancer, a
 * rate limiter), so nothing is saved and a retry with the same key executes. `endpoint`: after the
 * endpoint began executing, so the failure is the key's saved result and every retry with that key
 * gets it back (docs.stripe.com/api/idempotent_requests: "Retries with the same key return the
 * saved response, including 500 errors").
 */
export type FailureStage = 'edge' | 'endpoint';

export interface FakeStripe {
  /** For STRIPE_API_BASE. */
  readonly apiBase: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Every authenticated request, oldest first (replays and injected failures included). */
  readonly requests: readonly RecordedRequest[];
  /** Read as of the fake's clock: open sessions past expires_at show as expired. */
  readonly sessions: ReadonlyMap<string, StripeObject>;
  readonly paymentIntents: ReadonlyMap<string, StripeObject>;
  readonly refunds: ReadonlyMap<string, StripeObject>;
  readonly transfers: ReadonlyMap<string, StripeObject>;
  /**
   * The guest pays: the session completes and its PaymentIntent is created, succeeded (a card) or
   * processing (`method: 'sepa_debit'`, a delayed method: the session stays `unpaid` until
   * settleDelayedPayment). `paidAs` injects a session paid with another amount or currency.
   * Throws if the session is not open.
   */
  completeSession(
    id: string,
    customer?: { email?: string; name?: string },
    opts?: { method?: 'card' | 'sepa_debit'; paidAs?: { amount: number; currency: string } },
  ): StripeObject;
  /** Decides a delayed payment; returns the event type Stripe sends for it (async_payment_succeeded / _failed). */
  settleDelayedPayment(id: string, outcome: 'succeeded' | 'failed'): string;
  /** The next `times` requests to this exact path answer `status` (500, 503, 429…); default stage `edge`. */
  failNext(path: string, status: number, times?: number, options?: { stage?: FailureStage }): void;
  /**
   * The next `times` requests to this path execute (their result saved for their idempotency key)
   * but the connection drops before the answer: the caller cannot know what happened.
   */
  loseNextAnswer(path: string, times?: number): void;
  /** Changes `latencyMs` for the requests that arrive from now on. */
  setLatency(ms: number): void;
  /** A Stripe event (`checkout.session.completed`, …) carrying the session as it is now. */
  sessionEvent(type: string, sessionId: string): StripeObject;
  /** The event as Stripe would POST it: JSON body and its Stripe-Signature header (timestamp: the fake's clock). */
  signedWebhook(
    event: object,
    opts?: { timestamp?: number; secret?: string },
  ): { body: string; headers: Record<string, string> };
  /** POSTs the signed event to a webhook endpoint. */
  sendWebhook(url: string, event: object): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const API_VERSION = '2026-10-28.endive';

interface Operation {
  method: 'GET' | 'POST';
  path: RegExp;
  params: ObjectRule;
  /** The path parameter's name and maxLength (extract `parameters`, in: path). */
  pathParam?: readonly [string, number];
  check?: (p: Params, now: number) => void;
  run: (p: Params, id: string, now: number) => StripeObject;
}

export async function startStripeServer(options?: StripeServerOptions): Promise<FakeStripe>;
export async function startStripeServer(secretKey?: string, webhookSecret?: string): Promise<FakeStripe>;
export async function startStripeServer(first?: string | StripeServerOptions, second?: string): Promise<FakeStripe> {
  const options: StripeServerOptions =
    typeof first === 'object'
      ? first
      : { ...(first ? { secretKey: first } : {}), ...(second ? { webhookSecret: second } : {}) };
  const secretKey = options.secretKey ?? 'sk_test_fake_0123456789';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_0123456789';
  const clock = options.now ?? (() => new Date());
  const nowMs = () => clock().getTime();
  const nowSec = () => Math.floor(nowMs() / 1000);
  let latencyMs = options.latencyMs ?? 0;
  let baseUrl = '';

  const objects = createStripeObjects(nowSec, () => baseUrl);
  const idempotency = createIdempotencyLayer(nowMs);
  const requests: RecordedRequest[] = [];
  const failures = new Map<string, { status: number; times: number }>();
  const lostAnswers = new Map<string, number>();

  const operations: Operation[] = [
    {
      method: 'POST',
      path: /^\/v1\/checkout\/sessions$/,
      params: createSessionParams,
      check: checkCreateSession,
      run: (p, _, now) => objects.createSession(p, now),
    },
    {
      method: 'GET',
      path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      params: retrieveSessionParams,
      pathParam: ['session', 66],
      run: (_, id) => objects.session(id),
    },
    {
      method: 'POST',
      path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      params: expireSessionParams,
      pathParam: ['session', 5000],
      run: (_, id) => objects.expireSession(id),
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      params: retrieveIntentParams,
      pathParam: ['intent', 5000],
      run: (_, id) => objects.intent(id),
    },
    {
      method: 'POST',
      path: /^\/v1\/refunds$/,
      params: createRefundParams,
      check: checkCreateRefund,
      run: (p) => objects.createRefund(p),
    },
    {
      method: 'POST',
      path: /^\/v1\/transfers$/,
      params: createTransferParams,
      check: checkCreateTransfer,
      run: (p) => objects.createTransfer(p),
    },
  ];

  const injected = (stage: FailureStage, path: string): StripeHttpError | null => {
    const failure = failures.get(`${stage} ${path}`);
    if (!failure || failure.times <= 0) return null;
    failure.times -= 1;
    return failure.status === 429
      ? new StripeHttpError(429, 'invalid_request_error', 'Too many requests hit the API too quickly.', 'rate_limit')
      : new StripeHttpError(failure.status, 'api_error', 'An unknown error occurred');
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const requestId = newId('req_', 14);
    const send = (status: number, body: string, extra: Record<string, string> = {}) =>
      res
        .writeHead(status, {
          'content-type': 'application/json',
          'request-id': requestId,
          'stripe-version': API_VERSION,
          ...extra,
        })
        .end(body);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    let claimed: string | null = null;
    try {
      // Refusals before the idempotency layer save nothing: docs.stripe.com/error-low-level, Content
      // errors: "a request that's rate limited with a 429 can produce a different result with the same
      // idempotency key because rate limiters run before the API's idempotency layer. The same goes for
      // a 401 that omitted an API key, or most 400s that sent invalid parameters."
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        throw new StripeHttpError(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****');
      }
      const raw = decodeForm(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
      const header = req.headers['idempotency-key'];
      // docs.stripe.com/api/idempotent_requests: "All POST requests accept idempotency keys. Don't send
      // idempotency keys in GET and DELETE requests because it has no effect."
      const key = method === 'POST' && typeof header === 'string' && header !== '' ? header : null;
      requests.push({
        method,
        path,
        params: raw,
        idempotencyKey: key,
        stripeVersion: (req.headers['stripe-version'] as string | undefined) ?? null,
      });
      const edge = injected('edge', path);
      if (edge) throw edge;

      const fingerprint = `${method} ${path} ${canonical(raw)}`;
      if (key) {
        const earlier = idempotency.lookup(key, fingerprint);
        if (earlier)
          return send(earlier.status, earlier.body, { 'idempotent-replayed': 'true', 'idempotency-key': key });
        idempotency.claim(key, fingerprint);
        claimed = key;
      }
      if (latencyMs > 0) await sleep(latencyMs);

      const op = operations.find((o) => o.method === method && o.path.test(path));
      if (!op)
        throw new StripeHttpError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${method}: ${path}). Please see https://docs.stripe.com/api.`,
        );
      const match = op.path.exec(path)!;
      const id = op.pathParam ? checkPathParam(decodeURIComponent(match[1]!), op.pathParam[0], op.pathParam[1]) : '';
      const params = validate(raw, op.params, []) as Params;
      const now = nowSec();
      op.check?.(params, now);

      // The endpoint has begun executing: its result, success or failure, is the key's saved result.
      let status = 200;
      let body: string;
      try {
        const failure = injected('endpoint', path);
        if (failure) throw failure;
        body = JSON.stringify(op.run(params, id, now));
      } catch (err) {
        const e =
          err instanceof StripeHttpError ? err : new StripeHttpError(500, 'api_error', 'An unknown error occurred');
        status = e.status;
        body = e.body(requestId);
      }
      if (key) idempotency.save(key, status, body);
      const lose = lostAnswers.get(path) ?? 0;
      if (lose > 0) {
        lostAnswers.set(path, lose - 1);
        res.destroy();
        return;
      }
      send(status, body, key ? { 'idempotency-key': key } : {});
    } catch (err) {
      if (err instanceof StripeHttpError) return send(err.status, err.body(requestId));
      send(500, new StripeHttpError(500, 'api_error', 'An unknown error occurred').body(requestId));
    } finally {
      if (claimed) idempotency.release(claimed);
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
    get sessions() {
      objects.sweep();
      return objects.sessions;
    },
    paymentIntents: objects.paymentIntents,
    refunds: objects.refunds,
    transfers: objects.transfers,
    completeSession: (id, customer, opts) => objects.completeSession(id, customer, opts),
    settleDelayedPayment: (id, outcome) => objects.settleDelayedPayment(id, outcome),
    loseNextAnswer(path, times = 1) {
      lostAnswers.set(path, times);
    },
    failNext(path, status, times = 1, { stage = 'edge' } = {}) {
      failures.set(`${stage} ${path}`, { status, times });
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    sessionEvent(type, sessionId) {
      return {
        id: newId('evt_'),
        object: 'event',
        api_version: API_VERSION,
        created: nowSec(),
        data: { object: structuredClone(objects.session(sessionId)) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    signedWebhook(event, opts = {}) {
      const body = JSON.stringify(event, null, 2);
      const signature = stripeSignature(body, opts.secret ?? webhookSecret, opts.timestamp ?? nowSec());
      return {
        body,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
      };
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
