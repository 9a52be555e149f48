// Load shedding: when the event loop lags (the process is past what it can serve), new requests
// get a quick 503 with Retry-After instead of joining an ever longer queue.
//
// The lag is the mean event-loop delay over the last half second, measured with Node's own
// histogram from the moment the app is ready. (@fastify/under-pressure measures the same from its
// registration, so the synchronous schema compilation of start-up read as a second of lag and the
// first requests after every start were refused.)
//
// Neither this nor the in-flight limit refuses a route marked `neverShed` (the health checks): an
// overloaded instance that failed its balancer's check would be taken out of the rotation and its
// load moved onto the others, which would then fail theirs (a whole fleet down for being busy).
// And both send their answer as text already serialised: /readyz declares its own 503 shape
// ({ status }), and the error envelope run through that schema made the serialiser throw, so the
// check got no answer at all and the instance could not finish its shutdown (seen in CI,
// 2026-11-28, under a rolling restart).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Never refused by the load shedding or the in-flight limit (the health checks). */
    neverShed?: boolean;
  }
}

const OVERLOADED = JSON.stringify({ success: false, message: 'The service is overloaded; try again shortly', code: 'SERVICE_UNAVAILABLE' });

/** Whether the shedders may refuse this request. */
export const mayShed = (request: FastifyRequest) => request.routeOptions.config?.neverShed !== true;

/** The overload answer: 503, Retry-After, the error envelope as text (no route schema applies to it). */
export function sendOverloaded(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply.code(503).header('retry-after', String(retryAfterSeconds)).type('application/json; charset=utf-8').send(OVERLOADED);
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
    if (lagMs <= maxDelayMs || !mayShed(request)) return;
    onShed();
    return sendOverloaded(reply, 2);
  });
}
