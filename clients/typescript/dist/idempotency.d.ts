import type { Middleware } from 'openapi-fetch';
/** The operations that honour Idempotency-Key, as "METHOD path" (the service's `idempotent` routes). */
export declare const IDEMPOTENT_OPERATIONS: ReadonlySet<string>;
/** A fresh key (a random UUID). */
export declare function newIdempotencyKey(): string;
export interface RetryOptions {
    /** Further attempts after the first (default 2). */
    retries?: number;
    /** Wait before the n-th retry when the answer gives no Retry-After (default 250 ms × 2^n). */
    backoffMs?: (attempt: number) => number;
}
export declare function idempotencyMiddleware(opts?: RetryOptions): Middleware;
