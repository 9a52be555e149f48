// iCalendar in and out, through ical.js (pure: text in, nights out; ranges in, text out).
// Import: every VEVENT (all-day or timed; recurring ones expanded within the window, with their
// exceptions and EXDATEs) marks the nights it covers, [start date, end date): an event ending on
// a day's morning leaves that night free, a timed event within one day takes that night.
// Cancelled and transparent (free) events, or occurrences, block nothing. A UTC time counts on the
// listing's date; a time with a TZID or floating, on the date written. Export: one all-day VEVENT
// per range of busy nights, with no guest data.
import ICAL from 'ical.js';
import { addDays, todayIn } from '../../kernel/calendar-dates.ts';

/** Recurrence steps walked per series at most: a daily series from 1900 fits, an endless minutely one stops. */
const MAX_RECURRENCE_STEPS = 100_000;

export class CalendarParseError extends Error {}

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

const wallDay = (t: ICAL.Time) => `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;

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
  String(c.getFirstPropertyValue('status') ?? '').toUpperCase() !== 'CANCELLED' && String(c.getFirstPropertyValue('transp') ?? '').toUpperCase() !== 'TRANSPARENT';

/** Nights of the window that the calendar's events cover, with the first covering event's UID and summary. */
export function busyNights(text: string, w: ImportWindow): Map<string, BlockedNight> {
  const root = parseCalendar(text);
  const out = new Map<string, BlockedNight>();
  const mark = (start: ICAL.Time, end: ICAL.Time | null, item: ICAL.Event) => {
    const first = dayOf(start, w.timeZone);
    let last = end ? dayOf(end, w.timeZone) : addDays(first, 1);
    if (last <= first) last = addDays(first, 1);
    const info = { uid: item.uid ?? null, summary: item.summary ?? null };
    for (let d = first < w.from ? w.from : first; d < last && d < w.to; d = addDays(d, 1)) if (!out.has(d)) out.set(d, info);
  };

  // Exceptions (VEVENTs with a RECURRENCE-ID) belong to the series with their UID; related
  // explicitly, because ical.js would otherwise relate every exception of the file to every series.
  const vevents = root.getAllSubcomponents('vevent');
  const uidOf = (v: ICAL.Component) => String(v.getFirstPropertyValue('uid') ?? '');
  const series = new Set(vevents.filter((v) => !v.hasProperty('recurrence-id')).map(uidOf));
  const exceptions = new Map<string, ICAL.Component[]>();
  for (const v of vevents) if (v.hasProperty('recurrence-id')) exceptions.set(uidOf(v), [...(exceptions.get(uidOf(v)) ?? []), v]);

  for (const v of vevents) {
    const isException = v.hasProperty('recurrence-id');
    if (isException && series.has(uidOf(v))) continue; // expanded with its series
    const event = new ICAL.Event(v, { exceptions: isException ? [] : (exceptions.get(uidOf(v)) ?? []) });
    if (!v.hasProperty('dtstart')) continue;
    if (!event.isRecurring()) {
      if (blocks(v)) mark(event.startDate, event.endDate ?? null, event);
      continue;
    }
    if (!blocks(v)) continue;
    const it = event.iterator();
    for (let i = 0; i < MAX_RECURRENCE_STEPS; i++) {
      const next = it.next();
      if (!next || dayOf(next, w.timeZone) >= w.to) break;
      const o = event.getOccurrenceDetails(next);
      if (blocks(o.item.component)) mark(o.startDate, o.endDate, o.item);
    }
  }
  return out;
}

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
  return cal.toString() + '\r\n';
}
