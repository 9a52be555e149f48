// Calendar dates: plain `YYYY-MM-DD` days in the listing's own time zone (stays, calendars,
// seasons, promo validity), with arithmetic on whole UTC days so no daylight-saving shift can move
// a day. One set for every module.
//
// The API accepts days from FIRST_SUPPORTED_DAY to LAST_SUPPORTED_DAY (a decision of contract §2):
// the range holds every plausible stay, birth date and document expiry, keeps the arithmetic
// below inside four-digit years, and keeps every date PostgreSQL compares or generates series
// over far from its limits. It is the `date` format of request validation, and dates the service
// computes (a checkout, a range's end) are checked against it too.

const DAY_MS = 86_400_000;

export const FIRST_SUPPORTED_DAY = '1900-01-01';
export const LAST_SUPPORTED_DAY = '2200-12-31';

/** The range as documented in every date field of /openapi.json. */
export const SUPPORTED_DAYS = `a real calendar date from ${FIRST_SUPPORTED_DAY} to ${LAST_SUPPORTED_DAY} (422 otherwise)`;

// Prices and previews convert every night of a stay several times; integer civil-calendar
// arithmetic (H. Hinnant's days_from_civil) is several times faster than going through Date.

/** Days since 1970-01-01 of a real `YYYY-MM-DD` date (years 100–9999, as Date.UTC reads them); null otherwise. */
export function parseDay(date: string): number | null {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return null;
  const y = digits(date, 0, 4);
  const m = digits(date, 5, 7);
  const d = digits(date, 8, 10);
  if (y < 100 || m < 1 || m > 12 || d < 1 || d > monthDays(y, m)) return null;
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

function monthDays(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Whether the text is a real `YYYY-MM-DD` day (2026-02-30 is not) within the supported range. */
export function isSupportedDay(text: string): boolean {
  // Same-width ISO dates order as text.
  return parseDay(text) !== null && text >= FIRST_SUPPORTED_DAY && text <= LAST_SUPPORTED_DAY;
}

/** Whether the text is a real calendar date (2025-02-30 is not), in any four-digit year. */
export function isRealDate(text: string): boolean {
  if (parseDay(text) !== null) return true;
  // Years before 100 are real dates that the day arithmetic leaves to Date.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** Days since 1970-01-01; throws on text that is not a real calendar date. */
export function dayNumber(date: string): number {
  const day = parseDay(date);
  if (day === null) throw new RangeError(`invalid date: ${date}`);
  return day;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

export function fromDayNumber(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  // Outside four-digit years (and for a non-integer day) Date's own text, or its RangeError.
  if (!Number.isInteger(day) || y < 0 || y > 9999) return new Date(day * DAY_MS).toISOString().slice(0, 10);
  return `${y < 1000 ? String(y).padStart(4, '0') : y}-${pad2(m)}-${pad2(d)}`;
}

/**
 * The date `days` after (or before) this one. Real dates take the integer path; anything else
 * (an outside calendar's year 0001) keeps Date's lenient reading rather than failing.
 */
export function addDays(date: string, days: number): string {
  const day = parseDay(date);
  if (day !== null && Number.isInteger(days)) return fromDayNumber(day + days);
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (negative when b is earlier): the nights of the stay [a, b). */
export function daysBetween(a: string, b: string): number {
  const from = parseDay(a);
  const to = parseDay(b);
  if (from !== null && to !== null) return to - from;
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** The nights of [checkin, checkout) in order; empty when checkout ≤ checkin; throws on unreal dates. */
export function stayNights(checkin: string, checkout: string): string[] {
  const first = dayNumber(checkin);
  const n = Math.max(0, dayNumber(checkout) - first);
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = fromDayNumber(first + i);
  return out;
}

/** 0 = Monday … 6 = Sunday, the index into the rate plans' weekday arrays. */
export function weekdayIndex(date: string): number {
  // Day 0, 1970-01-01, was a Thursday (index 3); days before it are negative.
  return (((dayNumber(date) + 3) % 7) + 7) % 7;
}

/** from ≤ date ≤ to, all inclusive. */
export function withinInclusive(date: string, from: string, to: string): boolean {
  const d = dayNumber(date);
  return d >= dayNumber(from) && d <= dayNumber(to);
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
      f = {
        format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
        second: NaN,
        day: '',
      };
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
