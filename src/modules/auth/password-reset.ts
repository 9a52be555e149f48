// The three steps of password reset: e-mail a code, trade the code for a reset token, set the password.
import type { Deps } from '../../kernel/deps.ts';
import { findUserByEmail, updateAccountAccess } from '../users/index.ts';
import { authRepository } from './auth.repository.ts';
import { consumeCode, consumeLinkToken } from './consume-code.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { mailThrottle } from './login-throttle.ts';
import { assertPasswordsMatch } from './session-issuer.ts';
import { createCode, createLinkToken, mailCode } from './send-code.ts';

/** Same answer whether or not the address has an account, so it reveals nothing. */
export async function requestPasswordReset(deps: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.deletedAt || !user.isActive) return;
  if (!(await mailThrottle(deps).allow(user.id, 'password_reset'))) return;
  const code = await createCode(deps, user, 'password_reset');
  await mailCode(deps, user, 'password_reset', code);
}

export async function verifyPasswordReset(deps: Deps, email: string, code: string) {
  const user = await consumeCode(deps, email, 'password_reset', code);
  return { reset_token: await createLinkToken(deps, user, 'reset_token') };
}

/** Sets the new password and ends every session of the account. */
export async function resetPassword(
  deps: Deps,
  input: { reset_token: string; password: string; password_confirmation: string },
): Promise<void> {
  assertPasswordsMatch(input.password, input.password_confirmation);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const revoked = await deps.db.transaction(async (tx) => {
    const user = await consumeLinkToken(deps, tx, 'reset_token', input.reset_token, 'reset_token');
    // The code reached the mailbox, which proves the address as well.
    await updateAccountAccess(tx, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now }, now);
    return authRepository(tx).revokeUserSessions(user.id, 'password_reset', now);
  });
  await deps.sessions.broadcastRevoked(revoked);
}
