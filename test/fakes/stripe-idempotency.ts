// Stripe's idempotency layer (API v1) for the fake Stripe server, rule by rule from Stripe's pages:
//   [IR] docs.stripe.com/api/idempotent_requests
//   [LL] docs.stripe.com/error-low-level (Content errors; Idempotency)
//   [ER] docs.stripe.com/api/errors (HTTP status code summary; error types)
//
// [IR] "Stripe saves the status code and body of the first request made with a given idempotency
// key after endpoint execution begins. Retries with the same key return the saved response,
// including 500 errors." [LL] "as long as an API method began execution, Stripe's API servers will
// cache the results of the request regardless of what they were. A request that returns a 400
// sends back the same 400 if followed by a new request with the same idempotency key." What is not
// saved is the caller's business (stripe-server.ts): a result is saved only through save().
import { invalid, StripeHttpError } from './stripe-wire.ts';

export interface SavedResult {
  fingerprint: string;
  status: number;
  body: string;
  /** When the key was first used (ms); its age counts from here. */
  since: number;
}

/** [IR] "Idempotency keys are up to 255 characters long." */
export const MAX_KEY_LENGTH = 255;
/** [IR] "You can remove keys from the system automatically after they're at least 24 hours old." */
export const KEY_LIFETIME_MS = 24 * 3600_000;

export function createIdempotencyLayer(nowMs: () => number) {
  const saved = new Map<string, SavedResult>();
  const inFlight = new Map<string, { fingerprint: string; since: number }>();

  return {
    saved: saved as ReadonlyMap<string, SavedResult>,

    /**
     * Before the endpoint runs: the saved result to replay, or undefined when the request is to
     * execute (the caller then claims the key). Throws Stripe's refusals, none of which is saved.
     */
    lookup(key: string, fingerprint: string): SavedResult | undefined {
      // The length limit is Stripe's [IR]; the wording of the refusal is not documented.
      if (key.length > MAX_KEY_LENGTH)
        throw invalid(
          `Invalid idempotency key: keys can be up to ${MAX_KEY_LENGTH} characters long (got ${key.length}).`,
          'Idempotency-Key',
        );
      const earlier = saved.get(key);
      // [IR] "We generate a new request if a key is reused after the original is pruned." This fake
      // prunes a key as soon as the documents allow: once it is 24 hours old.
      if (earlier && nowMs() - earlier.since >= KEY_LIFETIME_MS) saved.delete(key);
      const kept = saved.get(key);
      if (kept) {
        // [IR] "The idempotency layer compares incoming parameters to those of the original request
        // and errors if they're not the same". [ER] idempotency_error: "Idempotency errors occur when
        // an Idempotency-Key is re-used on a request that does not match the first request's API
        // endpoint and parameters." The fingerprint is method, path and every parameter.
        if (kept.fingerprint !== fingerprint) {
          throw new StripeHttpError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
        }
        return kept;
      }
      // [ER] 409 Conflict: "The request conflicts with another request (perhaps due to using the same
      // idempotent key)." The code is idempotency_key_in_use (Stripe's api_errors.code enum). Stripe
      // documents no error type for it; idempotency_error is documented for mismatched parameters
      // only, so the type here is invalid_request_error. [IR] a request that "conflicts with another
      // request that's executing concurrently" is not saved: "You can retry these requests."
      if (inFlight.has(key)) {
        throw new StripeHttpError(
          409,
          'invalid_request_error',
          `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
          'idempotency_key_in_use',
        );
      }
      return undefined;
    },

    /** The request with this key is executing from now until release(). */
    claim(key: string, fingerprint: string): void {
      inFlight.set(key, { fingerprint, since: nowMs() });
    },

    /** The endpoint began executing and produced this result: replayed for the key from now on. */
    save(key: string, status: number, body: string): void {
      const claim = inFlight.get(key);
      if (!claim) throw new Error(`fake Stripe: saving a result for idempotency key ${key} that is not in flight`);
      saved.set(key, { fingerprint: claim.fingerprint, status, body, since: claim.since });
    },

    release(key: string): void {
      inFlight.delete(key);
    },
  };
}
