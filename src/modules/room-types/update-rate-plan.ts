import type { Static } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { notFound } from '../../platform/errors.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { loadPropertyForWrite } from '../properties/index.ts';
import { roomTypesRepository } from './room-types.repository.ts';
import { loadRoomType, ratePlanValues } from './room-type-input.ts';
import { todayIn } from '../../kernel/calendar-dates.ts';
import { recordStructureChanged } from './calendar-changed.ts';
import { ratePlanView } from './room-type-views.ts';
import type { UpdateRatePlanBody } from './room-types.schemas.ts';
import type { RatePlanRef } from './room-type-refs.ts';

/** Changes the members sent of a rate plan; the merged plan must satisfy every rule. */
export async function updateRatePlan(
  deps: Deps,
  caller: AuthUser,
  ref: RatePlanRef,
  body: Static<typeof UpdateRatePlanBody>,
) {
  const { propertyId, roomTypeId, ratePlanId } = ref;
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  const decimals = await currencyDecimals(deps.db, property.currencyCode);
  const row = await deps.db.transaction(async (tx) => {
    const rt = await loadRoomType(tx, property.id, roomTypeId, { lock: true });
    const repo = roomTypesRepository(tx);
    const current = await repo.findPlan(rt.id, ratePlanId);
    if (!current) throw notFound('Rate plan');
    const plan = await repo.updatePlan(
      current.id,
      ratePlanValues(body, { currency: property.currencyCode, decimals }, current),
    );
    await recordStructureChanged(tx, {
      property_id: property.id,
      room_type_id: rt.id,
      today: todayIn(property.timezone, deps.clock.now()),
      kinds: ['restrictions'],
    });
    return plan;
  });
  return ratePlanView(row, decimals);
}
