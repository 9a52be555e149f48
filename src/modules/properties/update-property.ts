// PUT /properties/{id}: the owner or an admin changes any fields, the status (active ↔
// inactive), the visibility; an admin also the recommended flag.
import type { Deps } from '../../kernel/deps.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { applyPropertyChanges } from './apply-property-changes.ts';
import { loadReadForm } from './load-read-forms.ts';
import { propertiesRepository } from './properties.repository.ts';
import type { UpdatePropertyBody } from './properties.schemas.ts';
import { loadPropertyForWrite } from './property-access.ts';
import type { PropertyReadForm } from './property-read-form.ts';

export async function updateProperty(
  deps: Deps,
  caller: AuthUser,
  id: number,
  input: UpdatePropertyBody,
): Promise<PropertyReadForm> {
  await loadPropertyForWrite(deps.db, id, caller);
  const { status, visibility, recommended, ...form } = input;
  if (recommended !== undefined && caller.role !== 'admin') throw forbidden('Only an admin may recommend a listing');
  const row = await deps.db.transaction(async (tx) => {
    const current = await propertiesRepository(tx).lockById(id);
    if (!current) throw notFound('Property');
    if (current.status === 'archived') throw new AppError('CONFLICT', 'An archived listing cannot change');
    return applyPropertyChanges(deps, tx, caller, { current, input: form, state: { status, visibility, recommended } });
  });
  return loadReadForm(deps, row, caller);
}
