// Idempotency keys (contract §2): the service answers a repeat of a request with the same
// Idempotency-Key with the first answer, so a booking or a payment sent twice after a lost answer
// is made once. The client gives every call of these operations a key of its own (unless the
// caller sent one) and, with that same key, sends it again when the connection failed or the
// service answered 502, 503 or 504.
import type { Middleware } from 'openapi-fetch';

/** The operations that honour Idempotency-Key, as "METHOD path" (the service's `idempotent` routes). */
export const IDEMPOTENT_OPERATIONS: ReadonlySet<string> = new Set([
  'POST /api/reservations',
  'POST /api/reservations/multi-room',
  'PUT /api/reservations/{id}',
  'POST /api/reservations/{id}/cancel',
  'POST /api/payments/process',
  'POST /api/chats/send_messages',
  'POST /api/notifications/send',
  'POST /api/payouts/process',
]);

/** A fresh key (a random UUID). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

export interface RetryOptions {
  /** Further attempts after the first (default 2). */
  retries?: number;
  /** Wait before the n-th retry when the answer gives no Retry-After (default 250 ms × 2^n). */
  backoffMs?: (attempt: number) => number;
}

const RETRYABLE = new Set([502, 503, 504]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function waitFor(response: Response | null, attempt: number, backoff: (n: number) => number): number {
  const after = Number(response?.headers.get('retry-after'));
  return Number.isFinite(after) && after > 0 ? Math.min(after, 30) * 1000 : backoff(attempt);
}

export function idempotencyMiddleware(opts: RetryOptions = {}): Middleware {
  const retries = opts.retries ?? 2;
  const backoff = opts.backoffMs ?? ((n) => 250 * 2 ** n);
  const copies = new Map<string, Request>();

  // Sends the kept copy again, as often as allowed, while the failure is one a retry may cure.
  async function again(
    id: string,
    sent: Request,
    fetchImpl: typeof fetch,
    last: Response | null,
  ): Promise<Response | undefined> {
    const copy = copies.get(id);
    copies.delete(id);
    if (!copy) return undefined;
    // The copy was taken before the token was set (this middleware runs first): send the same one.
    const authorization = sent.headers.get('authorization');
    if (authorization) copy.headers.set('authorization', authorization);
    let response = last;
    for (let attempt = 0; attempt < retries; attempt++) {
      await sleep(waitFor(response, attempt, backoff));
      try {
        response = await fetchImpl(copy.clone());
      } catch {
        response = null;
        continue;
      }
      if (!RETRYABLE.has(response.status)) return response;
    }
    return response ?? undefined;
  }

  return {
    onRequest({ request, schemaPath, id }) {
      if (!IDEMPOTENT_OPERATIONS.has(`${request.method} ${schemaPath}`)) return undefined;
      if (!request.headers.has('idempotency-key')) request.headers.set('idempotency-key', newIdempotencyKey());
      copies.set(id, request.clone());
      return request;
    },
    async onResponse({ request, response, id, options }) {
      if (!RETRYABLE.has(response.status)) {
        copies.delete(id);
        return undefined;
      }
      return again(id, request, options.fetch, response);
    },
    async onError({ request, error, id, options }) {
      const response = await again(id, request, options.fetch, null);
      return response ?? (error instanceof Error ? error : new Error(String(error)));
    },
  };
}
