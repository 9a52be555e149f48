// The calendar's own range rule: how many nights one request may read or write.
import { daysBetween, isSupportedDay, SUPPORTED_DAYS } from '../../kernel/calendar-dates.ts';
import { invalidField } from '../../platform/errors.ts';

/** Most nights one calendar request may read or write. */
export const MAX_CALENDAR_NIGHTS = 730;

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
  if (nights > MAX_CALENDAR_NIGHTS)
    throw invalidField('to', `the range may cover at most ${MAX_CALENDAR_NIGHTS} nights (from and to included)`);
  return { from, to, nights };
}
