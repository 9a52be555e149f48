// Counters in the rate-limits port (memory, or Redis shared by all instances), kept by the auth
// module for the running app.
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { RateCount, RateCounter, RateLimits } from '../../ports/rate-limits.ts';

const LOGIN_THROTTLE = Symbol('auth.login-throttle');
const MAIL_THROTTLE = Symbol('auth.mail-throttle');
/** Codes mailed to one account per rate-limit window, whoever asks. */
const MAILS_PER_WINDOW = 5;

export const loginThrottle = (deps: Pick<Deps, 'services' | 'rateLimits' | 'config'>) =>
  deps.services.get(
    LOGIN_THROTTLE,
    () => new LoginThrottle(deps.config.LOGIN_MAX_FAILURES, deps.config.rateLimitWindowMs, deps.rateLimits),
  );
export const mailThrottle = (deps: Pick<Deps, 'services' | 'rateLimits' | 'config'>) =>
  deps.services.get(
    MAIL_THROTTLE,
    () => new MailThrottle(MAILS_PER_WINDOW, deps.config.rateLimitWindowMs, deps.rateLimits),
  );

/**
 * A login attempt: the account its identifier resolved to (if any), the identifier as sent, the
 * client IP. A password re-entered by a signed-in caller (a credential change) has no IP here: it
 * is counted against the account alone, in the same budget as its logins.
 */
export interface LoginAttempt {
  account: { id: number; createdAt: Date } | undefined;
  login: string;
  ip?: string;
}

/**
 * Failed logins per account and per IP (contract §3: 10 in 15 minutes, then 429). The account is
 * the one the identifier resolves to, so its e-mail, its username and their spellings share one
 * count; an identifier that resolves to nobody is counted under its normalised self, with the same
 * answers, so the throttle does not tell which identifiers are accounts.
 */
export class LoginThrottle {
  private readonly limiter: RateCounter;
  constructor(
    private readonly maxFailures: number,
    windowMs: number,
    limits: RateLimits,
  ) {
    this.limiter = limits.counter('login-fail', maxFailures, windowMs);
  }

  private accountKey(a: LoginAttempt): string {
    // The creation instant beside the id: ids restart in every database, and databases that share
    // one Redis (test databases, a staging copy) must not lock out each other's accounts.
    if (a.account) return `user:${a.account.id}:${a.account.createdAt.getTime()}`;
    // Normalised as the account lookup (usersRepository.findByLogin) compares identifiers.
    return `login:${a.login.trim().toLowerCase()}`;
  }

  private keys(a: LoginAttempt): string[] {
    return a.ip === undefined ? [this.accountKey(a)] : [this.accountKey(a), `ip:${a.ip}`];
  }

  /** Refuses (429 with Retry-After) when the account or the IP has used its failures. */
  async check(a: LoginAttempt): Promise<void> {
    for (const key of this.keys(a)) {
      const res = await this.limiter.get(key);
      if (res && res.consumed >= this.maxFailures) this.refuse(res);
    }
  }

  async recordFailure(a: LoginAttempt): Promise<void> {
    for (const key of this.keys(a)) {
      await this.limiter.penalty(key, 1);
    }
  }

  /** A successful login clears the account's count (not the IP's). */
  async recordSuccess(a: LoginAttempt): Promise<void> {
    await this.limiter.delete(this.accountKey(a));
  }

  private refuse(res: RateCount): never {
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw new AppError('RATE_LIMITED', `Too many failed logins; try again in ${seconds} s`, undefined, {
      'retry-after': String(seconds),
    });
  }
}

/**
 * Codes mailed per account, whoever asks and from wherever: stops a mailbox being flooded from
 * many IPs. Over the budget the request still gets its usual answer, but nothing is sent.
 */
export class MailThrottle {
  private readonly limiter: RateCounter;
  constructor(perWindow: number, windowMs: number, limits: RateLimits) {
    this.limiter = limits.counter('mail-codes', perWindow, windowMs);
  }

  /** True when a mail may go to this account now (and counts it). */
  async allow(userId: number, purpose: string): Promise<boolean> {
    return this.limiter.consume(`${purpose}:${userId}`);
  }
}
