// Who may see and act on which account (contract §4): the rules every users use case shares.
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../kernel/deps.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthUser, Role } from '../../kernel/caller.ts';
import { usersRepository, type UserRow } from './users.repository.ts';

export const STAFF_ROLES: readonly Role[] = ['admin', 'support'];
export const isStaff = (role: string) => role === 'admin' || role === 'support';

/**
 * The account as the caller may see it: self, admin and support see any live account; anyone
 * else gets the same 404 as for an unknown id, so ids cannot be probed.
 */
export async function loadVisibleUser(
  deps: Deps,
  caller: AuthUser,
  id: number,
  db: Executor = deps.db,
): Promise<UserRow> {
  if (caller.id !== id && !isStaff(caller.role)) throw notFound('User');
  const user = await usersRepository(db).findLiveById(id);
  if (!user) throw notFound('User');
  return user;
}

/** Support manages travellers and owners only; admin manages everyone. Self is always allowed. */
export function assertMayManage(caller: AuthUser, target: UserRow): void {
  if (caller.id === target.id || caller.role === 'admin') return;
  if (caller.role === 'support' && (target.role === 'client' || target.role === 'owner')) return;
  throw forbidden(
    caller.role === 'support'
      ? 'Support may change traveller and owner accounts only'
      : 'You may only change your own account',
  );
}

/**
 * Locks the active admins, then the target, in that order (so two such changes racing each
 * other queue instead of deadlocking), and refuses a change that takes the target out of the
 * active admins (demotion, deactivation, deletion) when it would leave none.
 */
export async function lockTargetKeepingAnAdmin(
  tx: Executor,
  targetId: number,
  leaves: boolean,
  what: string,
): Promise<UserRow | undefined> {
  const repo = usersRepository(tx);
  const admins = await repo.lockActiveAdminIds();
  const target = await repo.lockLiveById(targetId);
  if (target && leaves && admins.includes(target.id) && admins.length === 1) {
    throw new AppError('CONFLICT', `The last active admin cannot be ${what}; make another account admin first`);
  }
  return target;
}
