// GET /properties/owner/{userId}: one owner's listings in the second read variant, for the
// owner themself, admin and support (404 for anyone else, as for an unknown account).
import type { Deps } from '../../kernel/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { loadReadForms } from './load-read-forms.ts';
import { propertiesRepository } from './properties.repository.ts';
import { isStaff } from './property-access.ts';
import { toOwnerListItem, type OwnerListItem } from './property-read-form.ts';
import { propertyReferencesRepository } from './property-references.repository.ts';

export async function listOwnerProperties(
  deps: Deps,
  caller: AuthUser,
  ownerId: number,
  query: PageQuery & { status?: string },
): Promise<{ data: OwnerListItem[]; meta: { current_page: number; per_page: number; total: number } }> {
  const self = caller.id === ownerId;
  if (!self && !isStaff(caller)) throw notFound('User');
  if (!self && !(await propertyReferencesRepository(deps.db).liveUserRole(ownerId))) throw notFound('User');
  const { page, perPage, offset } = pageWindow(query);
  const { rows, total } = await propertiesRepository(deps.db).listByOwner(
    { ownerId, status: query.status },
    perPage,
    offset,
  );
  const forms = await loadReadForms(deps, rows, caller);
  // Wi-Fi details are the owner's (and an admin's) to see; support gets "null".
  const showWifi = self || caller.role === 'admin';
  return {
    data: forms.map((f, i) => toOwnerListItem(f, rows[i]!, showWifi)),
    meta: { current_page: page, per_page: perPage, total },
  };
}
