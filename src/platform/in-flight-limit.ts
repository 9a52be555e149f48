// Bounded concurrency: at most MAX_REQUESTS_IN_FLIGHT requests are being served at once; a
// request beyond that gets a quick 503 with Retry-After in the usual error body instead of
// joining a queue.
//
// Why beside the event-loop shedding (load-shedding.ts): on PGlite every statement runs on this
// process's thread, one at a time, and a backlog of queued statements drains as one long chain of
// promise callbacks. The loop then reads no new requests at all for seconds and the lag, measured
// only between such chains, flips shedding on and off too late: an overload turned into
// timeouts. Bounding what is admitted bounds that backlog, on PGlite and on a pool alike; and
// src/db/pglite-statements.ts breaks such a chain every 10 ms, so new requests are read (and, past
// this limit, refused) while the backlog drains instead of queueing unread in the kernel.
//
// A request counts while the server works on it: from onRequest (so authentication is inside)
// until its answer is handed to onSend, when only writing remains, except while its body is being
// received (preParsing to preValidation): a client trickling a body costs a socket, not a slot,
// so slow clients cannot fill the limit and lock everyone out. A client that gives up does not
// free its slot, since its handler and its queued statements still run (freeing it at the
// socket's close let every client timeout admit one more request into the database queue, which
// then grew without bound). Hijacked replies (SSE streams, WebSocket upgrades) are long-lived
// connections, not work in progress: they are dropped from the count once hijacked, and upgrade
// requests are never refused here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendOverloaded } from './load-shedding.ts';

export const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;

const hasBody = (request: FastifyRequest) => {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
};

export function installInFlightLimit(app: FastifyInstance, max: number, onShed: () => void = () => {}): void {
  if (max <= 0) return;
  const inFlight = new Set<FastifyReply>();
  // Requests whose body is on its way: out of the count until it has arrived.
  const receiving = new WeakSet<FastifyReply>();
  // Hijacked (or already ended) replies no longer hold a slot; looked for only when full.
  const sweep = () => {
    for (const reply of inFlight) if (reply.sent) inFlight.delete(reply);
  };
  const admit = (request: FastifyRequest, reply: FastifyReply) => {
    if (inFlight.size >= max) sweep();
    if (inFlight.size >= max) {
      onShed();
      return sendOverloaded(request, reply, IN_FLIGHT_RETRY_AFTER_SECONDS);
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
