// The security headers every answer carries (X-Content-Type-Options, Strict-Transport-Security,
// Referrer-Policy, …), as helmet decides them. @fastify/helmet built helmet's whole middleware
// chain again for every request, about 10 µs of a 70–90 µs bare route on the bench VM
// (bench/README.md); the policy here is one for every route, so helmet runs once, at start-up,
// against a recorder, and each request gets the headers it set. They go on the raw response, as
// helmet's did, so answers that bypass Fastify's own headers (a hijacked SSE stream) keep them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaders {
  /** Header name (as helmet wrote it) and value, in helmet's order. */
  set: Array<[string, string]>;
  /** Headers helmet removes (X-Powered-By). */
  removed: string[];
}

/** What helmet does to a response under `options`, recorded once. */
export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const set = new Map<string, [string, string]>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.push(name);
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return { set: [...set.values()], removed };
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { set, removed } = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (let i = 0; i < set.length; i++) res.setHeader(set[i]![0], set[i]![1]);
    for (let i = 0; i < removed.length; i++) res.removeHeader(removed[i]!);
    done();
  });
}
