import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { propertyTypeView } from './catalog-views.ts';
import type { PropertyTypePatch } from './catalog.schemas.ts';
import { typeNameTaken } from './create-property-type.ts';
import { isUniqueViolation } from './db-errors.ts';
import { propertyTypesRepository } from './property-types.repository.ts';

/** Renames or redescribes a type (admin); listings keep pointing at it. */
export async function updatePropertyType(deps: Deps, caller: AuthUser, id: number, input: PropertyTypePatch) {
  const now = deps.clock.now();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const repo = propertyTypesRepository(tx);
      const current = await repo.lockById(id);
      if (!current) throw notFound('Property type');
      const patch: { name?: string; description?: string | null } = {};
      if (input.name !== undefined && input.name.trim() !== current.name) patch.name = input.name.trim();
      if (input.description !== undefined && (input.description?.trim() || null) !== current.description) patch.description = input.description?.trim() || null;
      if (Object.keys(patch).length === 0) return current;
      const updated = await repo.update(id, { ...patch, updatedAt: now });
      const before = Object.fromEntries(Object.keys(patch).map((k) => [k, current[k as keyof typeof patch]]));
      await recordAudit(tx, caller, { action: 'property_type.update', targetType: 'property_type', targetId: id, before, after: patch }, now);
      return updated;
    });
    return propertyTypeView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw typeNameTaken();
    throw err;
  }
}
