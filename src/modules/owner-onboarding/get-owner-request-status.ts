import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { ownerRequestsRepository, type OwnerRequestStatus } from './owner-requests.repository.ts';

/** The status of the caller's latest application, or `none` if they never applied. */
export async function getOwnerRequestStatus(deps: Deps, caller: Pick<AuthUser, 'id'>): Promise<OwnerRequestStatus | 'none'> {
  const latest = await ownerRequestsRepository(deps.db).findLatestByUser(caller.id);
  return (latest?.status as OwnerRequestStatus | undefined) ?? 'none';
}
