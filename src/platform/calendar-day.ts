// The calendar dates the API accepts (`YYYY-MM-DD`, a real day, within the supported range).
// The range is a decision (contract §2): it holds every plausible stay, birth date and document
// expiry, keeps the date arithmetic of pricing and calendars inside four-digit years, and keeps
// every date PostgreSQL is asked to compare or generate series over far from its limits. It is
// the `date` format of request validation (validation.ts), so a date outside it is a 422 naming
// the field before any handler runs; dates the service computes from it (a checkout, a range's
// end) are checked against it too.
import { Type } from 'typebox';

export const FIRST_SUPPORTED_DAY = '1900-01-01';
export const LAST_SUPPORTED_DAY = '2200-12-31';

/** The range as documented in every date field of /openapi.json. */
export const SUPPORTED_DAYS = `a real calendar date from ${FIRST_SUPPORTED_DAY} to ${LAST_SUPPORTED_DAY} (422 otherwise)`;

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

function monthDays(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Whether the text is a real `YYYY-MM-DD` day (2026-02-30 is not) within the supported range. */
export function isSupportedDay(text: string): boolean {
  const m = SHAPE.exec(text);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > monthDays(Number(m[1]), month)) return false;
  // Same-width ISO dates order as text.
  return text >= FIRST_SUPPORTED_DAY && text <= LAST_SUPPORTED_DAY;
}

/** A request date member: validated by the `date` format, the range said in its description. */
export const CalendarDay = (description = 'YYYY-MM-DD') => Type.String({ format: 'date', description: `${description}; ${SUPPORTED_DAYS}` });
