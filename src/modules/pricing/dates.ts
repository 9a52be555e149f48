// Property-local calendar dates (`YYYY-MM-DD`) as whole UTC days, so arithmetic never meets DST.

const DAY_MS = 86_400_000;

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

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Nights of the half-open stay [checkin, checkout): days between, may be ≤ 0 for bad input. */
export function nightsBetween(checkin: string, checkout: string): number {
  return dayNumber(checkout) - dayNumber(checkin);
}

/** The nights of [checkin, checkout) in order; empty when checkout ≤ checkin. */
export function stayNights(checkin: string, checkout: string): string[] {
  const start = dayNumber(checkin);
  const n = dayNumber(checkout) - start;
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(fromDayNumber(start + i));
  return out;
}

/** 0 = Monday … 6 = Sunday, the index into the rate plans' weekday arrays. */
export function weekdayIndex(date: string): number {
  const sundayFirst = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  return (sundayFirst + 6) % 7;
}

/** from ≤ date ≤ to, all inclusive. */
export function withinInclusive(date: string, from: string, to: string): boolean {
  const d = dayNumber(date);
  return d >= dayNumber(from) && d <= dayNumber(to);
}
