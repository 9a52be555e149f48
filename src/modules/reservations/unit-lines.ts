// The engine's unit lines of a stay from the listing's calendar rows: one line for a listing sold
// whole, one per requested room line otherwise. Shared by pricing (load-pricing-input.ts) and the
// availability calendar (get-property-availability.ts), so both read a night the same way.
import type { RatePlanRules, UnitLine } from '../pricing/index.ts';
import type { CalendarNight, PropertyRow, RatePlanRow, RoomTypeRow } from './pricing-input.repository.ts';

/** property_nights.room_type_id of the listing sold as a whole. */
export const LISTING_UNIT = 0;

export interface RoomRequest {
  roomTypeId: number;
  ratePlanId: number;
  roomsCount: number;
}

/** Calendar rows by room type, then by night. */
export type Calendar = Map<number, Map<string, CalendarNight>>;

export function calendarOf(rows: readonly CalendarNight[]): Calendar {
  const calendar: Calendar = new Map();
  for (const n of rows) {
    let nights = calendar.get(n.roomTypeId);
    if (!nights) calendar.set(n.roomTypeId, (nights = new Map()));
    nights.set(n.night, n);
  }
  return calendar;
}

export function listingLine(p: PropertyRow, dates: string[], calendar: Calendar): UnitLine {
  const listing = calendar.get(LISTING_UNIT);
  return {
    roomTypeId: null,
    roomTypeTitle: p.publicName ?? p.internalName ?? `Property ${p.id}`,
    roomsCount: 1,
    capacityPerRoom: p.capacity ?? 0,
    nights: dates.map((date) => {
      const row = listing?.get(date);
      return {
        date,
        priceMinor: row?.price ?? p.pricePerNight!,
        stopSell: row?.stopSell ?? false,
        available: Math.max(0, (row?.availableRooms ?? 1) - (row?.booked ?? 0)),
      };
    }),
  };
}

/**
 * One line per requested room line. Two lines of the same room type (different rate plans) share
 * its units: a later line sees what the earlier ones take, so together they cannot exceed a
 * night's count. Guests are spread over per_person lines in order, filling each line's capacity,
 * the last taking any overflow (capacity is reported by stay_validation).
 */
export function roomLines(
  rooms: RoomRequest[],
  stay: {
    types: ReadonlyMap<number, RoomTypeRow>;
    plans: ReadonlyMap<number, RatePlanRow>;
    dates: string[];
    calendar: Calendar;
    guests: number;
  },
): UnitLine[] {
  const { types, plans, dates, calendar, guests } = stay;
  const taken = new Map<number, number>();
  let guestsLeft = guests;
  return rooms.map((r, i) => {
    const type = types.get(r.roomTypeId)!;
    const plan = plans.get(r.ratePlanId)!;
    const before = taken.get(type.id) ?? 0;
    taken.set(type.id, before + r.roomsCount);
    const capacity = type.capacity * r.roomsCount;
    const onLine = i === rooms.length - 1 ? guestsLeft : Math.min(guestsLeft, capacity);
    guestsLeft -= onLine;
    const nights = calendar.get(type.id);
    return {
      roomTypeId: type.id,
      roomTypeTitle: type.title,
      ratePlan: planRules(plan),
      roomsCount: r.roomsCount,
      capacityPerRoom: type.capacity,
      ...(rooms.length > 1 ? { guestsOnLine: onLine } : {}),
      nights: dates.map((date) => {
        const row = nights?.get(date);
        return {
          date,
          priceMinor: row?.price ?? plan.price,
          stopSell: row?.stopSell ?? false,
          available: Math.max(0, (row?.availableRooms ?? type.countOfRooms) - (row?.booked ?? 0) - before),
        };
      }),
    };
  });
}

function planRules(p: RatePlanRow): RatePlanRules {
  return {
    id: p.id,
    title: p.title,
    sellMode: p.sellMode === 'per_person' ? 'per_person' : 'per_room',
    minStayArrival: p.minStayArrival,
    maxStay: p.maxStay,
    closedToArrival: p.closedToArrival,
    closedToDeparture: p.closedToDeparture,
    stopSell: p.stopSell,
  };
}
