// 'calendar.changed': nights of a listing whose availability or rates/restrictions changed
// outside a reservation (the owner's calendar, rate plans, imported iCal blocks). Written in the
// changing transaction; the channel module turns it (and reservation events) into pending pushes.
import type { Executor } from '../../db/connection.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { addDays } from '../../kernel/calendar-dates.ts';

export const CALENDAR_CHANGED = 'calendar.changed';

export interface CalendarChangedEvent {
  property_id: number;
  /** 0 = the whole listing; null = every unit kind of the listing. */
  room_type_id: number | null;
  /** Half-open range of nights [date_from, date_to). */
  date_from: string;
  date_to: string;
  kinds: Array<'availability' | 'restrictions'>;
  /**
   * The listing's room types or rate plans themselves changed (created, count of rooms, weekday
   * restrictions, default rate...): a linked listing is sent again to the channel manager (its
   * room types and rate plans updated or created there) before its nights are pushed.
   */
  structure?: boolean;
}

/** How far ahead a change of room types or rate plans reaches (the channel push's full horizon). */
export const CALENDAR_HORIZON_DAYS = 365;

export async function recordCalendarChanged(tx: Executor, event: CalendarChangedEvent): Promise<void> {
  await platformRepository(tx).insertEvent(CALENDAR_CHANGED, event);
}

/** A room type or rate plan changed: every night from `today` to the horizon, and the structure. */
export async function recordStructureChanged(
  tx: Executor,
  e: { property_id: number; room_type_id: number; today: string; kinds: CalendarChangedEvent['kinds'] },
): Promise<void> {
  await recordCalendarChanged(tx, {
    property_id: e.property_id,
    room_type_id: e.room_type_id,
    date_from: e.today,
    date_to: addDays(e.today, CALENDAR_HORIZON_DAYS),
    kinds: e.kinds,
    structure: true,
  });
}
