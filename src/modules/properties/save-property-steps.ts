// POST /properties/{id}: the wizard saves the steps it sends on the caller's draft.
import type { Deps } from '../../kernel/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { applyPropertyChanges } from './apply-property-changes.ts';
import { loadReadForm } from './load-read-forms.ts';
import { propertiesRepository } from './properties.repository.ts';
import type { PropertyFormBody } from './properties.schemas.ts';
import { loadPropertyForWrite } from './property-access.ts';
import type { PropertyReadForm } from './property-read-form.ts';

export async function savePropertySteps(
  deps: Deps,
  caller: AuthUser,
  id: number,
  input: PropertyFormBody,
): Promise<PropertyReadForm> {
  await loadPropertyForWrite(deps.db, id, caller);
  const row = await deps.db.transaction(async (tx) => {
    const current = await propertiesRepository(tx).lockById(id);
    if (!current) throw notFound('Property');
    if (current.status !== 'draft') {
      throw new AppError(
        'CONFLICT',
        `The listing is ${current.status}, not a draft: change it with PUT /properties/${id}`,
      );
    }
    return applyPropertyChanges(deps, tx, caller, { current, input });
  });
  return loadReadForm(deps, row, caller);
}
