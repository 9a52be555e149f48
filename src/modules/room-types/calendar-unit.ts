// What a calendar is kept for: one room type (count_of_rooms units, priced by its first rate
// plan) or the whole listing sold as one unit (priced at price_per_night) when it has no room types.
import type { Static } from 'typebox';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../platform/errors.ts';
import { currencyDecimals } from '../catalog/index.ts';
import { minorToNumber } from '../../kernel/money.ts';
import type { PropertyRow } from '../properties/index.ts';
import { roomTypesRepository } from './room-types.repository.ts';
import { calendarRepository, LISTING_UNIT } from './calendar.repository.ts';
import { loadRoomType } from './room-type-input.ts';
import type { NightRange } from './calendar-dates.ts';
import type { Calendar } from './room-types.schemas.ts';

export interface CalendarUnit {
  /** The room type, or LISTING_UNIT (0) for the listing sold as a whole. */
  roomTypeId: number;
  count: number;
  /** Default nightly rate in minor units; null when none is set. */
  defaultPrice: number | null;
}

/**
 * The unit a calendar request addresses: a room type of the listing (404 for another listing's),
 * or, with `roomTypeId` null, the listing itself, which exists only while it has no room types
 * (409). With `lock`, the row that holds the count is locked until the transaction ends.
 */
export async function calendarUnit(
  db: Executor,
  property: PropertyRow,
  roomTypeId: number | null,
  opts: { lock?: boolean } = {},
): Promise<CalendarUnit> {
  const repo = roomTypesRepository(db);
  if (roomTypeId === null) {
    if (opts.lock) await repo.lockProperty(property.id);
    if ((await repo.countByProperty(property.id)) > 0) {
      throw new AppError(
        'CONFLICT',
        'This listing is sold by room type; use the calendar of each room type (/properties/{id}/room-types/{rt}/calendar)',
      );
    }
    return { roomTypeId: LISTING_UNIT, count: 1, defaultPrice: property.pricePerNight };
  }
  const rt = await loadRoomType(db, property.id, roomTypeId, opts);
  return { roomTypeId: rt.id, count: rt.countOfRooms, defaultPrice: (await repo.firstPlan(rt.id))?.price ?? null };
}

/** The effective calendar of a unit over a range of nights. */
export async function readCalendar(
  db: Executor,
  property: PropertyRow,
  unit: CalendarUnit,
  range: NightRange,
): Promise<Static<typeof Calendar>> {
  const decimals = await currencyDecimals(db, property.currencyCode);
  const rows = await calendarRepository(db).nights(property.id, unit.roomTypeId, range.from, range.to);
  return {
    property_id: property.id,
    room_type_id: unit.roomTypeId === LISTING_UNIT ? null : unit.roomTypeId,
    currency: property.currencyCode,
    from: range.from,
    to: range.to,
    nights: rows.map((n) => {
      const price = n.price ?? unit.defaultPrice;
      const available = n.available_rooms ?? unit.count;
      return {
        date: n.night,
        price: price === null ? null : minorToNumber(price, decimals),
        available_rooms: available,
        booked: n.booked,
        remaining: n.stop_sell ? 0 : Math.max(0, available - n.booked),
        stop_sell: n.stop_sell,
      };
    }),
  };
}
