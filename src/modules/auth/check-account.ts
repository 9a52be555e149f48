import type { Deps } from '../../kernel/deps.ts';
import { findUserByLogin } from '../users/index.ts';

/** Tells a sign-in form whether to ask for a password, offer sign-up, or say the account is off. */
export async function checkAccount(deps: Deps, login: string) {
  const user = await findUserByLogin(deps.db, login);
  return { exists: Boolean(user), is_active: Boolean(user?.isActive), has_password: Boolean(user?.passwordHash) };
}
