import type { Static } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { AppError } from '../../platform/errors.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { loadPropertyForWrite } from '../properties/index.ts';
import { roomTypesRepository } from './room-types.repository.ts';
import { calendarRepository } from './calendar.repository.ts';
import { todayIn } from '../../kernel/calendar-dates.ts';
import { loadRoomType, roomTypeFields } from './room-type-input.ts';
import { recordStructureChanged } from './calendar-changed.ts';
import { roomTypeView } from './room-type-views.ts';
import type { UpdateRoomTypeBody } from './room-types.schemas.ts';
import type { RoomTypeRef } from './room-type-refs.ts';

/**
 * Changes the members sent. Fewer rooms are refused while a coming night has more bookings than
 * that; availability overrides above the new count are lowered to it.
 */
export async function updateRoomType(
  deps: Deps,
  caller: AuthUser,
  ref: RoomTypeRef,
  body: Static<typeof UpdateRoomTypeBody>,
) {
  const { propertyId, roomTypeId } = ref;
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  const today = todayIn(property.timezone, deps.clock.now());
  const { row, plans } = await deps.db.transaction(async (tx) => {
    const repo = roomTypesRepository(tx);
    const current = await loadRoomType(tx, property.id, roomTypeId, { lock: true });
    const fields = roomTypeFields(body, current);
    if (fields.countOfRooms < current.countOfRooms) {
      const nights = calendarRepository(tx);
      const clash = await nights.firstNightBookedAbove({
        propertyId: property.id,
        roomTypeId: current.id,
        max: fields.countOfRooms,
        from: today,
      });
      if (clash)
        throw new AppError(
          'CONFLICT',
          `${clash.booked} rooms are booked on ${clash.night}; count_of_rooms cannot go below that`,
        );
      await nights.clampAvailability(property.id, current.id, fields.countOfRooms, today);
    }
    const updated = await repo.update(current.id, fields);
    // A new count changes every coming night's availability; any change is sent to a linked channel manager.
    await recordStructureChanged(tx, {
      property_id: property.id,
      room_type_id: current.id,
      today,
      kinds: fields.countOfRooms !== current.countOfRooms ? ['availability'] : [],
    });
    return { row: updated, plans: (await repo.plansOf([current.id])).get(current.id) ?? [] };
  });
  return roomTypeView(row, plans, await currencyDecimals(deps.db, property.currencyCode));
}
