import type { Deps } from '../../kernel/deps.ts';
import type { PageQuery } from '../../platform/pagination.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findCards } from './find-cards.ts';
import type { Scope } from './search-conditions.repository.ts';

/**
 * GET /properties/get/favorites: the caller's favorites, most recently added first, leaving out
 * those they can no longer see (unpublished or hidden since) — they come back if the listing does.
 */
export async function listFavoriteProperties(deps: Deps, caller: AuthUser, query: PageQuery) {
  const scope: Scope =
    caller.role === 'admin' || caller.role === 'support'
      ? { kind: 'all' }
      : { kind: 'public-or-own', ownerId: caller.id };
  return findCards(deps, caller, { scope, criteria: {}, sort: 'favorited', favoritesOf: caller.id }, query);
}
