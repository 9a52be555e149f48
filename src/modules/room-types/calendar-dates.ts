// Calendar dates are plain YYYY-MM-DD days in the listing's own time zone; arithmetic on them is
// done on UTC midnights so no daylight-saving shift can move a day.
import { isSupportedDay, SUPPORTED_DAYS } from '../../platform/calendar-day.ts';
import { invalidField } from '../../platform/errors.ts';
import { fromDayNumber, parseDay } from '../pricing/dates.ts';

const DAY_MS = 86_400_000;
/** Most nights one calendar request may read or write. */
export const MAX_CALENDAR_NIGHTS = 730;

/** Whether the text is a real calendar date (2025-02-30 is not). */
export function isRealDate(text: string): boolean {
  if (parseDay(text) !== null) return true;
  // Years before 100 are real dates that the day arithmetic leaves to Date.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

// Real dates take the integer path of pricing/dates.ts; anything else keeps Date's lenient reading.
export function addDays(date: string, days: number): string {
  const day = parseDay(date);
  if (day !== null && Number.isInteger(days)) return fromDayNumber(day + days);
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  const from = parseDay(a);
  const to = parseDay(b);
  if (from !== null && to !== null) return to - from;
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

// Building a DateTimeFormat costs tens of microseconds (ICU zone data) and formatting a few more;
// every price and booking asks for today. So one formatter per zone is kept, and its last answer
// for the current second (zone offsets are whole seconds, so a day never changes within one).
// Only zones that exist get in (a bad name throws before), and there are a few hundred of them.
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; second: number; day: string }>();

/** Today's date where the listing is; an unknown zone falls back to UTC rather than failing. */
export function todayIn(timeZone: string, now: Date): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    try {
      f = { format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), second: NaN, day: '' };
    } catch {
      return now.toISOString().slice(0, 10);
    }
    dayFormats.set(timeZone, f);
  }
  const second = Math.floor(now.getTime() / 1000);
  if (second !== f.second) {
    f.day = f.format.format(now);
    f.second = second;
  }
  return f.day;
}

export interface NightRange {
  from: string;
  to: string;
  /** Nights in the range, both ends included. */
  nights: number;
}

/**
 * Checks an inclusive range of nights: supported dates (a computed end too), to ≥ from, at most
 * 730 nights (422 naming the field), before any query or loop runs over it.
 */
export function nightRange(from: string, to: string): NightRange {
  if (!isSupportedDay(from)) throw invalidField('from', `must be ${SUPPORTED_DAYS}`);
  if (!isSupportedDay(to)) throw invalidField('to', `must be ${SUPPORTED_DAYS}`);
  const nights = daysBetween(from, to) + 1;
  if (nights < 1) throw invalidField('to', 'must be on or after from');
  if (nights > MAX_CALENDAR_NIGHTS) throw invalidField('to', `the range may cover at most ${MAX_CALENDAR_NIGHTS} nights (from and to included)`);
  return { from, to, nights };
}
