import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findCards } from './find-cards.ts';
import type { FilterQuery } from './property-search.schemas.ts';
import type { Scope } from './search-conditions.repository.ts';
import { parseCriteria } from './search-criteria.ts';

/**
 * GET /properties/filter: public listings for everyone. An owner, admin or support who asks for
 * a status or a visibility reaches what they may see besides (an owner: their own listings;
 * staff: all); for anyone else those parameters only narrow the public set.
 */
export async function filterProperties(deps: Deps, caller: AuthUser | null, query: FilterQuery) {
  const { criteria, sort } = parseCriteria(query, deps.clock.now());
  const widened = criteria.status !== undefined || criteria.visibility !== undefined;
  let scope: Scope = { kind: 'public' };
  if (widened && (caller?.role === 'admin' || caller?.role === 'support')) scope = { kind: 'all' };
  else if (widened && caller?.role === 'owner') scope = { kind: 'public-or-own', ownerId: caller.id };
  return findCards(deps, caller, { scope, criteria, sort }, query);
}
