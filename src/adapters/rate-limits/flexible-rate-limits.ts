// The rate-limits port over rate-limiter-flexible: counters in memory, or in Redis shared by all
// instances with an in-memory insurance counter while Redis is away (each instance then counts
// alone rather than failing the request it guards).
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateCount, RateCounter, RateLimits } from '../../ports/rate-limits.ts';

export class FlexibleRateLimits implements RateLimits {
  /** `namespace` starts every key (this deployment's, config.redisPrefix). */
  constructor(
    private readonly redis: Redis | null,
    private readonly namespace = '',
  ) {}

  counter(prefix: string, points: number, windowMs: number): RateCounter {
    const opts = { points, duration: Math.ceil(windowMs / 1000), keyPrefix: `${this.namespace}${prefix}` };
    const limiter: RateLimiterAbstract = this.redis
      ? new RateLimiterRedis({ ...opts, storeClient: this.redis, insuranceLimiter: new RateLimiterMemory(opts) })
      : new RateLimiterMemory(opts);
    return {
      async get(key): Promise<RateCount | null> {
        const res = await limiter.get(key);
        return res ? { consumed: res.consumedPoints, msBeforeNext: res.msBeforeNext } : null;
      },
      async penalty(key, n) {
        await limiter.penalty(key, n);
      },
      async consume(key) {
        try {
          await limiter.consume(key);
          return true;
        } catch (err) {
          if (err instanceof RateLimiterRes) return false;
          throw err;
        }
      },
      async delete(key) {
        await limiter.delete(key);
      },
    };
  }
}
