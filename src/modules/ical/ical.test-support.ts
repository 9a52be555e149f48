// Shared by the iCal tests: calendars written as another platform would (served by
// test/fakes/calendar-server.ts), and the per-night counts they change.
import { queryRows } from '../../db/query-rows.ts';
import { sql } from 'drizzle-orm';
import { propertyNights } from '../../db/schema/index.ts';
import type { Deps } from '../../kernel/deps.ts';
import { addDays } from '../../kernel/calendar-dates.ts';

/** Test clock: noon UTC, so "today" is 2030-01-10 in Paris (the factories' listings). */
export const START = new Date('2030-01-10T12:00:00Z');
export const day = (n: number) => addDays('2030-01-10', n);
export const compact = (d: string) => d.replaceAll('-', '');

export const vevent = (uid: string, lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20300101T000000Z',
  ...lines,
  'END:VEVENT',
];
/** An all-day event over nights [from, to). */
export const allDay = (uid: string, from: string, to: string, extra: string[] = []) =>
  vevent(uid, [`DTSTART;VALUE=DATE:${compact(from)}`, `DTEND;VALUE=DATE:${compact(to)}`, 'SUMMARY:Reserved', ...extra]);
export const calendar = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Elsewhere//EN', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
/** A calendar blocking each [from, to) range of day offsets. */
export const blocking = (...ranges: Array<[number, number]>) =>
  calendar(...ranges.map(([a, b], i) => allDay(`ev-${i}@elsewhere`, day(a), day(b))));

/** property_nights of a listing as [room_type_id, night, booked, blocked], nights with either. */
export async function nightCounts(deps: Deps, propertyId: number): Promise<Array<[number, string, number, number]>> {
  const res = await queryRows<Record<string, unknown>>(
    deps.db,
    sql`
    SELECT room_type_id, to_char(night, 'YYYY-MM-DD') AS night, booked, blocked FROM property_nights
    WHERE property_id = ${propertyId} AND (booked <> 0 OR blocked <> 0) ORDER BY room_type_id, night`,
  );
  return res.rows.map((r) => [Number(r.room_type_id), String(r.night), Number(r.booked), Number(r.blocked)]);
}

export async function blockRows(deps: Deps, propertyId: number): Promise<number> {
  const res = await queryRows<{ n: number }>(
    deps.db,
    sql`
    SELECT count(*)::int AS n FROM ical_blocks b JOIN ical_feeds f ON f.id = b.feed_id WHERE f.property_id = ${propertyId}`,
  );
  return Number(res.rows[0]!.n);
}

/** Sets a night's row of one unit kind (as the owner's calendar or bookings would). */
export async function setNight(
  deps: Deps,
  propertyId: number,
  roomTypeId: number,
  night: string,
  v: Partial<{ booked: number; blocked: number; stopSell: boolean; availableRooms: number }>,
) {
  await deps.db
    .insert(propertyNights)
    .values({ propertyId, roomTypeId, night, ...v })
    .onConflictDoUpdate({
      target: [propertyNights.propertyId, propertyNights.roomTypeId, propertyNights.night],
      set: v,
    });
}
