// Property-local calendar dates (`YYYY-MM-DD`) as whole UTC days, so arithmetic never meets DST.

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01; throws on text that is not a real calendar date. */
export function dayNumber(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`invalid date: ${date}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(ms);
  if (back.getUTCFullYear() !== Number(m[1]) || back.getUTCMonth() !== Number(m[2]) - 1 || back.getUTCDate() !== Number(m[3])) {
    throw new RangeError(`invalid date: ${date}`);
  }
  return ms / DAY_MS;
}

export function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
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
