import type { Deps } from '../../kernel/deps.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import { commodityView } from './catalog-views.ts';
import { commoditiesRepository } from './commodities.repository.ts';

/** Amenities by group then name, optionally of one group. */
export async function listCommodities(deps: Deps, query: PageQuery & { type?: string }) {
  const { page, perPage, offset } = pageWindow(query);
  const type = query.type?.trim().toLowerCase() || undefined;
  const { rows, total } = await commoditiesRepository(deps.db).list(type, perPage, offset);
  return { data: rows.map(commodityView), meta: { current_page: page, per_page: perPage, total } };
}
