import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { ownerRequestsRepository, type OwnerRequestStatus } from './owner-requests.repository.ts';

/** The status of a user's latest application, or `none` if they never applied. */
export async function latestOwnerRequestStatus(db: Executor, userId: number): Promise<OwnerRequestStatus | 'none'> {
  const latest = await ownerRequestsRepository(db).findLatestByUser(userId);
  return (latest?.status as OwnerRequestStatus | undefined) ?? 'none';
}

/** The status of the caller's latest application, or `none` if they never applied. */
export function getOwnerRequestStatus(deps: Deps, caller: Pick<AuthUser, 'id'>): Promise<OwnerRequestStatus | 'none'> {
  return latestOwnerRequestStatus(deps.db, caller.id);
}
