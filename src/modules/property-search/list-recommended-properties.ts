import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findCards } from './find-cards.ts';
import type { SearchQuery } from './property-search.schemas.ts';
import { parseCriteria, type PriceText } from './search-criteria.ts';

/** GET /properties/recommended: public listings an admin flagged as recommended. */
export async function listRecommendedProperties(deps: Deps, caller: AuthUser | null, query: SearchQuery & PriceText) {
  const { criteria, sort } = parseCriteria({ ...query, status: undefined, visibility: undefined }, deps.clock.now());
  return findCards(
    deps,
    caller,
    { scope: { kind: 'public' }, criteria: { ...criteria, recommendedOnly: true }, sort },
    query,
  );
}
