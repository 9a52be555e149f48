// DELETE /properties/{id}: removes the listing, or archives it when it has booking history
// (which must outlive the listing). Media files go once the deletion has committed.
import type { Deps } from '../../kernel/deps.ts';
import { removeStoredFiles } from '../../platform/stored-files.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/index.ts';
import { propertiesRepository } from './properties.repository.ts';
import { isStaff, loadPropertyForWrite } from './property-access.ts';

export async function deleteProperty(
  deps: Deps,
  caller: AuthUser,
  id: number,
): Promise<{ id: number; status: 'deleted' | 'archived' }> {
  await loadPropertyForWrite(deps.db, id, caller);
  const { outcome, files } = await deps.db.transaction(async (tx) => {
    const repo = propertiesRepository(tx);
    const current = await repo.lockById(id);
    if (!current) throw notFound('Property');
    if (current.status === 'archived') throw new AppError('CONFLICT', 'The listing is already archived');
    const now = deps.clock.now();
    const archive = await repo.hasReservationHistory(id);
    let files: string[] = [];
    if (archive) await repo.update(id, { status: 'archived', updatedAt: now });
    else {
      files = await repo.mediaKeys(id);
      await repo.delete(id);
    }
    if (isStaff(caller)) {
      await recordAudit(
        tx,
        caller,
        {
          action: archive ? 'property.archive' : 'property.delete',
          targetType: 'property',
          targetId: id,
          before: { status: current.status, owner_id: current.ownerId, public_name: current.publicName },
          after: archive ? { status: 'archived' } : null,
        },
        now,
      );
    }
    return { outcome: archive ? ('archived' as const) : ('deleted' as const), files };
  });
  await removeStoredFiles(deps, files);
  return { id, status: outcome };
}
