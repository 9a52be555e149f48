// iCalendar in and out, through ical.js (pure: text in, nights out; ranges in, text out).
// Import: every VEVENT (all-day or timed; recurring ones expanded within the window, with their
// exceptions and EXDATEs) marks the nights it covers, [start date, end date): an event ending on
// a day's morning leaves that night free, a timed event within one day takes that night.
// Cancelled and transparent (free) events, or occurrences, block nothing. A UTC time counts on the
// listing's date; a time with a TZID or floating, on the date written. Export: one all-day VEVENT
// per range of busy nights, with no guest data.
import ICAL from 'ical.js';
import { addDays, todayIn } from '../../kernel/calendar-dates.ts';
import { expansionStart } from './recurrence-window.ts';

export class CalendarParseError extends Error {}

/** A calendar refused for what reading it would cost (the message says which budget, and its setting). */
export class CalendarBudgetError extends CalendarParseError {
  constructor(
    readonly budget: 'occurrences' | 'time' | 'memory',
    message: string,
  ) {
    super(message);
  }
}

/** What reading one file may cost, all its events together. */
export interface ReadBudget {
  /** Occurrences walked (an event counts one, a series each step of its expansion). */
  maxOccurrences: number;
  /** performance.now() past which reading stops (a worker's hard time limit backs it up). */
  deadline?: number;
}

export interface ImportWindow {
  /** First night, inclusive (the listing's today). */
  from: string;
  /** Last night, exclusive. */
  to: string;
  timeZone: string;
}

export interface BlockedNight {
  uid: string | null;
  summary: string | null;
}

const wallDay = (t: ICAL.Time) =>
  `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;

function dayOf(t: ICAL.Time, timeZone: string): string {
  if (t.isDate || t.zone?.tzid !== 'UTC') return wallDay(t);
  return todayIn(timeZone, t.toJSDate());
}

function parseCalendar(text: string): ICAL.Component {
  let root: ICAL.Component;
  try {
    const jcal = ICAL.parse(text);
    root = new ICAL.Component(Array.isArray(jcal[0]) ? (jcal[0] as unknown[]) : jcal);
  } catch (err) {
    throw new CalendarParseError(`is not an iCalendar file (${(err as Error).message})`);
  }
  if (root.name !== 'vcalendar') throw new CalendarParseError('is not an iCalendar file (no VCALENDAR)');
  return root;
}

const blocks = (c: ICAL.Component) =>
  String(c.getFirstPropertyValue('status') ?? '').toUpperCase() !== 'CANCELLED' &&
  String(c.getFirstPropertyValue('transp') ?? '').toUpperCase() !== 'TRANSPARENT';

/**
 * Nights of the window that the calendar's events cover, with the first covering event's UID and
 * summary; a CalendarBudgetError once the file costs more than `budget`.
 */
export function busyNights(text: string, w: ImportWindow, budget: ReadBudget): Map<string, BlockedNight> {
  let walked = 0;
  const spend = () => {
    if (++walked > budget.maxOccurrences)
      throw new CalendarBudgetError(
        'occurrences',
        `expands to more than the ${budget.maxOccurrences} event occurrences allowed (ICAL_MAX_OCCURRENCES)`,
      );
    if (budget.deadline !== undefined && (walked & 255) === 0 && performance.now() > budget.deadline) throw overTime();
  };
  const root = parseCalendar(text);
  const out = new Map<string, BlockedNight>();
  const mark = (start: ICAL.Time, end: ICAL.Time | null, item: ICAL.Event) => {
    const first = dayOf(start, w.timeZone);
    let last = end ? dayOf(end, w.timeZone) : addDays(first, 1);
    if (last <= first) last = addDays(first, 1);
    const info = { uid: item.uid ?? null, summary: item.summary ?? null };
    for (let d = first < w.from ? w.from : first; d < last && d < w.to; d = addDays(d, 1))
      if (!out.has(d)) out.set(d, info);
  };

  // Exceptions (VEVENTs with a RECURRENCE-ID) belong to the series with their UID; related
  // explicitly, because ical.js would otherwise relate every exception of the file to every series.
  const vevents = root.getAllSubcomponents('vevent');
  const uidOf = (v: ICAL.Component) => String(v.getFirstPropertyValue('uid') ?? '');
  const series = new Set(vevents.filter((v) => !v.hasProperty('recurrence-id')).map(uidOf));
  const exceptions = new Map<string, ICAL.Component[]>();
  for (const v of vevents)
    if (v.hasProperty('recurrence-id')) exceptions.set(uidOf(v), [...(exceptions.get(uidOf(v)) ?? []), v]);

  for (const v of vevents) {
    const isException = v.hasProperty('recurrence-id');
    if (isException && series.has(uidOf(v))) continue; // expanded with its series
    const event = new ICAL.Event(v, { exceptions: isException ? [] : (exceptions.get(uidOf(v)) ?? []) });
    if (!v.hasProperty('dtstart')) continue;
    spend();
    if (!event.isRecurring()) {
      if (blocks(v)) mark(event.startDate, event.endDate ?? null, event);
      continue;
    }
    if (!blocks(v)) continue;
    const { start, moved } = expansionStart(event, w.from);
    if (moved) {
      // Exceptions of occurrences before the moved start are met no more by the walk: marked as they are.
      for (const x of exceptions.get(uidOf(v)) ?? []) {
        const ex = new ICAL.Event(x);
        if (ex.recurrenceId && ex.recurrenceId.compare(start) <= 0 && blocks(x)) mark(ex.startDate, ex.endDate, ex);
      }
    }
    const it = event.iterator(start);
    // A moved start is yielded first whether or not it is an occurrence; it ends before the window.
    if (moved) it.next();
    for (;;) {
      spend();
      const next = it.next();
      if (!next || dayOf(next, w.timeZone) >= w.to) break;
      const o = event.getOccurrenceDetails(next);
      if (blocks(o.item.component)) mark(o.startDate, o.endDate, o.item);
    }
  }
  if (budget.deadline !== undefined && performance.now() > budget.deadline) throw overTime();
  return out;
}

const overTime = () =>
  new CalendarBudgetError('time', 'takes longer to read than the time allowed (ICAL_PARSE_TIMEOUT_MS)');

export interface BusyNight {
  night: string;
  /** Whether a reservation takes a unit that night (else it is closed, stopped or blocked). */
  reserved: boolean;
}

export interface BusyRange {
  start: string;
  /** Exclusive: the morning the range ends. */
  end: string;
  reserved: boolean;
}

/** Consecutive nights grouped into [start, end) ranges; a range with any reserved night reads as reserved. */
export function nightRanges(nights: BusyNight[]): BusyRange[] {
  const out: BusyRange[] = [];
  for (const n of [...nights].sort((a, b) => (a.night < b.night ? -1 : 1))) {
    const last = out.at(-1);
    if (last && last.end === n.night) {
      last.end = addDays(n.night, 1);
      last.reserved ||= n.reserved;
    } else out.push({ start: n.night, end: addDays(n.night, 1), reserved: n.reserved });
  }
  return out;
}

/**
 * The listing's busy ranges as an iCalendar document. The UID is the listing and the range's
 * first night, so a subscriber sees the same event again while that range starts there.
 */
export function calendarText(propertyId: number, ranges: BusyRange[], now: Date, host: string): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.addPropertyWithValue('prodid', '-//Stays//Availability//EN');
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('calscale', 'GREGORIAN');
  cal.addPropertyWithValue('method', 'PUBLISH');
  cal.addPropertyWithValue('x-wr-calname', `Listing ${propertyId} availability`);
  const stamp = ICAL.Time.fromJSDate(now, true);
  for (const r of ranges) {
    const ev = new ICAL.Component('vevent');
    ev.addPropertyWithValue('uid', `${propertyId}-${r.start}@${host}`);
    ev.addPropertyWithValue('dtstamp', stamp);
    ev.addPropertyWithValue('dtstart', ICAL.Time.fromDateString(r.start));
    ev.addPropertyWithValue('dtend', ICAL.Time.fromDateString(r.end));
    ev.addPropertyWithValue('summary', r.reserved ? 'Reserved' : 'Not available');
    ev.addPropertyWithValue('transp', 'OPAQUE');
    cal.addSubcomponent(ev);
  }
  return `${cal.toString()}\r\n`;
}
