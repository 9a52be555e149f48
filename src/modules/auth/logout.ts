import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';

/** Ends the caller's session on every instance. */
export async function logout(deps: Deps, caller: AuthUser): Promise<void> {
  await deps.sessions.revoke(caller.sessionId, 'logout');
}
