// Generation and keyed hashing of one-time codes (6 digits) and link tokens (256 random bits).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

import type { OneTimeSecrets, SecretPurpose } from '../../kernel/services.ts';
import { EMAIL_CHANGE_UNDO_SECONDS } from '../users/index.ts';

export type { SecretPurpose };

/** Life and attempt budget of each kind of secret. */
export const SECRET_POLICY: Record<SecretPurpose, { ttlSeconds: number; maxAttempts: number }> = {
  email_verification: { ttlSeconds: 24 * 3600, maxAttempts: 5 },
  password_reset: { ttlSeconds: 15 * 60, maxAttempts: 5 },
  reset_token: { ttlSeconds: 15 * 60, maxAttempts: 5 },
  initial_password: { ttlSeconds: 7 * 24 * 3600, maxAttempts: 5 },
  // Kept with the change it undoes (users: email_change_undos), not among these secrets.
  email_change_undo: { ttlSeconds: EMAIL_CHANGE_UNDO_SECONDS, maxAttempts: 1 },
};

export class SecretHasher implements OneTimeSecrets {
  constructor(private readonly key: Uint8Array) {}

  newCode(): string {
    return String(randomInt(0, 1_000_000)).padStart(6, '0');
  }

  newToken(): string {
    return randomBytes(32).toString('base64url');
  }

  /** A code is short, so its hash is bound to the account and purpose as well as keyed. */
  hashCode(purpose: SecretPurpose, userId: number, code: string): string {
    return this.hmac(`${purpose}:${userId}:${code}`);
  }

  hashToken(purpose: SecretPurpose, token: string): string {
    return this.hmac(`${purpose}:token:${token}`);
  }

  same(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }

  signLink(claims: string): string {
    return this.hmac(`link:${claims}`);
  }

  private hmac(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }
}
