import type { Static } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { AppError } from '../../platform/errors.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { loadPropertyForWrite } from '../properties/index.ts';
import { roomTypesRepository } from './room-types.repository.ts';
import { loadRoomType, MAX_RATE_PLANS_PER_ROOM_TYPE, ratePlanValues } from './room-type-input.ts';
import { todayIn } from '../../kernel/calendar-dates.ts';
import { recordStructureChanged } from './calendar-changed.ts';
import { ratePlanView } from './room-type-views.ts';
import type { CreateRatePlanBody } from './room-types.schemas.ts';
import type { RoomTypeRef } from './room-type-refs.ts';

/** Adds a rate plan to a room type of a listing the caller may change. */
export async function createRatePlan(
  deps: Deps,
  caller: AuthUser,
  ref: RoomTypeRef,
  body: Static<typeof CreateRatePlanBody>,
) {
  const { propertyId, roomTypeId } = ref;
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  await loadRoomType(deps.db, property.id, roomTypeId);
  const decimals = await currencyDecimals(deps.db, property.currencyCode);
  const values = ratePlanValues(body, { currency: property.currencyCode, decimals });
  const row = await deps.db.transaction(async (tx) => {
    const rt = await loadRoomType(tx, property.id, roomTypeId, { lock: true });
    const repo = roomTypesRepository(tx);
    if ((await repo.countPlans(rt.id)) >= MAX_RATE_PLANS_PER_ROOM_TYPE) {
      throw new AppError('CONFLICT', `A room type may have at most ${MAX_RATE_PLANS_PER_ROOM_TYPE} rate plans`);
    }
    const plan = await repo.insertPlan({ ...values, roomTypeId: rt.id });
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
