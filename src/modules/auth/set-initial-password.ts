import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { updateAccountAccess, type UserRow } from '../users/index.ts';
import { consumeLinkToken } from './consume-code.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { assertPasswordsMatch, defaultLoginType, issueSession, type RequestMeta } from './session-issuer.ts';
import { createLinkToken } from './send-code.ts';
import { SECRET_POLICY } from './one-time-secrets.ts';
import { sendEmail } from '../emails/index.ts';
import { clientLink } from '../../platform/client-links.ts';

/**
 * For accounts created by an admin: mails a single-use link token (7 days). Used by the
 * staff-account use case; returns the token so the caller can log it in development.
 */
export async function sendInitialPasswordLink(deps: Deps, user: UserRow): Promise<string> {
  const token = await createLinkToken(deps, user, 'initial_password');
  await sendEmail(deps, {
    to: user.email,
    template: 'staff-invitation',
    locale: user.locale,
    timeZone: user.timeZone,
    vars: {
      name: user.firstName || user.username,
      link: clientLink(deps.config, 'setPassword', { token }),
      valid_for: { duration: { seconds: SECRET_POLICY.initial_password.ttlSeconds } },
    },
  });
  return token;
}

/** Sets the first password of an admin-created account and signs the person in. */
export async function setInitialPassword(
  deps: Deps,
  input: { token: string; password: string; password_confirmation: string },
  meta: RequestMeta,
) {
  assertPasswordsMatch(input.password, input.password_confirmation);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const user = await deps.db.transaction(async (tx) => {
    const user = await consumeLinkToken(deps, tx, 'initial_password', input.token, 'token');
    if (user.passwordHash) throw new AppError('CONFLICT', 'This account already has a password; use password reset');
    // The link arrived by e-mail, which proves the address.
    return (await updateAccountAccess(
      tx,
      user.id,
      { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now },
      now,
    ))!;
  });
  if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE', 'This account has been deactivated');
  return issueSession(deps, user, defaultLoginType(user.role), meta);
}
