// What the users use cases need from the modules above users. auth (sessions, codes) and owner
// onboarding (applications) import users, so users cannot import them: instead it names here what
// it needs, each of them provides its part when the app registers it (its index.ts plugin), and
// the use cases call it at the same point and on the same executor (in the same transaction) as
// a direct call would. An outbox event would not do: these run inside the change's transaction,
// or decide the answer (409, a mailed flag, a status member).
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { UserRow } from './users.repository.ts';

export type OwnerRequestStatus = 'none' | 'pending' | 'approved' | 'rejected';

/** Sessions and mailed secrets of an account (the auth module). */
export interface AuthAccountHooks {
  /** Ends the account's live sessions (all but `exceptSessionId`) on `db`; returns their ids, to broadcast after commit. */
  revokeSessions(db: Executor, userId: number, reason: string, now: Date, exceptSessionId?: string): Promise<string[]>;
  /** Whether `password` is the account's, counted with its failed logins (429 once they are used up). */
  checkCurrentPassword(deps: Deps, user: UserRow, password: string): Promise<boolean>;
  /** Stores a new e-mail verification code on `db` (retiring older ones); returns it, to mail after commit. */
  createEmailCode(deps: Deps, user: UserRow, db: Executor): Promise<string>;
  mailEmailCode(deps: Deps, user: UserRow, code: string): Promise<void>;
  /** Mails an account created without a password its single-use link to choose one; returns the token. */
  sendInitialPasswordLink(deps: Deps, user: UserRow): Promise<string>;
}

/** Owner applications of an account (the owner-onboarding module). */
export interface OwnerRequestAccountHooks {
  /** The status of the user's latest application, `none` if they never applied. */
  latestStatus(db: Executor, userId: number): Promise<OwnerRequestStatus>;
  /** Erases the personal data of the user's applications on `db`; returns the storage keys of their files, to delete after commit. */
  eraseForUser(db: Executor, userId: number, now: Date): Promise<string[]>;
}

export interface AccountHooks {
  auth: AuthAccountHooks;
  ownerRequests: OwnerRequestAccountHooks;
}

const HOOKS = Symbol('users.account-hooks');
const provided = (deps: Pick<Deps, 'services'>) => deps.services.get<Partial<AccountHooks>>(HOOKS, () => ({}));

/** Called by the module that provides `part`, when the app registers it. */
export function provideAccountHooks<K extends keyof AccountHooks>(
  deps: Pick<Deps, 'services'>,
  part: K,
  hooks: AccountHooks[K],
): void {
  provided(deps)[part] = hooks;
}

export function accountHooks<K extends keyof AccountHooks>(deps: Pick<Deps, 'services'>, part: K): AccountHooks[K] {
  const hooks = provided(deps)[part];
  if (!hooks)
    throw new Error(`users: no ${part} account hooks; the app registers the module that provides them (src/app.ts)`);
  return hooks as AccountHooks[K];
}
