import type { Static } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { toMinor } from '../../kernel/money.ts';
import { loadPropertyForWrite } from '../properties/index.ts';
import { calendarRepository } from './calendar.repository.ts';
import { nightRange } from './calendar-dates.ts';
import { recordCalendarChanged } from './calendar-changed.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { calendarUnit, readCalendar } from './calendar-unit.ts';
import type { CalendarBody } from './room-types.schemas.ts';
import { addDays, todayIn } from '../../kernel/calendar-dates.ts';
import type { UnitRef } from './room-type-refs.ts';

const NOTHING_TO_CHANGE = 'send at least one of price, available_rooms, stop_sell';

/**
 * Sets price, availability and/or stop-sell on every night of [from, to] (both included) of a
 * room type, or of the listing itself (`roomTypeId` null). All or nothing: if one night already
 * has more bookings than the new availability, no night changes (409 naming the first such night).
 */
export async function setCalendar(deps: Deps, caller: AuthUser, ref: UnitRef, body: Static<typeof CalendarBody>) {
  const { propertyId, roomTypeId } = ref;
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  await calendarUnit(deps.db, property, roomTypeId);
  if (body.price === undefined && body.available_rooms === undefined && body.stop_sell === undefined) {
    throw new AppError('VALIDATION_FAILED', NOTHING_TO_CHANGE, {
      price: [NOTHING_TO_CHANGE],
      available_rooms: [NOTHING_TO_CHANGE],
      stop_sell: [NOTHING_TO_CHANGE],
    });
  }
  const range = nightRange(body.from, body.to);
  const today = todayIn(property.timezone, deps.clock.now());
  if (range.from < today) throw invalidField('from', `must not be before today (${today} in the listing's time zone)`);
  const decimals = await currencyDecimals(deps.db, property.currencyCode);
  let price: number | null | undefined = body.price === null ? null : undefined;
  if (body.price !== undefined && body.price !== null) {
    const minor = toMinor(body.price, decimals);
    if (minor === null || minor < 0)
      throw invalidField('price', `must be an amount ≥ 0 with at most ${decimals} decimals`);
    price = minor;
  }

  await deps.db.transaction(async (tx) => {
    const unit = await calendarUnit(tx, property, roomTypeId, { lock: true });
    if (body.available_rooms != null && body.available_rooms > unit.count) {
      throw invalidField('available_rooms', `must be between 0 and ${unit.count} (the unit count)`);
    }
    const availableAfter = body.available_rooms ?? unit.count;
    const nights = calendarRepository(tx);
    const written = await nights.upsertRange({
      propertyId: property.id,
      roomTypeId: unit.roomTypeId,
      from: range.from,
      to: range.to,
      price,
      availableRooms: body.available_rooms,
      stopSell: body.stop_sell,
      availableAfter,
    });
    if (written < range.nights) {
      const clash = await nights.firstNightBookedAbove({
        propertyId: property.id,
        roomTypeId: unit.roomTypeId,
        max: availableAfter,
        from: range.from,
        to: range.to,
      });
      const when = clash ? `${clash.booked} booked on ${clash.night}` : 'a night in the range is booked beyond it';
      throw new AppError(
        'CONFLICT',
        `available_rooms cannot go below the bookings already taken (${when}); nothing was changed`,
      );
    }
    // Units left change only with available_rooms; price and stop-sell are rates/restrictions.
    const kinds: Array<'availability' | 'restrictions'> = [];
    if (body.available_rooms !== undefined) kinds.push('availability');
    if (body.price !== undefined || body.stop_sell !== undefined) kinds.push('restrictions');
    await recordCalendarChanged(tx, {
      property_id: property.id,
      room_type_id: unit.roomTypeId,
      date_from: range.from,
      date_to: addDays(range.to, 1),
      kinds,
    });
  });
  publishAfterCommit(deps);
  return readCalendar(deps.db, property, await calendarUnit(deps.db, property, roomTypeId), range);
}
