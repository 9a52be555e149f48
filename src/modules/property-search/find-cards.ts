// What every list shares once its use case has decided the scope: the price basis, one page of
// cards and the page meta.
import { readDeps } from '../../platform/read-routing.ts';
import type { Deps } from '../../kernel/deps.ts';
import { invalidField } from '../../platform/errors.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { cardView } from './card-view.ts';
import { cardCache, type CachedCard } from './card-cache.ts';
import { propertySearchRepository, type CardRow } from './property-search.repository.ts';
import type { Scope } from './search-conditions.repository.ts';
import type { PriceBasis } from './search-price.repository.ts';
import { needsPriceConversion, type Criteria, type SortKey } from './search-criteria.ts';

/**
 * Public searches count (and serve) their first 1,000 matches: an exact count of a city-wide or
 * catalogue-wide search costs time in proportion to the catalogue, and nobody pages past 50
 * pages. Owners' and staff's lists of their own or all listings count exactly.
 */
export const MAX_PUBLIC_MATCHES = 1000;

/** How far a search in this scope counts: see MAX_PUBLIC_MATCHES. */
export const countCapOf = (scope: Scope) =>
  scope.kind === 'public' || scope.kind === 'public-or-own' ? MAX_PUBLIC_MATCHES : undefined;

export interface CardSearch {
  scope: Scope;
  criteria: Criteria;
  sort: SortKey;
  favoritesOf?: number;
  /** The total as the search facets counted it, sparing the count statement. */
  knownTotal?: number;
}

/**
 * Prices are compared in the currency the caller names, else in the platform default currency,
 * converting each listing's price with the exchange rates; with neither, in each listing's own
 * currency.
 */
export async function priceBasis(deps: Deps, code: string | undefined): Promise<PriceBasis> {
  const repo = propertySearchRepository(deps.db);
  if (code) {
    const found = await repo.currencyRate(code);
    if (!found) throw invalidField('currency', `unknown currency ${code}`);
    return { rate: found.rate, decimals: found.decimals };
  }
  const found = await repo.currencyRate();
  return found ? { rate: found.rate, decimals: found.decimals } : { rate: null };
}

export async function findCards(deps: Deps, caller: AuthUser | null, search: CardSearch, pageQuery: PageQuery) {
  deps = readDeps(deps, { callerId: caller?.id });
  const { page, perPage, offset } = pageWindow(pageQuery);
  const basis =
    needsPriceConversion(search.criteria, search.sort) || search.criteria.currency
      ? await priceBasis(deps, search.criteria.currency)
      : null;
  const repo = propertySearchRepository(deps.db);
  const { picked, total } = await repo.page({
    ...search,
    basis,
    limit: perPage,
    offset,
    countCap: countCapOf(search.scope),
  });
  const ids = picked.map((p) => p.id);
  const [cards, favorites] = await Promise.all([cardsOf(deps, ids), favoriteFlags(deps, caller, search, ids)]);
  // A listing deleted between the statements is simply left out of the page.
  const rows = picked.flatMap((p): CardRow[] => {
    const card = cards.get(p.id);
    return card ? [{ ...card, is_favorite: favorites.has(p.id), distance_km: p.distance_km }] : [];
  });
  return { data: rows.map((r) => cardView(r, caller)), meta: { current_page: page, per_page: perPage, total } };
}

/** Which of the page's listings the caller has among their favorites: on their own favorites list, all of them. */
async function favoriteFlags(
  deps: Deps,
  caller: AuthUser | null,
  search: CardSearch,
  ids: number[],
): Promise<Set<number>> {
  if (!caller) return new Set();
  if (search.favoritesOf === caller.id) return new Set(ids);
  return propertySearchRepository(deps.db).favoritesAmong(caller.id, ids);
}

/** The cards of these listings, from the card cache where it has them. */
async function cardsOf(deps: Deps, ids: number[]): Promise<Map<number, CachedCard>> {
  const cache = cardCache(deps);
  const found = cache.get(ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length === 0) return found;
  const stamp = deps.readAt ?? cache.stamp();
  const read = await propertySearchRepository(deps.db).cards(missing);
  cache.put(read, stamp);
  for (const card of read) found.set(card.id, card);
  return found;
}
