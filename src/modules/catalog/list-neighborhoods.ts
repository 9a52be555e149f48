import type { Deps } from '../../kernel/deps.ts';
import { invalidField } from '../../platform/errors.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import { neighborhoodView } from './catalog-views.ts';
import { placesRepository } from './places.repository.ts';

/** The neighborhoods of one country (optionally one city); an unknown country is a bad request, not an empty list. */
export async function listNeighborhoods(deps: Deps, query: PageQuery & { country: string; city?: string }) {
  const repo = placesRepository(deps.db);
  const country = query.country.toUpperCase();
  if (!(await repo.findCountry(country))) throw invalidField('country', 'is not a known ISO 3166-1 alpha-2 country code');
  const { page, perPage, offset } = pageWindow(query);
  const { rows, total } = await repo.listNeighborhoods(country, query.city?.trim() || undefined, perPage, offset);
  return { data: rows.map(neighborhoodView), meta: { current_page: page, per_page: perPage, total } };
}
