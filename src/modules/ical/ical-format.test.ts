// Reading other platforms' calendars into blocked nights, and writing ours (pure, no database).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { busyNights, calendarText, CalendarParseError, nightRanges } from './ical-format.ts';
import { allDay, calendar, compact, day, vevent } from './ical.test-support.ts';

const window = { from: day(0), to: day(365), timeZone: 'Europe/Paris' };
const budget = { maxOccurrences: 50_000 };
const nights = (text: string, w = window) => [...busyNights(text, w, budget).keys()].sort();
const span = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => day(a + i));

describe('iCal import: which nights a calendar blocks', () => {
  it('blocks all-day events over [start, end) and only within today..+365 days', () => {
    assert.deepEqual(nights(calendar(allDay('a', day(3), day(6)))), span(3, 6));
    assert.deepEqual(nights(calendar(allDay('past', day(-5), day(2)))), span(0, 2), 'clipped at today');
    assert.deepEqual(nights(calendar(allDay('far', day(363), day(370)))), span(363, 365), 'clipped at +365 days');
    assert.deepEqual(
      nights(calendar(vevent('one-day', [`DTSTART;VALUE=DATE:${compact(day(4))}`]))),
      [day(4)],
      'no DTEND: one day',
    );
    const info = busyNights(calendar(allDay('a@x', day(3), day(4))), window, budget).get(day(3));
    assert.deepEqual(info, { uid: 'a@x', summary: 'Reserved' });
  });

  it("blocks timed events by their dates: the end morning stays free, a short event takes its night, UTC counts in the listing's zone", () => {
    const timed = (uid: string, start: string, end: string) => vevent(uid, [`DTSTART:${start}`, `DTEND:${end}`]);
    assert.deepEqual(
      nights(calendar(timed('t1', `${compact(day(5))}T150000`, `${compact(day(7))}T110000`))),
      span(5, 7),
    );
    assert.deepEqual(
      nights(calendar(timed('t2', `${compact(day(5))}T150000`, `${compact(day(7))}T000000`))),
      span(5, 7),
    );
    assert.deepEqual(nights(calendar(timed('t3', `${compact(day(8))}T090000`, `${compact(day(8))}T120000`))), [day(8)]);
    // 23:30 UTC is 00:30 the next day in Paris.
    assert.deepEqual(
      nights(calendar(timed('t4', `${compact(day(9))}T233000Z`, `${compact(day(11))}T090000Z`))),
      span(10, 11),
    );
    assert.deepEqual(
      nights(calendar(vevent('t5', [`DTSTART:${compact(day(12))}T140000`, 'DURATION:P2D']))),
      span(12, 14),
    );
  });

  it('ignores cancelled and transparent events', () => {
    const text = calendar(
      allDay('c', day(3), day(5), ['STATUS:CANCELLED']),
      allDay('f', day(6), day(8), ['TRANSP:TRANSPARENT']),
      allDay('k', day(9), day(10), ['STATUS:CONFIRMED']),
    );
    assert.deepEqual(nights(text), [day(9)]);
  });

  it('expands recurring events within the window only, with EXDATE and exceptions (moved, cancelled) of the same UID', () => {
    const weekly = vevent('w@x', [
      `DTSTART;VALUE=DATE:${compact(day(1))}`,
      `DTEND;VALUE=DATE:${compact(day(2))}`,
      'RRULE:FREQ=WEEKLY;COUNT=5',
      `EXDATE;VALUE=DATE:${compact(day(15))}`,
    ]);
    const moved = vevent('w@x', [
      `RECURRENCE-ID;VALUE=DATE:${compact(day(8))}`,
      `DTSTART;VALUE=DATE:${compact(day(9))}`,
      `DTEND;VALUE=DATE:${compact(day(11))}`,
    ]);
    const cancelled = vevent('w@x', [
      `RECURRENCE-ID;VALUE=DATE:${compact(day(22))}`,
      `DTSTART;VALUE=DATE:${compact(day(22))}`,
      `DTEND;VALUE=DATE:${compact(day(23))}`,
      'STATUS:CANCELLED',
    ]);
    // An exception of another series must not touch this one.
    const stranger = vevent('other@x', [
      `RECURRENCE-ID;VALUE=DATE:${compact(day(1))}`,
      `DTSTART;VALUE=DATE:${compact(day(40))}`,
      `DTEND;VALUE=DATE:${compact(day(41))}`,
    ]);
    assert.deepEqual(nights(calendar(weekly, moved, cancelled, stranger)), [day(1), day(9), day(10), day(29), day(40)]);
    const sinceLongAgo = vevent('d@x', [
      'DTSTART;VALUE=DATE:19900101',
      'DTEND;VALUE=DATE:19900102',
      'RRULE:FREQ=MONTHLY;BYMONTHDAY=15',
    ]);
    assert.deepEqual(nights(calendar(sinceLongAgo), { ...window, to: day(70) }), [
      '2030-01-15',
      '2030-02-15',
      '2030-03-15',
    ]);
  });

  it('refuses what is not an iCalendar file', () => {
    for (const text of [
      '<html><body>nope</body></html>',
      '',
      'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:x\r\nEND:VCARD\r\n',
      'BEGIN:VCALENDAR\r\nBROKEN',
    ]) {
      assert.throws(() => busyNights(text, window, budget), CalendarParseError, JSON.stringify(text));
    }
  });
});

describe('iCal export: busy ranges as a calendar', () => {
  it('merges consecutive nights into one all-day event per range, "Reserved" when a reservation is among them', () => {
    const ranges = nightRanges([
      { night: day(4), reserved: false },
      { night: day(2), reserved: false },
      { night: day(3), reserved: true },
      { night: day(9), reserved: false },
    ]);
    assert.deepEqual(ranges, [
      { start: day(2), end: day(5), reserved: true },
      { start: day(9), end: day(10), reserved: false },
    ]);
    const text = calendarText(7, ranges, new Date('2030-01-10T12:00:00Z'), 'app.test');
    assert.match(
      text,
      new RegExp(
        `UID:7-${day(2)}@app.test\\r\\nDTSTAMP:20300110T120000Z\\r\\nDTSTART;VALUE=DATE:${compact(day(2))}\\r\\nDTEND;VALUE=DATE:${compact(day(5))}\\r\\nSUMMARY:Reserved`,
      ),
    );
    assert.match(
      text,
      new RegExp(
        `DTSTART;VALUE=DATE:${compact(day(9))}\\r\\nDTEND;VALUE=DATE:${compact(day(10))}\\r\\nSUMMARY:Not available`,
      ),
    );
    assert.deepEqual(nights(text), [day(2), day(3), day(4), day(9)], 'reads back as the same nights');
  });
});
