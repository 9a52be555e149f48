import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findCards } from './find-cards.ts';
import type { FilterQuery } from './property-search.schemas.ts';
import type { Scope } from './search-conditions.repository.ts';
import { parseCriteria, type PriceText } from './search-criteria.ts';

/**
 * GET /properties by role: an owner manages their own listings in every status, admin and
 * support oversee all, a traveller browses the public ones. Filters narrow within that.
 */
export async function listProperties(deps: Deps, caller: AuthUser, query: FilterQuery & PriceText) {
  const { criteria, sort } = parseCriteria(query, deps.clock.now());
  const scope: Scope =
    caller.role === 'owner'
      ? { kind: 'own', ownerId: caller.id }
      : caller.role === 'admin' || caller.role === 'support'
        ? { kind: 'all' }
        : { kind: 'public' };
  return findCards(deps, caller, { scope, criteria, sort }, query);
}
