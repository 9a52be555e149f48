// GET /properties/{id}: the read form, for anyone who may see the listing.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { cachedReadForm } from './load-read-forms.ts';
import { propertyDetailCache } from './property-detail-cache.ts';
import { AppError } from '../../platform/errors.ts';
import { readDeps } from '../../platform/read-routing.ts';
import { canSee } from './property-access.ts';
import { propertiesRepository } from './properties.repository.ts';
import type { PropertyReadForm } from './property-read-form.ts';

export async function showProperty(deps: Deps, caller: AuthUser | null, id: number): Promise<PropertyReadForm> {
  deps = readDeps(deps, { callerId: caller?.id, listingId: id });
  return cachedReadForm(deps, {
    id,
    caller,
    loadRow: () => propertiesRepository(deps.db).findById(id),
    visible: (row) => canSee(row, caller),
  });
}

/**
 * The anonymous answer's JSON text (`serialize`: the route's own serializer), kept beside the
 * cached form until the form or its booked nights change: the busiest read is then served
 * without building or serializing anything.
 */
export async function showPropertyToAnonymous(
  deps: Deps,
  id: number,
  serialize: (form: PropertyReadForm) => string,
): Promise<string> {
  const cache = propertyDetailCache(deps);
  const hit = cache.body(id);
  if (hit) {
    if (!canSee(hit.row, null)) throw new AppError('NOT_FOUND', 'Property not found');
    return hit.text;
  }
  const form = await showProperty(deps, null, id);
  const text = serialize(form);
  cache.putBody(id, form, text);
  return text;
}
