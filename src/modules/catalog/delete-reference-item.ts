// DELETE of a reference-data kind (admin): an item nothing uses goes, with its audit entry; one
// in use stays (409).
import { isForeignKeyViolation } from '../../db/db-errors.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { notFound } from '../../platform/errors.ts';
import type { PageQuery } from '../../platform/pagination.ts';
import { recordAudit } from '../audit/index.ts';
import type { ReferenceKind } from './reference-kind.ts';

export async function deleteReferenceItem<R, V, Q extends PageQuery, B, P, K>(
  deps: Deps,
  caller: AuthUser,
  kind: ReferenceKind<R, V, Q, B, P, K>,
  key: K,
): Promise<void> {
  const remove = kind.remove!;
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const current = await kind.lock!(tx, key);
      if (!current) throw notFound(kind.noun);
      const used = await remove.usage(tx, current);
      if (used > 0) throw remove.inUse(used);
      await remove.delete(tx, current);
      await recordAudit(
        tx,
        caller,
        {
          action: `${kind.target}.delete`,
          targetType: kind.target,
          targetId: kind.auditId(current),
          before: kind.snapshot(current),
        },
        now,
      );
    });
  } catch (err) {
    // A listing that took the item after the check: the foreign key still refuses the delete.
    if (isForeignKeyViolation(err)) throw remove.inUse();
    throw err;
  }
}
