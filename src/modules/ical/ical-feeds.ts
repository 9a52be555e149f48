// External calendars (iCal URLs) whose busy dates block a unit of the listing. Adding one fetches
// it at once (refused, nothing stored, when the URL is not a public http(s) address or the
// calendar cannot be read); a refresh replaces the feed's blocks in one transaction and adjusts
// property_nights.blocked; a failed refresh keeps the previous blocks and records the error.
// Owner of the listing or admin manage feeds; support reads them.
import type { Deps } from '../../container.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { CalendarFetchError, fetchCalendar } from '../../adapters/ical-fetch/safe-calendar-fetcher.ts';
import type { AuthUser } from '../auth/session-service.ts';
import { loadPropertyForWrite } from '../properties/property-access.ts';
import { propertiesRepository, type PropertyRow } from '../properties/properties.repository.ts';
import { addDays, todayIn } from '../room-types/calendar-dates.ts';
import { recordCalendarChanged } from '../room-types/calendar-changed.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { channelRepository } from '../channel/channel.repository.ts';
import { busyNights, CalendarParseError } from './ical-format.ts';
import { icalRepository, type FeedRow } from './ical.repository.ts';
import { loadForCalendarRead } from './export-calendar.ts';

export const IMPORT_DAYS = 365;
export const ICAL_REFRESH_JOB = 'ical-refresh';
const REFRESH_EVERY_MS = 30 * 60_000;

export interface FeedView {
  id: number;
  url: string;
  name: string | null;
  room_type_id: number;
  last_fetched_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  blocked_nights: number;
  conflicts: string[];
}

async function fetchText(deps: Deps, url: string): Promise<string> {
  return fetchCalendar(url, { allowPrivate: deps.config.ICAL_ALLOW_PRIVATE, maxBytes: deps.config.ICAL_MAX_BYTES, timeoutMs: deps.config.ICAL_TIMEOUT_MS });
}

/** The unit count a feed blocks against: the room type's, or 1 for a listing sold whole. */
async function unitsOf(deps: Deps, p: PropertyRow, roomTypeId: number): Promise<number> {
  const rts = await channelRepository(deps.db).roomTypesWithPlans(p.id);
  if (!rts.length) {
    if (roomTypeId !== 0) throw invalidField('room_type_id', 'this listing is sold whole: leave room_type_id out');
    return 1;
  }
  const rt = rts.find((r) => r.id === roomTypeId);
  if (!rt) throw invalidField('room_type_id', roomTypeId === 0 ? 'this listing has room types: say which one the calendar blocks' : 'is not a room type of this listing');
  return rt.countOfRooms;
}

async function view(deps: Deps, feeds: FeedRow[], p: PropertyRow): Promise<FeedView[]> {
  const repo = icalRepository(deps.db);
  const counts = await repo.blockCounts(feeds.map((f) => f.id));
  const rts = await channelRepository(deps.db).roomTypesWithPlans(p.id);
  return Promise.all(feeds.map(async (f) => ({
    id: f.id, url: f.url, name: f.name, room_type_id: f.roomTypeId,
    last_fetched_at: f.lastFetchedAt?.toISOString() ?? null, last_success_at: f.lastSuccessAt?.toISOString() ?? null, last_error: f.lastError,
    blocked_nights: counts.get(f.id) ?? 0,
    conflicts: await repo.conflicts(f, rts.find((r) => r.id === f.roomTypeId)?.countOfRooms ?? 1),
  })));
}

/** Replaces the feed's blocks with the calendar's busy nights (one transaction). */
async function applyCalendar(deps: Deps, feed: FeedRow, timezone: string, text: string): Promise<void> {
  const from = todayIn(timezone, deps.clock.now());
  const to = addDays(from, IMPORT_DAYS);
  const busy = busyNights(text, from, to);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const repo = icalRepository(tx);
    const locked = await repo.lockFeed(feed.id);
    if (!locked) return;
    const old = new Set(await repo.blockedNights(feed.id));
    const added = [...busy].filter(([n]) => !old.has(n)).map(([night, v]) => ({ night, ...v }));
    const removed = [...old].filter((n) => !busy.has(n));
    await repo.removeBlocks(locked, removed);
    await repo.addBlocks(locked, added);
    await repo.updateFeed(feed.id, { lastFetchedAt: now, lastSuccessAt: now, lastError: null });
    const changed = [...removed, ...added.map((a) => a.night)].sort();
    if (changed.length) {
      await recordCalendarChanged(tx, { property_id: feed.propertyId, room_type_id: feed.roomTypeId, date_from: changed[0]!, date_to: addDays(changed.at(-1)!, 1), kinds: ['availability'] });
    }
  });
  await deps.propertyCache.invalidate(feed.propertyId, 'nights');
  publishAfterCommit(deps);
}

const describe = (err: unknown) => (err instanceof CalendarFetchError || err instanceof CalendarParseError ? err.message : 'could not be read');

export async function addFeed(deps: Deps, caller: AuthUser, propertyId: number, input: { url: string; name?: string; room_type_id?: number }): Promise<FeedView> {
  const p = await loadPropertyForWrite(deps.db, propertyId, caller);
  const roomTypeId = input.room_type_id ?? 0;
  await unitsOf(deps, p, roomTypeId);
  let text: string;
  try {
    text = await fetchText(deps, input.url);
    busyNights(text, '2000-01-01', '2000-01-02');
  } catch (err) {
    if (err instanceof CalendarFetchError && err.reason !== 'network' && err.reason !== 'timeout' && err.reason !== 'http_status') throw invalidField('url', err.message);
    if (err instanceof CalendarParseError) throw invalidField('url', err.message);
    if (err instanceof CalendarFetchError) throw new AppError('CALENDAR_FETCH_FAILED', `The calendar at this URL ${err.message}`);
    throw err;
  }
  const feed = await icalRepository(deps.db).insertFeed({ propertyId: p.id, roomTypeId, url: input.url, name: input.name ?? null, createdAt: deps.clock.now() });
  if (!feed) throw new AppError('CONFLICT', 'This calendar is already imported for this listing');
  await applyCalendar(deps, feed, p.timezone, text);
  return (await view(deps, [(await icalRepository(deps.db).feed(p.id, feed.id))!], p))[0]!;
}

export async function listFeeds(deps: Deps, caller: AuthUser, propertyId: number): Promise<FeedView[]> {
  const p = await loadForCalendarRead(deps, caller, propertyId);
  return view(deps, await icalRepository(deps.db).feeds(p.id), p);
}

/** Fetches the feed again; a failure keeps its blocks and is recorded (and answered 502 to a caller). */
export async function refreshFeed(deps: Deps, feed: FeedRow, timezone: string): Promise<string | null> {
  try {
    await applyCalendar(deps, feed, timezone, await fetchText(deps, feed.url));
    return null;
  } catch (err) {
    const message = `The calendar ${describe(err)}`;
    await icalRepository(deps.db).updateFeed(feed.id, { lastFetchedAt: deps.clock.now(), lastError: message });
    if (!(err instanceof CalendarFetchError || err instanceof CalendarParseError)) deps.log.error({ err, feed: feed.id }, 'iCal refresh failed');
    return message;
  }
}

export async function refreshFeedNow(deps: Deps, caller: AuthUser, propertyId: number, feedId: number): Promise<FeedView> {
  const p = await loadPropertyForWrite(deps.db, propertyId, caller);
  const feed = await icalRepository(deps.db).feed(p.id, feedId);
  if (!feed) throw notFound('Calendar feed');
  const error = await refreshFeed(deps, feed, p.timezone);
  if (error) throw new AppError('CALENDAR_FETCH_FAILED', error);
  return (await view(deps, [(await icalRepository(deps.db).feed(p.id, feedId))!], p))[0]!;
}

export async function deleteFeed(deps: Deps, caller: AuthUser, propertyId: number, feedId: number): Promise<void> {
  const p = await loadPropertyForWrite(deps.db, propertyId, caller);
  await deps.db.transaction(async (tx) => {
    const repo = icalRepository(tx);
    const feed = await repo.lockFeed(feedId);
    if (!feed || feed.propertyId !== p.id) throw notFound('Calendar feed');
    const nights = (await repo.blockedNights(feed.id)).sort();
    await repo.removeBlocks(feed, nights);
    await repo.deleteFeed(feed.id);
    if (nights.length) await recordCalendarChanged(tx, { property_id: p.id, room_type_id: feed.roomTypeId, date_from: nights[0]!, date_to: addDays(nights.at(-1)!, 1), kinds: ['availability'] });
  });
  await deps.propertyCache.invalidate(p.id, 'nights');
  publishAfterCommit(deps);
}

/** The ical-refresh job: feeds not fetched for 30 minutes (one instance at a time: the job lease). */
export async function refreshDueFeeds(deps: Deps): Promise<number> {
  const due = await icalRepository(deps.db).dueFeeds(new Date(deps.clock.now().getTime() - REFRESH_EVERY_MS), 50);
  for (const feed of due) {
    const p = await propertiesRepository(deps.db).findById(feed.propertyId);
    await refreshFeed(deps, feed, p?.timezone ?? deps.config.DEFAULT_TIMEZONE);
  }
  return due.length;
}
