// Proof of the credential before a credential change (contract §3b). Changing an account's
// e-mail address, phone or password needs the caller to prove they hold the credential of the
// session they act with: their current password, or, for an account with none (social sign-in
// only, staff before their first password), a login within the last 10 minutes. A stolen access
// token alone then cannot redirect the account's mail and reset its password.
//
// Decisions:
// - The proof is always the caller's. Admin and support change other accounts' e-mail and phone
//   (contract §4) without knowing their passwords; they prove their own, so a stolen staff token
//   cannot move a customer's address either. Nobody changes another account's password.
// - §3b supersedes §4's "a session younger than 10 minutes" for accounts that have a password:
//   a token stolen in its first minutes would pass it. The fresh login remains the proof only
//   where there is no password to ask for.
// - current_password is checked whenever it is sent by an account that has a password (a wrong
//   one is 403 even with nothing credential-like in the change), and counts with the account's
//   failed logins. An account without a password has nothing to compare it with: ignored.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { AppError } from '../../platform/errors.ts';
import { accountHooks } from './account-hooks.ts';
import type { UserRow } from './users.repository.ts';

/** A login younger than this proves an account that has no password. */
export const FRESH_LOGIN_MS = 10 * 60 * 1000;

const refused = (problem: string) =>
  new AppError('FORBIDDEN', `current_password ${problem}`, { current_password: [problem] });

export interface CredentialProof {
  /** The caller's own account row (its password hash is the proof asked for). */
  callerRow: UserRow;
  /** The credential members the change touches (API names); empty for none. */
  changing: string[];
  currentPassword: string | undefined;
}

/** Refuses (403 naming current_password) a change the caller has not proved they may make. */
export async function assertCredentialProof(
  deps: Deps,
  caller: AuthUser,
  { callerRow, changing, currentPassword }: CredentialProof,
): Promise<void> {
  if (callerRow.passwordHash && currentPassword !== undefined) {
    if (!(await accountHooks(deps, 'auth').checkCurrentPassword(deps, callerRow, currentPassword)))
      throw refused('is incorrect');
    return;
  }
  if (changing.length === 0) return;
  const what = changing.join(', ');
  if (callerRow.passwordHash) throw refused(`is required to change ${what}`);
  const loginAge = deps.clock.now().getTime() - caller.sessionCreatedAt.getTime();
  if (loginAge >= FRESH_LOGIN_MS)
    throw refused(
      `cannot prove this change: the account has no password, so changing ${what} needs a login within the last 10 minutes; sign in again first`,
    );
}
