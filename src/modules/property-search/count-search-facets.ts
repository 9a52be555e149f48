// Search facets: for the search as asked, how many listings each property type, commodity and
// neighborhood would leave, and a price histogram: types, neighborhoods and prices counted with
// every filter but their own, a commodity as if added to those sent (search-facets.repository.ts).
import { readDeps } from '../../platform/read-routing.ts';
import type { Deps } from '../../kernel/deps.ts';
import { countCapOf, priceBasis } from './find-cards.ts';
import { searchFacetsRepository, type FacetRows } from './search-facets.repository.ts';
import type { Scope } from './search-conditions.repository.ts';
import type { Criteria } from './search-criteria.ts';
import type { SearchFacets } from './property-search.schemas.ts';

/** Buckets in between the lowest and highest price are listed even when empty, so a histogram draws as it is. */
function histogram(price: FacetRows['price']): SearchFacets['price'] {
  if (!price || price.buckets.length === 0) return [];
  const counts = new Map(price.buckets.map((b) => [b.i, b.count]));
  const last = Math.max(...counts.keys());
  // Bounds are whole multiples of a width of at least 1: exact in binary floating point.
  return Array.from({ length: last + 1 }, (_, i) => ({
    min: price.start + i * price.step,
    max: price.start + (i + 1) * price.step,
    count: counts.get(i) ?? 0,
  }));
}

/** The facets, and the search's total they counted on the way (what its meta.total says). */
export async function countSearchFacets(
  deps: Deps,
  scope: Scope,
  criteria: Criteria,
): Promise<{ facets: SearchFacets; total: number }> {
  deps = readDeps(deps, { callerId: 'ownerId' in scope ? scope.ownerId : null });
  const basis = await priceBasis(deps, criteria.currency);
  const rows = await searchFacetsRepository(deps.db).facets({ scope, criteria, basis, countCap: countCapOf(scope) });
  return {
    facets: {
      types: rows.types,
      commodities: rows.commodities,
      neighborhoods: rows.neighborhoods,
      price: histogram(rows.price),
    },
    total: rows.total,
  };
}
