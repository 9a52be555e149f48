import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { loadVisibleProperty } from '../properties/index.ts';
import { roomTypesRepository } from './room-types.repository.ts';
import { loadRoomType } from './room-type-input.ts';
import { ratePlanView } from './room-type-views.ts';
import type { RoomTypeRef } from './room-type-refs.ts';

/** A room type's rate plans, oldest (the default rate) first; anyone who may see the listing. */
export async function listRatePlans(deps: Deps, caller: AuthUser | null, ref: RoomTypeRef, query: PageQuery) {
  const { propertyId, roomTypeId } = ref;
  const property = await loadVisibleProperty(deps.db, propertyId, caller);
  const rt = await loadRoomType(deps.db, property.id, roomTypeId);
  const { page, perPage, offset } = pageWindow(query);
  const { rows, total } = await roomTypesRepository(deps.db).listPlans(rt.id, { offset, limit: perPage });
  const decimals = await currencyDecimals(deps.db, property.currencyCode);
  return { data: rows.map((r) => ratePlanView(r, decimals)), meta: { current_page: page, per_page: perPage, total } };
}
