import type { Deps } from '../../kernel/deps.ts';
import { usersRepository } from '../users/users.repository.ts';

/** Tells a sign-in form whether to ask for a password, offer sign-up, or say the account is off. */
export async function checkAccount(deps: Deps, login: string) {
  const user = await usersRepository(deps.db).findByLogin(login);
  return { exists: Boolean(user), is_active: Boolean(user?.isActive), has_password: Boolean(user?.passwordHash) };
}
