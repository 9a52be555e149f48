// GET /properties/{id}: the read form, for anyone who may see the listing.
import type { Deps } from '../../container.ts';
import type { AuthUser } from '../auth/session-service.ts';
import { loadReadForm } from './load-read-forms.ts';
import { loadVisibleProperty } from './property-access.ts';
import type { PropertyReadForm } from './property-read-form.ts';

export async function showProperty(deps: Deps, caller: AuthUser | null, id: number): Promise<PropertyReadForm> {
  const row = await loadVisibleProperty(deps.db, id, caller);
  return loadReadForm(deps, row, caller);
}
