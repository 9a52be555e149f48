import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { propertyTypeView } from './catalog-views.ts';
import { isUniqueViolation } from './db-errors.ts';
import { propertyTypesRepository } from './property-types.repository.ts';

export const typeNameTaken = () => new AppError('CONFLICT', 'A property type with this name already exists', { name: ['is already taken'] });

/** Adds a property type (admin); names are unique whatever their case. */
export async function createPropertyType(deps: Deps, caller: AuthUser, input: { name: string; description?: string | null }) {
  const now = deps.clock.now();
  const values = { name: input.name.trim(), description: input.description?.trim() || null, createdAt: now, updatedAt: now };
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await propertyTypesRepository(tx).insert(values);
      await recordAudit(tx, caller, { action: 'property_type.create', targetType: 'property_type', targetId: created.id, after: { name: created.name, description: created.description } }, now);
      return created;
    });
    return propertyTypeView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw typeNameTaken();
    throw err;
  }
}
