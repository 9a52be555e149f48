import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { findUserByLogin } from '../users/index.ts';
import { loginThrottle } from './login-throttle.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { assertLoginTypeAllows, issueSession, type LoginType, type RequestMeta } from './session-issuer.ts';

/**
 * Password login by e-mail or username; `type` decides which roles may enter. The identifier is
 * resolved before the throttle is asked, so failures count against the account whichever of its
 * identifiers an attempt names.
 */
export async function login(
  deps: Deps,
  input: { login: string; password: string; type?: LoginType },
  meta: RequestMeta & { ip: string },
) {
  const user = await findUserByLogin(deps.db, input.login);
  const attempt = { account: user, login: input.login, ip: meta.ip };
  await loginThrottle(deps).check(attempt);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) {
    await loginThrottle(deps).recordFailure(attempt);
    throw new AppError('INVALID_CREDENTIALS', 'The login or password is incorrect');
  }
  await loginThrottle(deps).recordSuccess(attempt);
  if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE', 'This account has been deactivated');
  const type = input.type ?? 'client';
  assertLoginTypeAllows(type, user.role);
  return issueSession(deps, user, type, meta);
}
