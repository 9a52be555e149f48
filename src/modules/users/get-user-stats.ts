import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { accountHooks } from './account-hooks.ts';
import { loadVisibleUser } from './user-access.ts';
import { usersRepository } from './users.repository.ts';

/**
 * Figures about an account that exist today. Reservations, payments and properties add their
 * own members when those features land; nothing here is estimated.
 */
export async function getUserStats(deps: Deps, caller: AuthUser, id: number) {
  const user = await loadVisibleUser(deps, caller, id);
  const repo = usersRepository(deps.db);
  const [sessions, ownerRequestStatus, agentId] = await Promise.all([
    repo.countLiveSessions(user.id, deps.clock.now()),
    accountHooks(deps, 'ownerRequests').latestStatus(deps.db, user.id),
    repo.findAgentId(user.id),
  ]);
  return {
    user_id: user.id,
    role: user.role,
    member_since: user.createdAt.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
    active_sessions: sessions,
    owner_request_status: ownerRequestStatus,
    support_agent_id: agentId,
  };
}
