// 'calendar.changed': nights of a listing whose availability or rates/restrictions changed
// outside a reservation (the owner's calendar, rate plans, imported iCal blocks). Written in the
// changing transaction; the channel module turns it (and reservation events) into pending pushes.
import type { Executor } from '../../db/connection.ts';
import { platformRepository } from '../../platform/platform.repository.ts';

export const CALENDAR_CHANGED = 'calendar.changed';

export interface CalendarChangedEvent {
  property_id: number;
  /** 0 = the whole listing; null = every unit kind of the listing. */
  room_type_id: number | null;
  /** Half-open range of nights [date_from, date_to). */
  date_from: string;
  date_to: string;
  kinds: Array<'availability' | 'restrictions'>;
}

export async function recordCalendarChanged(tx: Executor, event: CalendarChangedEvent): Promise<void> {
  await platformRepository(tx).insertEvent(CALENDAR_CHANGED, event);
}
