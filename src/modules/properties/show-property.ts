// GET /properties/{id}: the read form, for anyone who may see the listing.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { cachedReadForm } from './load-read-forms.ts';
import { canSee } from './property-access.ts';
import { propertiesRepository } from './properties.repository.ts';
import type { PropertyReadForm } from './property-read-form.ts';

export async function showProperty(deps: Deps, caller: AuthUser | null, id: number): Promise<PropertyReadForm> {
  return cachedReadForm(deps, id, caller, () => propertiesRepository(deps.db).findById(id), (row) => canSee(row, caller));
}
