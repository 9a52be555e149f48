import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findCards } from './find-cards.ts';
import type { SearchQuery } from './property-search.schemas.ts';
import { parseCriteria } from './search-criteria.ts';

/** GET /properties/public: the explorer; active and visible listings only, whoever asks. */
export async function listPublicProperties(deps: Deps, caller: AuthUser | null, query: SearchQuery) {
  const { criteria, sort } = parseCriteria({ ...query, status: undefined, visibility: undefined }, deps.clock.now());
  return findCards(deps, caller, { scope: { kind: 'public' }, criteria, sort }, query);
}
