import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { findUserByEmail, toFlatProfile, updateAccountAccess } from '../users/index.ts';
import { consumeCode } from './consume-code.ts';
import { mailThrottle } from './login-throttle.ts';
import { createCode, mailCode } from './send-code.ts';

/** Marks the e-mail verified with the code that was sent to it. */
export async function verifyEmail(deps: Deps, email: string, code: string) {
  const existing = await findUserByEmail(deps.db, email);
  if (existing?.emailVerifiedAt) throw new AppError('ALREADY_VERIFIED', 'This e-mail address is already verified');
  const user = await consumeCode(deps, email, 'email_verification', code);
  const now = deps.clock.now();
  const updated = await updateAccountAccess(deps.db, user.id, { emailVerifiedAt: now }, now);
  return { user: toFlatProfile(updated ?? user) };
}

/** Sends a new code to an unverified address; answers the same whether or not it exists. */
export async function resendVerification(deps: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.deletedAt || user.emailVerifiedAt || !user.isActive) return;
  if (!(await mailThrottle(deps).allow(user.id, 'email_verification'))) return;
  const code = await createCode(deps, user, 'email_verification');
  await mailCode(deps, user, 'email_verification', code);
}
