/**
 * Counters for rate limits in our own words: points spent per key within a window. One adapter
 * keeps them in memory (one instance), the other in Redis shared by every instance, falling back
 * to memory while Redis is away rather than failing the request it guards.
 */
export interface RateCount {
  /** Points spent in the current window. */
  consumed: number;
  /** Milliseconds until the window lets points go again. */
  msBeforeNext: number;
}

export interface RateCounter {
  /** The count of a key, or null when it has spent nothing in the window. */
  get(key: string): Promise<RateCount | null>;
  /** Spends `points` on the key without refusing (a failure recorded after the fact). */
  penalty(key: string, points: number): Promise<void>;
  /** Spends one point; false (and nothing spent beyond the limit) when the key is over it. */
  consume(key: string): Promise<boolean>;
  /** Forgets the key's count. */
  delete(key: string): Promise<void>;
}

export interface RateLimits {
  /** A counter of `points` per key per `windowMs`, its keys kept apart from other counters' by `prefix`. */
  counter(prefix: string, points: number, windowMs: number): RateCounter;
}
