// iCalendar in and out, through ical.js (pure: text in, nights out; ranges in, text out).
// Import: every VEVENT (all-day or timed; recurring ones expanded) marks the nights it covers,
// [start date, end date) — an event ending on a day's morning leaves that night free; cancelled
// and transparent (free) events block nothing. Export: one all-day VEVENT per range of busy
// nights, with no guest data.
import ICAL from 'ical.js';
import { addDays } from '../room-types/calendar-dates.ts';

const MAX_OCCURRENCES = 2000;

export class CalendarParseError extends Error {}

const dayOf = (t: ICAL.Time) => `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;

/** Nights of [from, to) that the calendar's events cover, with the first event's UID and summary per night. */
export function busyNights(text: string, from: string, to: string): Map<string, { uid: string | null; summary: string | null }> {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch (err) {
    throw new CalendarParseError(`is not an iCalendar file (${(err as Error).message})`);
  }
  if (root.name !== 'vcalendar') throw new CalendarParseError('is not an iCalendar file (no VCALENDAR)');
  const out = new Map<string, { uid: string | null; summary: string | null }>();
  const mark = (start: ICAL.Time, end: ICAL.Time | null, uid: string | null, summary: string | null) => {
    const first = dayOf(start);
    let last = end ? dayOf(end) : addDays(first, 1);
    // A timed event within one day still takes that night.
    if (last <= first) last = addDays(first, 1);
    for (let d = first < from ? from : first; d < last && d < to; d = addDays(d, 1)) if (!out.has(d)) out.set(d, { uid, summary });
  };
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
    const transp = String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase();
    if (status === 'CANCELLED' || transp === 'TRANSPARENT') continue;
    const event = new ICAL.Event(vevent);
    if (!event.startDate) continue;
    const uid = event.uid ?? null;
    const summary = event.summary ?? null;
    if (!event.isRecurring()) {
      mark(event.startDate, event.endDate ?? null, uid, summary);
      continue;
    }
    const it = event.iterator();
    for (let i = 0, next = it.next(); next && i < MAX_OCCURRENCES; i++, next = it.next()) {
      if (dayOf(next) >= to) break;
      const o = event.getOccurrenceDetails(next);
      mark(o.startDate, o.endDate, uid, summary);
    }
  }
  return out;
}

/** Consecutive nights grouped into [start, end) ranges (end exclusive). */
export function nightRanges(nights: string[]): Array<{ start: string; end: string }> {
  const out: Array<{ start: string; end: string }> = [];
  for (const n of [...nights].sort()) {
    const last = out.at(-1);
    if (last && last.end === n) last.end = addDays(n, 1);
    else out.push({ start: n, end: addDays(n, 1) });
  }
  return out;
}

/** The listing's busy ranges as an iCalendar document. */
export function calendarText(propertyId: number, ranges: Array<{ start: string; end: string }>, now: Date, host: string): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.addPropertyWithValue('prodid', '-//Stays//Availability//EN');
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('calscale', 'GREGORIAN');
  cal.addPropertyWithValue('x-wr-calname', `Listing ${propertyId} availability`);
  const stamp = ICAL.Time.fromJSDate(now, true);
  for (const r of ranges) {
    const ev = new ICAL.Component('vevent');
    ev.addPropertyWithValue('uid', `${propertyId}-${r.start}@${host}`);
    ev.addPropertyWithValue('dtstamp', stamp);
    ev.addPropertyWithValue('dtstart', ICAL.Time.fromDateString(r.start));
    ev.addPropertyWithValue('dtend', ICAL.Time.fromDateString(r.end));
    ev.addPropertyWithValue('summary', 'Not available');
    ev.addPropertyWithValue('transp', 'OPAQUE');
    cal.addSubcomponent(ev);
  }
  return cal.toString() + '\r\n';
}
