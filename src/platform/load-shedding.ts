// Load shedding: when the event loop lags (the process is past what it can serve), new requests
// get a quick 503 with Retry-After instead of joining an ever longer queue.
//
// The lag is the mean event-loop delay over the last half second, measured with Node's own
// histogram from the moment the app is ready. (@fastify/under-pressure measures the same from its
// registration, so the synchronous schema compilation of start-up read as a second of lag and the
// first requests after every start were refused.)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

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
  app.addHook('onRequest', async (_request, reply) => {
    if (lagMs <= maxDelayMs) return;
    onShed();
    return reply.code(503).header('retry-after', '2').type('application/json; charset=utf-8')
      .send({ success: false, message: 'The service is overloaded; try again shortly', code: 'SERVICE_UNAVAILABLE' });
  });
}
