import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findCards } from './find-cards.ts';
import type { PublicSearchQuery } from './property-search.schemas.ts';
import { countSearchFacets } from './count-search-facets.ts';
import type { Scope } from './search-conditions.repository.ts';
import { parseCriteria, type PriceText } from './search-criteria.ts';

/** GET /properties/public: the explorer; active and visible listings only, whoever asks. */
export async function listPublicProperties(deps: Deps, caller: AuthUser | null, query: PublicSearchQuery & PriceText) {
  const { criteria, sort } = parseCriteria({ ...query, status: undefined, visibility: undefined }, deps.clock.now());
  const scope: Scope = { kind: 'public' };
  // The facets first: their statement also counts the matches, so the page needs no count.
  const faceted = query.facets === '1' ? await countSearchFacets(deps, scope, criteria) : undefined;
  const page = await findCards(deps, caller, { scope, criteria, sort, knownTotal: faceted?.total }, query);
  return { ...page, facets: faceted?.facets };
}
