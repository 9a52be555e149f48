import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { AppError } from '../../platform/errors.ts';
import { loadPropertyForWrite } from '../properties/index.ts';
import { roomTypesRepository } from './room-types.repository.ts';
import { calendarRepository } from './calendar.repository.ts';
import { loadRoomType } from './room-type-input.ts';
import type { RoomTypeRef } from './room-type-refs.ts';

/**
 * Deletes a room type with its rate plans and calendar. A room type that has ever been booked
 * stays (reservations point at it): the owner closes it with availability 0 instead.
 */
export async function deleteRoomType(deps: Deps, caller: AuthUser, ref: RoomTypeRef): Promise<void> {
  const { propertyId, roomTypeId } = ref;
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  await deps.db.transaction(async (tx) => {
    const rt = await loadRoomType(tx, property.id, roomTypeId, { lock: true });
    const nights = calendarRepository(tx);
    const booked = await nights.firstNightBookedAbove({
      propertyId: property.id,
      roomTypeId: rt.id,
      max: 0,
      from: null,
    });
    if (booked)
      throw new AppError(
        'CONFLICT',
        `The room type has bookings (first on ${booked.night}); set its availability to 0 instead of deleting it`,
      );
    await nights.deleteAll(property.id, rt.id);
    await roomTypesRepository(tx).delete(rt.id);
  });
}
