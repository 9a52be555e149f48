// PUT of a reference-data kind (admin): only the fields sent change, decided on the locked item;
// a change that changes nothing writes nothing and is not audited.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { notFound } from '../../platform/errors.ts';
import type { PageQuery } from '../../platform/pagination.ts';
import { recordAudit } from '../audit/index.ts';
import type { ReferenceKind } from './reference-kind.ts';

export async function updateReferenceItem<R, V, Q extends PageQuery, B, P, K>(
  deps: Deps,
  caller: AuthUser,
  kind: ReferenceKind<R, V, Q, B, P, K>,
  key: K,
  patch: P,
): Promise<V> {
  const now = deps.clock.now();
  const apply = kind.update!(patch, now);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const current = await kind.lock!(tx, key, patch);
      if (!current) throw notFound(kind.noun);
      const change = await apply(tx, current);
      if (!change) return current;
      await recordAudit(
        tx,
        caller,
        {
          action: change.action ?? `${kind.target}.update`,
          targetType: kind.target,
          targetId: kind.auditId(change.row),
          before: change.before,
          after: change.after,
        },
        now,
      );
      return change.row;
    });
    return kind.view(row);
  } catch (err) {
    throw kind.refused(err) ?? err;
  }
}
