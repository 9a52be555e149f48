// Where to start expanding a recurring event so that the import window costs what it holds, not
// what lies between DTSTART and the window (a minutely series from 1900 walked 66 million steps
// to reach today). A series whose rule steps by a fixed length of wall-clock time (SECONDLY to
// WEEKLY, times INTERVAL; ical.js steps wall-clock fields the same way) has the same occurrences
// from any start a whole number of steps later, so expansion starts at the last such start well
// before the window. Not for COUNT (occurrences are numbered from DTSTART), several RRULEs, or
// MONTHLY and YEARLY rules (a day-of-month default taken from DTSTART would move): those start at
// DTSTART, and their cost is held by the file's budget.
import type ICAL from 'ical.js';

const STEP_SECONDS: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 7 * 86_400,
};
const DAY = 86_400;
// Between the listing's zone and the event's a day and a half at most (UTC−12 to UTC+14).
const MARGIN_SECONDS = 2 * DAY;

const wallSeconds = (t: ICAL.Time) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) / 1000;

/**
 * A start for the event's expansion no later than needed for the window starting `from` (a
 * YYYY-MM-DD night); DTSTART itself when the rule cannot be moved. A moved start lies so far
 * before the window that its own occurrence (which ical.js always yields first, occurrence or not)
 * ends before it.
 */
export function expansionStart(event: ICAL.Event, from: string): { start: ICAL.Time; moved: boolean } {
  const start = event.startDate;
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1 || event.component.hasProperty('rdate')) return { start, moved: false };
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  const unit = STEP_SECONDS[rule.freq];
  if (!unit || rule.count || (start.isDate && unit < DAY)) return { start, moved: false };
  const period = unit * Math.max(1, rule.interval || 1);
  const length = Math.max(0, event.duration?.toSeconds() ?? 0);
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(y, m - 1, d) / 1000 - length - MARGIN_SECONDS;
  const steps = Math.floor((target - wallSeconds(start)) / period);
  if (steps <= 0) return { start, moved: false };
  const seconds = steps * period;
  const moved = start.clone();
  moved.adjust(Math.floor(seconds / DAY), 0, 0, seconds % DAY);
  return { start: moved, moved: true };
}
