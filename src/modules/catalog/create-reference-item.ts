// POST of a reference-data kind (admin): the item and its audit entry in one transaction.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import type { PageQuery } from '../../platform/pagination.ts';
import { recordAudit } from '../audit/index.ts';
import type { ReferenceKind } from './reference-kind.ts';

export async function createReferenceItem<R, V, Q extends PageQuery, B, P, K>(
  deps: Deps,
  caller: AuthUser,
  kind: ReferenceKind<R, V, Q, B, P, K>,
  body: B,
): Promise<V> {
  const now = deps.clock.now();
  const write = kind.create!(body, now);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await write(tx);
      await recordAudit(
        tx,
        caller,
        {
          action: `${kind.target}.create`,
          targetType: kind.target,
          targetId: kind.auditId(created),
          after: kind.snapshot(created),
        },
        now,
      );
      return created;
    });
    return kind.view(row);
  } catch (err) {
    throw kind.refused(err) ?? err;
  }
}
