import type { Static } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { AppError } from '../../platform/errors.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { loadPropertyForWrite } from '../properties/index.ts';
import { roomTypesRepository } from './room-types.repository.ts';
import { calendarRepository, LISTING_UNIT } from './calendar.repository.ts';
import { todayIn } from '../../kernel/calendar-dates.ts';
import { recordStructureChanged } from './calendar-changed.ts';
import { MAX_ROOM_TYPES_PER_PROPERTY, roomTypeFields } from './room-type-input.ts';
import { roomTypeView } from './room-type-views.ts';
import type { CreateRoomTypeBody } from './room-types.schemas.ts';

/** Adds a room type (no rate plans yet) to a listing the caller owns, or any listing for an admin. */
export async function createRoomType(
  deps: Deps,
  caller: AuthUser,
  propertyId: number,
  body: Static<typeof CreateRoomTypeBody>,
) {
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  const fields = roomTypeFields(body);
  const today = todayIn(property.timezone, deps.clock.now());
  const row = await deps.db.transaction(async (tx) => {
    const repo = roomTypesRepository(tx);
    await repo.lockProperty(property.id);
    const existing = await repo.countByProperty(property.id);
    if (existing >= MAX_ROOM_TYPES_PER_PROPERTY)
      throw new AppError('CONFLICT', `A listing may have at most ${MAX_ROOM_TYPES_PER_PROPERTY} room types`);
    // The first room type turns a listing sold as one whole into one sold by room; stays already
    // sold on the whole listing would then be sold a second time, room by room.
    if (existing === 0) {
      const clash = await calendarRepository(tx).firstNightBookedAbove({
        propertyId: property.id,
        roomTypeId: LISTING_UNIT,
        max: 0,
        from: today,
      });
      if (clash)
        throw new AppError(
          'CONFLICT',
          `The listing is booked as a whole on ${clash.night}; room types can be added once those stays are over`,
        );
    }
    const created = await repo.insert({ propertyId: property.id, ...fields });
    await recordStructureChanged(tx, {
      property_id: property.id,
      room_type_id: created.id,
      today,
      kinds: ['availability'],
    });
    return created;
  });
  return roomTypeView(row, [], await currencyDecimals(deps.db, property.currencyCode));
}
