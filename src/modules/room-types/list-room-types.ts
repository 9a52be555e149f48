import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { loadVisibleProperty } from '../properties/index.ts';
import { roomTypesRepository } from './room-types.repository.ts';
import { roomTypeView } from './room-type-views.ts';

/** A listing's room types with their rate plans, oldest first; anyone who may see the listing. */
export async function listRoomTypes(deps: Deps, caller: AuthUser | null, propertyId: number, query: PageQuery) {
  const property = await loadVisibleProperty(deps.db, propertyId, caller);
  const { page, perPage, offset } = pageWindow(query);
  const repo = roomTypesRepository(deps.db);
  const { rows, total } = await repo.listByProperty(property.id, { offset, limit: perPage });
  const plans = await repo.plansOf(rows.map((r) => r.id));
  const decimals = await currencyDecimals(deps.db, property.currencyCode);
  return {
    data: rows.map((r) => roomTypeView(r, plans.get(r.id) ?? [], decimals)),
    meta: { current_page: page, per_page: perPage, total },
  };
}
