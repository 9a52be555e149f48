// GET /properties/{id}: the read form, for anyone who may see the listing.
import type { Deps } from '../../container.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser } from '../auth/session-service.ts';
import { loadReadForm } from './load-read-forms.ts';
import { canSee, loadVisibleProperty } from './property-access.ts';
import { propertyReadRepository } from './property-read.repository.ts';
import type { PropertyReadForm } from './property-read-form.ts';

export async function showProperty(deps: Deps, caller: AuthUser | null, id: number): Promise<PropertyReadForm> {
  const variant = caller ? 'member' : 'anonymous';
  const cached = deps.propertyCache.get(id);
  if (cached) {
    if (!canSee(cached.row, caller)) throw new AppError('NOT_FOUND', 'Property not found');
    const form = cached.forms[variant];
    // is_favorite is the caller's own, so it is read fresh and never cached.
    if (form) return caller ? { ...form, is_favorite: (await propertyReadRepository(deps.db).favoriteIds(caller.id, [id])).has(id) } : form;
  }
  const row = await loadVisibleProperty(deps.db, id, caller);
  const form = await loadReadForm(deps, row, caller);
  const { is_favorite: _mine, ...shared } = form;
  deps.propertyCache.put(id, row, variant, shared as PropertyReadForm);
  return form;
}
