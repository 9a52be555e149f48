import type { Deps } from '../../kernel/deps.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import { propertyTypeView } from './catalog-views.ts';
import { propertyTypesRepository } from './property-types.repository.ts';

/** Every property type, by name. */
export async function listPropertyTypes(deps: Deps, query: PageQuery) {
  const { page, perPage, offset } = pageWindow(query);
  const { rows, total } = await propertyTypesRepository(deps.db).list(perPage, offset);
  return { data: rows.map(propertyTypeView), meta: { current_page: page, per_page: perPage, total } };
}
