// Counters in the rate-limit store (memory, or Redis shared by all instances).
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { AppError } from '../../platform/errors.ts';

function limiter(prefix: string, points: number, windowMs: number, redis: Redis | null): RateLimiterAbstract {
  const opts = { points, duration: Math.ceil(windowMs / 1000), keyPrefix: prefix };
  // While Redis is away each instance counts in memory (the insurance limiter) rather than failing logins.
  return redis ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(opts) }) : new RateLimiterMemory(opts);
}

/** Failed logins per account and per IP (contract §3: 10 in 15 minutes, then 429). */
export class LoginThrottle {
  private readonly limiter: RateLimiterAbstract;
  constructor(private readonly maxFailures: number, windowMs: number, redis: Redis | null) {
    this.limiter = limiter('login-fail', maxFailures, windowMs, redis);
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

/**
 * Codes mailed per account, whoever asks and from wherever: stops a mailbox being flooded from
 * many IPs. Over the budget the request still gets its usual answer, but nothing is sent.
 */
export class MailThrottle {
  private readonly limiter: RateLimiterAbstract;
  constructor(perWindow: number, windowMs: number, redis: Redis | null) {
    this.limiter = limiter('mail-codes', perWindow, windowMs, redis);
  }

  /** True when a mail may go to this account now (and counts it). */
  async allow(userId: number, purpose: string): Promise<boolean> {
    try {
      await this.limiter.consume(`${purpose}:${userId}`);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }
}
