import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findCards } from './find-cards.ts';
import type { SearchQuery } from './property-search.schemas.ts';
import { parseCriteria, type PriceText } from './search-criteria.ts';

/**
 * GET /properties/popular: public listings, most liked first, then newest. Confirmed bookings
 * of the last 90 days come first in the order once reservations exist (a later issue).
 */
export async function listPopularProperties(deps: Deps, caller: AuthUser | null, query: SearchQuery & PriceText) {
  const { criteria, sort } = parseCriteria({ ...query, status: undefined, visibility: undefined }, deps.clock.now());
  return findCards(deps, caller, { scope: { kind: 'public' }, criteria, sort: query.sort ? sort : 'popular' }, query);
}
