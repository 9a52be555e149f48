import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { notFound } from '../../platform/errors.ts';
import { loadPropertyForWrite } from '../properties/index.ts';
import { roomTypesRepository } from './room-types.repository.ts';
import { loadRoomType } from './room-type-input.ts';
import { addDays, todayIn } from '../../kernel/calendar-dates.ts';
import { CALENDAR_HORIZON_DAYS, recordCalendarChanged } from './calendar-changed.ts';
import type { RatePlanRef } from './room-type-refs.ts';

/** Deletes a rate plan; the next oldest plan becomes the room type's default rate. */
export async function deleteRatePlan(deps: Deps, caller: AuthUser, ref: RatePlanRef): Promise<void> {
  const { propertyId, roomTypeId, ratePlanId } = ref;
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  await deps.db.transaction(async (tx) => {
    const rt = await loadRoomType(tx, property.id, roomTypeId, { lock: true });
    const repo = roomTypesRepository(tx);
    const plan = await repo.findPlan(rt.id, ratePlanId);
    if (!plan) throw notFound('Rate plan');
    await repo.deletePlan(plan.id);
    const today = todayIn(property.timezone, deps.clock.now());
    await recordCalendarChanged(tx, {
      property_id: property.id,
      room_type_id: rt.id,
      date_from: today,
      date_to: addDays(today, CALENDAR_HORIZON_DAYS),
      kinds: ['restrictions'],
    });
  });
}
