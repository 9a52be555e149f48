import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { ownerRequestsRepository } from '../owner-onboarding/owner-requests.repository.ts';
import { loadVisibleUser } from './user-access.ts';
import { usersRepository } from './users.repository.ts';

type RequestStatus = 'none' | 'pending' | 'approved' | 'rejected';

/**
 * Figures about an account that exist today. Reservations, payments and properties add their
 * own members when those features land; nothing here is estimated.
 */
export async function getUserStats(deps: Deps, caller: AuthUser, id: number) {
  const user = await loadVisibleUser(deps, caller, id);
  const repo = usersRepository(deps.db);
  const [sessions, latest, agentId] = await Promise.all([
    repo.countLiveSessions(user.id, deps.clock.now()),
    ownerRequestsRepository(deps.db).findLatestByUser(user.id),
    repo.findAgentId(user.id),
  ]);
  return {
    user_id: user.id,
    role: user.role,
    member_since: user.createdAt.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
    active_sessions: sessions,
    owner_request_status: (latest?.status ?? 'none') as RequestStatus,
    support_agent_id: agentId,
  };
}
