// PUT /user/{id}/role: the only way a role changes (besides owner approval).
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuthUser, Role } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/index.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { lockTargetKeepingAnAdmin } from './user-access.ts';
import { toFlatProfile } from './user-profile.ts';
import { usersRepository } from './users.repository.ts';

/** Sets the role; the account's next request is authorised with it (sessions read the role live). */
export async function changeRole(deps: Deps, caller: AuthUser, id: number, role: Role) {
  const now = deps.clock.now();
  const out = await deps.db.transaction(async (tx) => {
    const target = await lockTargetKeepingAnAdmin(tx, id, role !== 'admin', 'demoted');
    if (!target) throw notFound('User');
    if (target.role === role) return { user: target, changed: false };
    const user = (await usersRepository(tx).update(id, { role }, now))!;
    await recordAudit(
      tx,
      caller,
      { action: 'user.role', targetType: 'user', targetId: id, before: { role: target.role }, after: { role } },
      now,
    );
    return { user, changed: true };
  });
  if (out.changed) await afterCommit(deps, 'role broadcast', () => deps.sessions.broadcastUserChanged(id));
  return toFlatProfile(out.user);
}
