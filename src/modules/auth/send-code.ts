import type { Deps } from '../../kernel/deps.ts';
import type { Executor } from '../../db/connection.ts';
import type { UserRow } from '../users/index.ts';
import { authRepository } from './auth.repository.ts';
import { SECRET_POLICY, type SecretPurpose } from './one-time-secrets.ts';
import { sendEmail } from '../emails/index.ts';
import { clientLink } from '../../platform/client-links.ts';

/** Stores a fresh hashed code (retiring older ones of the purpose) and returns the plain code. */
export async function createCode(
  deps: Deps,
  user: UserRow,
  purpose: SecretPurpose,
  db: Executor = deps.db,
): Promise<string> {
  const code = deps.secrets.newCode();
  const policy = SECRET_POLICY[purpose];
  const now = deps.clock.now();
  await authRepository(db).replaceSecret({
    userId: user.id,
    purpose,
    secretHash: deps.secrets.hashCode(purpose, user.id, code),
    maxAttempts: policy.maxAttempts,
    expiresAt: new Date(now.getTime() + policy.ttlSeconds * 1000),
    now,
  });
  return code;
}

/** Mails a code in the user's language; called after the account change is committed. */
export async function mailCode(deps: Deps, user: UserRow, purpose: SecretPurpose, code: string): Promise<void> {
  const reset = purpose === 'password_reset';
  await sendEmail(deps, {
    to: user.email,
    template: reset ? 'password-reset-code' : 'verification-code',
    locale: user.locale,
    timeZone: user.timeZone,
    vars: {
      name: user.firstName || user.username,
      code,
      valid_for: { duration: { seconds: SECRET_POLICY[purpose].ttlSeconds } },
      ...(reset ? { link: clientLink(deps.config, 'passwordReset', { email: user.email }) } : {}),
    },
  });
}

/** Creates a link token (initial password, reset) and returns the plain token. */
export async function createLinkToken(
  deps: Deps,
  user: UserRow,
  purpose: SecretPurpose,
  db: Executor = deps.db,
): Promise<string> {
  const token = deps.secrets.newToken();
  const policy = SECRET_POLICY[purpose];
  const now = deps.clock.now();
  await authRepository(db).replaceSecret({
    userId: user.id,
    purpose,
    secretHash: deps.secrets.hashToken(purpose, token),
    maxAttempts: policy.maxAttempts,
    expiresAt: new Date(now.getTime() + policy.ttlSeconds * 1000),
    now,
  });
  return token;
}
