// Load shedding: when the event loop lags (the process is past what it can serve), new requests
// get a quick 503 with Retry-After instead of joining an ever longer queue.
//
// The lag is the mean event-loop delay over the last half second, measured with Node's own
// histogram from the moment the app is ready. (@fastify/under-pressure measures the same from its
// registration, so the synchronous schema compilation of start-up read as a second of lag and the
// first requests after every start were refused.)
//
// Both this and the in-flight limit send their answer as text already serialised, and the
// readiness check (/readyz, route config `readiness`) in its own shape ({ status: 'overloaded' }):
// the error envelope run through /readyz's 503 schema made the serialiser throw, so the check got
// no answer at all and a draining instance could not finish its shutdown (seen in CI, 2026-11-28,
// under a rolling restart). Health checks are refused like any request: an instance whose loop
// lags is not ready, and the process tests wait for /healthz to answer 200 before they call it
// (exempting the checks, tried the same day, let a just-started server's first requests be shed).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The readiness check: refused (overload, draining) in its own { status } shape, not the error envelope. */
    readiness?: boolean;
  }
}

const OVERLOADED = JSON.stringify({ success: false, message: 'The service is overloaded; try again shortly', code: 'SERVICE_UNAVAILABLE' });
const NOT_READY = JSON.stringify({ status: 'overloaded' });

/** The overload answer: 503, Retry-After, as text (no route schema applies to it). */
export function sendOverloaded(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply.code(503).header('retry-after', String(retryAfterSeconds)).type('application/json; charset=utf-8')
    .send(request.routeOptions.config?.readiness ? NOT_READY : OVERLOADED);
}

const SAMPLE_MS = 500;
const RESOLUTION_MS = 10;

export function installLoadShedding(app: FastifyInstance, maxDelayMs: number, onShed: () => void = () => {}): void {
  if (maxDelayMs <= 0) return;
  let lagMs = 0;
  let stop = () => {};
  app.addHook('onReady', async () => {
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
    const timer = setInterval(() => {
      lagMs = Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS);
      histogram.reset();
    }, SAMPLE_MS);
    timer.unref();
    stop = () => {
      clearInterval(timer);
      histogram.disable();
    };
  });
  app.addHook('onClose', async () => stop());
  app.addHook('onRequest', async (request, reply) => {
    if (lagMs <= maxDelayMs) return;
    onShed();
    return sendOverloaded(request, reply, 2);
  });
}
