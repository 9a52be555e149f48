// POST /user/admin-support/assign: gives the caller a support agent to talk to.
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { usersRepository, type PublicUser } from './users.repository.ts';

const view = (a: PublicUser) => ({
  id: a.id,
  username: a.username,
  first_name: a.firstName,
  last_name: a.lastName,
  avatar: a.avatar,
});

/**
 * Keeps the caller's agent while that agent still serves (active support); otherwise picks the
 * least-loaded active agent. One row per user: concurrent calls converge on a single agent.
 */
export async function assignSupportAgent(deps: Deps, caller: AuthUser) {
  const repo = usersRepository(deps.db);
  const current = await repo.findAssignment(caller.id);
  if (current?.serving) return { agent: view(current.agent) };
  const agent = await repo.leastLoadedAgent(caller.id);
  if (!agent) throw new AppError('CONFLICT', 'No support agent is available right now; try again later');
  const written = await repo.upsertAssignment({
    userId: caller.id,
    agentId: agent.id,
    previousAgentId: current?.agent.id ?? null,
    now: deps.clock.now(),
  });
  if (written) return { agent: view(agent) };
  // A concurrent call for the same user wrote its choice first; answer what is stored.
  const stored = await repo.findAssignment(caller.id);
  if (!stored) throw new AppError('CONFLICT', 'The assignment changed meanwhile; try again');
  return { agent: view(stored.agent) };
}
