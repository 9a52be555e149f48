// Expanding a series from the import window gives the nights that expanding it from DTSTART
// gives: the same file read with a window that starts before DTSTART (where no start is moved)
// and cut to the import window is the reference. And the cost is the window's, not the history's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { busyNights, CalendarBudgetError } from './ical-format.ts';
import { calendar, day, vevent } from './ical.test-support.ts';

const window = { from: day(0), to: day(365), timeZone: 'Europe/Paris' };
const roomy = { maxOccurrences: 2_000_000 };
const fromWindow = (text: string) => [...busyNights(text, window, roomy).keys()].sort();
const fromDtstart = (text: string) =>
  [...busyNights(text, { ...window, from: '2028-12-01' }, roomy).keys()].filter((n) => n >= window.from).sort();

const SERIES: Record<string, string[]> = {
  'daily every 3 days, a TZID time': [
    'DTSTART;TZID=Europe/Paris:20290305T100000',
    'DURATION:PT2H',
    'RRULE:FREQ=DAILY;INTERVAL=3',
  ],
  'weekly every 2 weeks on Monday and Thursday, all-day': [
    'DTSTART;VALUE=DATE:20290607',
    'DTEND;VALUE=DATE:20290608',
    'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
  ],
  'every 37 hours, UTC': ['DTSTART:20291201T051700Z', 'DURATION:PT3H', 'RRULE:FREQ=HOURLY;INTERVAL=37'],
  'every 1441 minutes, crossing midnight': [
    'DTSTART:20291220T235900Z',
    'DURATION:PT5M',
    'RRULE:FREQ=MINUTELY;INTERVAL=1441',
  ],
  'every 86399 seconds': ['DTSTART:20291225T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY;INTERVAL=86399'],
  'daily in February and March only, all-day': [
    'DTSTART;VALUE=DATE:20290115',
    'DTEND;VALUE=DATE:20290116',
    'RRULE:FREQ=DAILY;BYMONTH=2,3',
  ],
  'weekly until March, a floating time': [
    'DTSTART:20290101T220000',
    'DURATION:PT4H',
    'RRULE:FREQ=WEEKLY;UNTIL=20300301T000000Z',
  ],
  'an event longer than its step': [
    'DTSTART;VALUE=DATE:20290103',
    'DTEND;VALUE=DATE:20290113',
    'RRULE:FREQ=WEEKLY;INTERVAL=3',
  ],
  'with COUNT (walked from DTSTART)': ['DTSTART;VALUE=DATE:20290301', 'RRULE:FREQ=DAILY;INTERVAL=2;COUNT=400'],
  'monthly on the 31st (walked from DTSTART)': ['DTSTART;VALUE=DATE:20290131', 'RRULE:FREQ=MONTHLY'],
};

describe('iCal import: series expanded from the window', () => {
  for (const [name, lines] of Object.entries(SERIES)) {
    it(`blocks the nights walking from DTSTART would: ${name}`, () => {
      const text = calendar(vevent('s@x', lines));
      const expected = fromDtstart(text);
      assert.ok(expected.length > 0, 'the series has nights in the window');
      assert.deepEqual(fromWindow(text), expected);
    });
  }

  it('keeps EXDATEs, and exceptions of occurrences before the window that move into it', () => {
    const text = calendar(
      vevent('s@x', ['DTSTART;VALUE=DATE:20290101', 'RRULE:FREQ=DAILY;INTERVAL=10', 'EXDATE;VALUE=DATE:20300116']),
      vevent('s@x', ['RECURRENCE-ID;VALUE=DATE:20290111', 'DTSTART;VALUE=DATE:20300301', 'DTEND;VALUE=DATE:20300303']),
      vevent('s@x', ['RECURRENCE-ID;VALUE=DATE:20300126', 'DTSTART;VALUE=DATE:20300127', 'STATUS:CANCELLED']),
    );
    const nights = fromWindow(text);
    assert.deepEqual(nights, fromDtstart(text));
    assert.ok(!nights.includes('2030-01-16'), 'EXDATE');
    assert.ok(nights.includes('2030-03-01') && nights.includes('2030-03-02'), 'moved in from 2029');
    assert.ok(!nights.includes('2030-01-26') && !nights.includes('2030-01-27'), 'cancelled occurrence');
    assert.equal(nights[0], '2030-02-05', 'the next occurrence, ten days after the cancelled one');
  });

  it('costs the window, not the history: a minutely series from 1900 refused after the budget, a weekly one read within 60', () => {
    const weekly = calendar(vevent('w@x', ['DTSTART;VALUE=DATE:19000106', 'RRULE:FREQ=WEEKLY']));
    assert.equal(busyNights(weekly, window, { maxOccurrences: 60 }).size, 52);
    const minutely = calendar(vevent('m@x', ['DTSTART:19000101T000000Z', 'RRULE:FREQ=MINUTELY']));
    assert.throws(
      () => busyNights(minutely, window, { maxOccurrences: 1000 }),
      (e) => e instanceof CalendarBudgetError && e.budget === 'occurrences',
    );
    // The budget is the file's: two series of 40 each pass 100, three do not.
    const series = (n: number) =>
      calendar(
        ...Array.from({ length: n }, (_, i) =>
          vevent(`s${i}@x`, ['DTSTART;VALUE=DATE:20300110', 'RRULE:FREQ=WEEKLY;COUNT=39']),
        ),
      );
    assert.equal(busyNights(series(2), window, { maxOccurrences: 100 }).size, 39);
    assert.throws(() => busyNights(series(3), window, { maxOccurrences: 100 }), CalendarBudgetError);
  });

  it('stops at its deadline between steps', () => {
    const daily = calendar(vevent('d@x', ['DTSTART;VALUE=DATE:20300110', 'RRULE:FREQ=DAILY']));
    assert.throws(
      () => busyNights(daily, window, { maxOccurrences: 1000, deadline: performance.now() - 1 }),
      (e) => e instanceof CalendarBudgetError && e.budget === 'time',
    );
  });
});
