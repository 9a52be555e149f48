import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findCards } from './find-cards.ts';
import type { FacetedFilterQuery } from './property-search.schemas.ts';
import { countSearchFacets } from './count-search-facets.ts';
import type { Scope } from './search-conditions.repository.ts';
import { parseCriteria, type PriceText } from './search-criteria.ts';

/**
 * GET /properties/filter: public listings for everyone. An owner, admin or support who asks for
 * a status or a visibility reaches what they may see besides (an owner: their own listings;
 * staff: all); for anyone else those parameters only narrow the public set.
 */
export async function filterProperties(deps: Deps, caller: AuthUser | null, query: FacetedFilterQuery & PriceText) {
  const { criteria, sort } = parseCriteria(query, deps.clock.now());
  const widened = criteria.status !== undefined || criteria.visibility !== undefined;
  let scope: Scope = { kind: 'public' };
  if (widened && (caller?.role === 'admin' || caller?.role === 'support')) scope = { kind: 'all' };
  else if (widened && caller?.role === 'owner') scope = { kind: 'public-or-own', ownerId: caller.id };
  // The facets first: their statement also counts the matches, so the page needs no count.
  const faceted = query.facets === '1' ? await countSearchFacets(deps, scope, criteria) : undefined;
  const page = await findCards(deps, caller, { scope, criteria, sort, knownTotal: faceted?.total }, query);
  return { ...page, facets: faceted?.facets };
}
