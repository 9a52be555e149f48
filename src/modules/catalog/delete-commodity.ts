import type { Deps } from '../../kernel/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { commoditiesRepository } from './commodities.repository.ts';
import { isForeignKeyViolation } from './db-errors.ts';

const inUse = (n?: number) =>
  new AppError('CONFLICT', n ? `This amenity is offered by ${n} listing${n === 1 ? '' : 's'}; remove it from them first` : 'This amenity is offered by listings');

/** Deletes an amenity no listing offers (admin); one in use stays (409). */
export async function deleteCommodity(deps: Deps, caller: AuthUser, id: number): Promise<void> {
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const repo = commoditiesRepository(tx);
      const current = await repo.lockById(id);
      if (!current) throw notFound('Amenity');
      const used = await repo.usage(id);
      if (used > 0) throw inUse(used);
      await repo.delete(id);
      await recordAudit(tx, caller, { action: 'commodity.delete', targetType: 'commodity', targetId: id, before: { name: current.name, type: current.type } }, now);
    });
  } catch (err) {
    // A listing that added the amenity after the check: the foreign key still refuses the delete.
    if (isForeignKeyViolation(err)) throw inUse();
    throw err;
  }
}
