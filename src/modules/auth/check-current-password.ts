// A signed-in person's password, re-entered to prove a credential change (users: credential-proof.ts).
import type { Deps } from '../../kernel/deps.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { UserRow } from '../users/index.ts';
import { loginThrottle } from './login-throttle.ts';

/**
 * Whether `password` is the account's. Failures count with the account's failed logins (10 in 15
 * minutes, then 429 with Retry-After), so a stolen access token cannot try passwords here faster
 * than at the login.
 */
export async function checkCurrentPassword(deps: Deps, user: UserRow, password: string): Promise<boolean> {
  const attempt = { account: user, login: user.email };
  await loginThrottle(deps).check(attempt);
  if (await verifyPassword(user.passwordHash, password)) return true;
  await loginThrottle(deps).recordFailure(attempt);
  return false;
}
