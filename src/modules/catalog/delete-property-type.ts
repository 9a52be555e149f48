import type { Deps } from '../../kernel/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { isForeignKeyViolation } from './db-errors.ts';
import { propertyTypesRepository } from './property-types.repository.ts';

const inUse = (n?: number) =>
  new AppError('CONFLICT', n ? `This property type is used by ${n} listing${n === 1 ? '' : 's'}; change their type first` : 'This property type is used by listings');

/** Deletes a type no listing uses (admin); one in use stays (409). */
export async function deletePropertyType(deps: Deps, caller: AuthUser, id: number): Promise<void> {
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const repo = propertyTypesRepository(tx);
      const current = await repo.lockById(id);
      if (!current) throw notFound('Property type');
      const used = await repo.usage(id);
      if (used > 0) throw inUse(used);
      await repo.delete(id);
      await recordAudit(tx, caller, { action: 'property_type.delete', targetType: 'property_type', targetId: id, before: { name: current.name, description: current.description } }, now);
    });
  } catch (err) {
    // A listing that took the type after the check: the foreign key still refuses the delete.
    if (isForeignKeyViolation(err)) throw inUse();
    throw err;
  }
}
