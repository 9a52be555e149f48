// Counts failed logins per account and per IP (contract §3: 10 in 15 minutes, then 429).
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { AppError } from '../../platform/errors.ts';

export class LoginThrottle {
  private readonly limiter: RateLimiterAbstract;
  constructor(private readonly maxFailures: number, windowMs: number, redis: Redis | null) {
    const opts = { points: maxFailures, duration: Math.ceil(windowMs / 1000), keyPrefix: 'login-fail' };
    this.limiter = redis ? new RateLimiterRedis({ ...opts, storeClient: redis }) : new RateLimiterMemory(opts);
  }

  private keys(login: string, ip: string): string[] {
    return [`acct:${login.trim().toLowerCase()}`, `ip:${ip}`];
  }

  /** Refuses (429 with Retry-After) when the account or the IP has used its failures. */
  async check(login: string, ip: string): Promise<void> {
    for (const key of this.keys(login, ip)) {
      const res = await this.limiter.get(key);
      if (res && res.consumedPoints >= this.maxFailures) this.refuse(res);
    }
  }

  async recordFailure(login: string, ip: string): Promise<void> {
    for (const key of this.keys(login, ip)) {
      await this.limiter.penalty(key, 1);
    }
  }

  /** A successful login clears the account's count (not the IP's). */
  async recordSuccess(login: string): Promise<void> {
    await this.limiter.delete(`acct:${login.trim().toLowerCase()}`);
  }

  private refuse(res: RateLimiterRes): never {
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw new AppError('RATE_LIMITED', `Too many failed logins; try again in ${seconds} s`, undefined, { 'retry-after': String(seconds) });
  }
}
