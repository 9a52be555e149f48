import type { Deps } from '../../kernel/deps.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import { readDeps } from '../../platform/read-routing.ts';
import { countryView } from './catalog-views.ts';
import { placesRepository } from './places.repository.ts';

/** ISO 3166-1 countries by name, optionally narrowed by `q`. */
export async function listCountries(deps: Deps, query: PageQuery & { q?: string }) {
  deps = readDeps(deps, {});
  const { page, perPage, offset } = pageWindow(query);
  const { rows, total } = await placesRepository(deps.db).listCountries(query.q?.trim() || undefined, perPage, offset);
  return { data: rows.map(countryView), meta: { current_page: page, per_page: perPage, total } };
}
