// What an imported calendar does to the listing: its events' nights (today to 365 days on, the
// listing's dates) become ical_blocks rows of the feed, mirrored as +1 in property_nights.blocked
// of the feed's unit kind (a room type, or 0 for a listing sold whole). Replacing a feed's blocks
// is one transaction that also records calendar.changed for the nights that moved.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Deps } from '../../kernel/deps.ts';
import type { Executor } from '../../db/connection.ts';
import { CalendarFetchError } from '../../ports/calendar-fetcher.ts';
import { WorkerLimitError } from '../../ports/worker-pool.ts';
import { addDays, todayIn } from '../../kernel/calendar-dates.ts';
import { recordCalendarChanged } from '../room-types/index.ts';
import { CalendarBudgetError, CalendarParseError, type BlockedNight, type ImportWindow } from './ical-format.ts';
import type { ReadCalendarInput, ReadCalendarOutput } from './read-calendar.worker.ts';
import { icalRepository, type FeedRow } from './ical.repository.ts';

export const IMPORT_DAYS = 365;

export function importWindow(deps: Deps, timeZone: string): ImportWindow {
  const from = todayIn(timeZone, deps.clock.now());
  return { from, to: addDays(from, IMPORT_DAYS), timeZone };
}

// The worker's own file: its .ts source under tsx (tests, `npm start`), .js in the build.
const READER_FILE = new URL(`./read-calendar.worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url)
  .href;
// The reader stops itself at ICAL_PARSE_TIMEOUT_MS between steps; its thread is ended this much
// later when one step never returns (ical.js loops inside next() on a rule no date can meet).
const HARD_STOP_AFTER_MS = 250;

/**
 * Fetches the calendar and reads it on a worker thread within the file's budget
 * (ICAL_MAX_OCCURRENCES, ICAL_PARSE_TIMEOUT_MS); throws CalendarFetchError, CalendarParseError
 * (CalendarBudgetError when over budget) or WorkerLimitError (busy).
 */
export async function readFeedCalendar(deps: Deps, url: string, w: ImportWindow): Promise<Map<string, BlockedNight>> {
  const text = await deps.calendars.fetch(url);
  const timeoutMs = deps.config.ICAL_PARSE_TIMEOUT_MS;
  let out: ReadCalendarOutput;
  try {
    out = await deps.workers.run<ReadCalendarInput, ReadCalendarOutput>({
      file: READER_FILE,
      name: 'readCalendar',
      input: { text, window: w, maxOccurrences: deps.config.ICAL_MAX_OCCURRENCES, timeoutMs },
      timeoutMs: timeoutMs + HARD_STOP_AFTER_MS,
    });
  } catch (err) {
    if (err instanceof WorkerLimitError && err.limit === 'timeout')
      throw new CalendarBudgetError('time', 'takes longer to read than the time allowed (ICAL_PARSE_TIMEOUT_MS)');
    if (err instanceof WorkerLimitError && err.limit === 'memory') throw new CalendarBudgetError('memory', err.message);
    throw err;
  }
  if ('nights' in out) return out.nights;
  throw out.budget ? new CalendarBudgetError(out.budget, out.refused) : new CalendarParseError(out.refused);
}

/** Why a calendar could not be used, as a sentence. */
export function describeFailure(err: unknown): string {
  return err instanceof CalendarFetchError || err instanceof CalendarParseError || err instanceof WorkerLimitError
    ? `The calendar URL ${err.message}`
    : 'The calendar could not be read';
}

/**
 * Why the feed's unit kind is not one the listing sells (null when it is): a listing with room
 * types needs one of them, a listing sold whole needs 0.
 */
export async function unitKindProblem(db: Executor, propertyId: number, roomTypeId: number): Promise<string | null> {
  const kinds = await icalRepository(db).unitKinds(propertyId);
  if (!kinds.length) return roomTypeId === 0 ? null : 'this listing is sold whole: leave room_type_id out (or 0)';
  if (roomTypeId === 0) return 'this listing has room types: say which one the calendar blocks';
  return kinds.some((k) => k.id === roomTypeId) ? null : 'is not a room type of this listing';
}

/**
 * Makes the feed's blocks exactly `busy` (inside the caller's transaction, the feed row locked):
 * +1 blocked on newly busy nights, −1 on nights no longer busy, then calendar.changed over the
 * nights that moved. False when the feed is gone (removed while it was being fetched).
 */
export async function replaceBlocks(
  tx: Executor,
  feedId: number,
  busy: Map<string, BlockedNight>,
  now: Date,
): Promise<boolean> {
  const repo = icalRepository(tx);
  const feed = await repo.lockFeed(feedId);
  if (!feed) return false;
  const old = new Set(await repo.blockedNights(feed.id));
  const added = [...busy].filter(([n]) => !old.has(n)).map(([night, v]) => ({ night, ...v }));
  const removed = [...old].filter((n) => !busy.has(n));
  await repo.removeBlocks(feed, removed);
  await repo.addBlocks(feed, added);
  await repo.updateFeed(feed.id, { lastFetchedAt: now, lastSuccessAt: now, lastError: null, status: 'active' });
  await recordChange(tx, feed, [...removed, ...added.map((a) => a.night)]);
  return true;
}

/** Lifts every block of the feed and deletes it (inside the caller's transaction). */
export async function releaseFeed(tx: Executor, feed: FeedRow): Promise<void> {
  const repo = icalRepository(tx);
  const nights = await repo.blockedNights(feed.id);
  await repo.removeBlocks(feed, nights);
  await repo.deleteFeed(feed.id);
  await recordChange(tx, feed, nights);
}

async function recordChange(tx: Executor, feed: FeedRow, nights: string[]): Promise<void> {
  if (!nights.length) return;
  const sorted = [...nights].sort();
  await recordCalendarChanged(tx, {
    property_id: feed.propertyId,
    room_type_id: feed.roomTypeId,
    date_from: sorted[0]!,
    date_to: addDays(sorted.at(-1)!, 1),
    kinds: ['availability'],
  });
}
