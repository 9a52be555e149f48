// The integer day arithmetic against Date, over every day of the supported range: a day's number,
// its text back, its weekday, and steps between days.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addDays,
  dayNumber,
  daysBetween,
  FIRST_SUPPORTED_DAY,
  fromDayNumber,
  LAST_SUPPORTED_DAY,
  parseDay,
  weekdayIndex,
} from './calendar-dates.ts';

const DAY_MS = 86_400_000;

test('every supported day: its number, its text, its weekday (Monday 0) and the next day agree with Date', () => {
  const first = Date.parse(`${FIRST_SUPPORTED_DAY}T00:00:00Z`) / DAY_MS;
  const last = Date.parse(`${LAST_SUPPORTED_DAY}T00:00:00Z`) / DAY_MS;
  let checked = 0;
  for (let d = first; d <= last; d++) {
    const date = new Date(d * DAY_MS);
    const text = date.toISOString().slice(0, 10);
    if (parseDay(text) !== d || fromDayNumber(d) !== text || weekdayIndex(text) !== (date.getUTCDay() + 6) % 7) {
      assert.fail(
        `${text}: parseDay ${parseDay(text)} (want ${d}), fromDayNumber ${fromDayNumber(d)}, weekday ${weekdayIndex(text)} (want ${(date.getUTCDay() + 6) % 7})`,
      );
    }
    if (d < last) assert.equal(addDays(text, 1), new Date((d + 1) * DAY_MS).toISOString().slice(0, 10));
    checked++;
  }
  assert.equal(checked, 109_938);
  assert.equal(weekdayIndex('2026-11-23'), 0, 'a Monday');
  assert.equal(weekdayIndex('1969-12-28'), 6, 'a Sunday before day 0');
  assert.equal(daysBetween('2024-02-28', '2024-03-01'), 2);
  assert.equal(dayNumber('1970-01-01'), 0);
});

test('text that is not a real day has no number', () => {
  for (const text of [
    '2025-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-04-31',
    '2024-1-01',
    '20240101xx',
    '2024/01/01',
    '',
  ])
    assert.equal(parseDay(text), null, text);
  assert.equal(parseDay('2024-02-29'), dayNumber('2024-02-29'));
});
