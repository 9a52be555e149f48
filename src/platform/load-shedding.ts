// Load shedding: a quick 503 with Retry-After instead of a place in an ever longer queue, but only
// when refusing relieves this process. Two rules, checked where a request is admitted:
// - MAX_REQUESTS_IN_FLIGHT requests are being served: the next is refused.
// - The event loop lags past MAX_EVENT_LOOP_DELAY_MS *and* at least SHED_MIN_IN_FLIGHT requests
//   are being served: the lag is this process's own backlog, and refusing shortens it. Lag with
//   fewer requests in flight comes from elsewhere (other processes on a busy host, a start-up's
//   compilation, a job): refusing the few requests there are relieves nothing, so they are
//   served. (A lone login on a just-started server was refused this way, issue 47.)
//
// The lag is the mean event-loop delay over the last half second, measured with Node's own
// histogram from the moment the app is ready (measured from registration, as
// @fastify/under-pressure does, start-up's synchronous schema compilation read as lag).
//
// The answer is text already serialised, and the readiness check (/readyz, route config
// `readiness`) gets its own shape ({ status: 'overloaded' }): the error envelope cannot be
// serialised by /readyz's 503 schema.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ShedReason } from './metrics-routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The readiness check: refused (overload, draining) in its own { status } shape, not the error envelope. */
    readiness?: boolean;
  }
}

/** Lag alone never sheds: at least this many requests must be in flight (counted before the new one). */
export const SHED_MIN_IN_FLIGHT = 8;

const OVERLOADED = JSON.stringify({
  success: false,
  message: 'The service is overloaded; try again shortly',
  code: 'SERVICE_UNAVAILABLE',
});
const NOT_READY = JSON.stringify({ status: 'overloaded' });

/** The overload answer: 503, Retry-After, as text (no route schema applies to it). */
export function sendOverloaded(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(retryAfterSeconds))
    .type('application/json; charset=utf-8')
    .send(request.routeOptions.config?.readiness ? NOT_READY : OVERLOADED);
}

const SAMPLE_MS = 500;
const RESOLUTION_MS = 10;

/** The current event-loop lag in ms (0 until the app is ready); measured while the app runs. */
export function watchEventLoopLag(app: FastifyInstance): () => number {
  let lagMs = 0;
  let stop = () => {};
  app.addHook('onReady', async () => {
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
    let sampledAt = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      // No delay recorded in the whole window: the histogram's own timer could not run (idle, it
      // records ~48 times a window), so its pending delay is at least the window. Node 24 misses
      // the 1 ms gaps between long blocks this way; reading such a window as calm let lag pass.
      const mean = histogram.count > 0 ? histogram.mean / 1e6 : now - sampledAt;
      lagMs = Math.max(0, mean - RESOLUTION_MS);
      sampledAt = now;
      histogram.reset();
    }, SAMPLE_MS);
    timer.unref();
    stop = () => {
      clearInterval(timer);
      histogram.disable();
    };
  });
  app.addHook('onClose', async () => stop());
  return () => lagMs;
}

// What counts as in flight: a request counts while the server works on it, from onRequest (so
// authentication is inside) until its answer is handed to onSend, except while its body is being
// received (preParsing to preValidation): a client trickling a body costs a socket, not a slot,
// so slow clients cannot fill the limit. A client that gives up does not free its slot, since its
// handler and its queued statements still run. Hijacked replies (SSE streams, WebSocket upgrades)
// are long-lived connections, not work in progress: dropped from the count once hijacked, and
// upgrade requests are never refused.
//
// Why a cap beside the lag: on PGlite every statement runs on this process's thread, and a
// backlog of queued statements drains as one long chain of promise callbacks during which the
// loop reads no new requests; bounding what is admitted bounds that backlog.

const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;
const LAG_RETRY_AFTER_SECONDS = 2;

export interface LoadSheddingOptions {
  /** MAX_REQUESTS_IN_FLIGHT; 0: no cap. */
  maxInFlight: number;
  /** MAX_EVENT_LOOP_DELAY_MS; 0: lag never sheds. */
  maxEventLoopDelayMs: number;
  onShed?: (reason: Extract<ShedReason, 'event_loop' | 'in_flight'>) => void;
}

const hasBody = (request: FastifyRequest) => {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
};

export function installLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): void {
  const { maxInFlight, maxEventLoopDelayMs, onShed = () => {} } = options;
  if (maxInFlight <= 0 && maxEventLoopDelayMs <= 0) return;
  const lag = maxEventLoopDelayMs > 0 ? watchEventLoopLag(app) : () => 0;
  const inFlight = new Set<FastifyReply>();
  // Requests whose body is on its way: out of the count until it has arrived.
  const receiving = new WeakSet<FastifyReply>();
  // Hijacked (or already ended) replies no longer hold a slot; looked for only when it matters.
  const sweep = () => {
    for (const reply of inFlight) if (reply.sent) inFlight.delete(reply);
  };
  const full = () => maxInFlight > 0 && inFlight.size >= maxInFlight;
  const lagging = () => maxEventLoopDelayMs > 0 && lag() > maxEventLoopDelayMs && inFlight.size >= SHED_MIN_IN_FLIGHT;
  const admit = (request: FastifyRequest, reply: FastifyReply) => {
    if (full() || lagging()) sweep();
    if (full()) {
      onShed('in_flight');
      return sendOverloaded(request, reply, IN_FLIGHT_RETRY_AFTER_SECONDS);
    }
    if (lagging()) {
      onShed('event_loop');
      return sendOverloaded(request, reply, LAG_RETRY_AFTER_SECONDS);
    }
    inFlight.add(reply);
    return undefined;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.upgrade) return;
    return admit(request, reply);
  });
  app.addHook('preParsing', async (request, reply) => {
    if (!hasBody(request) || !inFlight.delete(reply)) return;
    receiving.add(reply);
  });
  app.addHook('preValidation', async (request, reply) => {
    if (!receiving.has(reply)) return;
    receiving.delete(reply);
    return admit(request, reply);
  });
  app.addHook('onSend', async (_request, reply) => {
    inFlight.delete(reply);
  });
}
