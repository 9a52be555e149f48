// Runs in a worker thread of the worker-pool port, never on the thread that serves requests:
// the calendar's text in, its busy nights (or why it is refused) out, as plain data.
import {
  type BlockedNight,
  busyNights,
  CalendarBudgetError,
  CalendarParseError,
  type ImportWindow,
} from './ical-format.ts';

export interface ReadCalendarInput {
  text: string;
  window: ImportWindow;
  maxOccurrences: number;
  /** Time the reading may take, counted from when this worker starts it. */
  timeoutMs: number;
}

export type ReadCalendarOutput =
  | { nights: Map<string, BlockedNight> }
  | { refused: string; budget: CalendarBudgetError['budget'] | null };

export function readCalendar(input: ReadCalendarInput): ReadCalendarOutput {
  try {
    const deadline = performance.now() + input.timeoutMs;
    return { nights: busyNights(input.text, input.window, { maxOccurrences: input.maxOccurrences, deadline }) };
  } catch (err) {
    if (err instanceof CalendarBudgetError) return { refused: err.message, budget: err.budget };
    if (err instanceof CalendarParseError) return { refused: err.message, budget: null };
    throw err;
  }
}
