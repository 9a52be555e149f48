// External calendars (iCal URLs) whose busy dates block a unit of the listing. Adding one fetches
// it at once: a URL that is not a public http(s) address, or not a calendar, is refused (422 url)
// and nothing is stored; a server that fails to answer is 502 and nothing is stored either. A
// refresh (on demand, or the ical-refresh job for feeds not fetched for 30 minutes) replaces the
// feed's blocks in one transaction; a failed one keeps the previous blocks and records why.
// Reading runs on a worker thread within the file's budget (feed-blocks.ts): a calendar over it is
// refused (422 url) when added, and a stored one that grows over it is marked failed (status) and
// left alone by the job, so a hostile feed costs one reading, not one every 30 minutes.
// Owner of the listing or admin manage feeds; support reads them; anyone else: 404.
import type { Deps } from '../../kernel/deps.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { CalendarFetchError } from '../../ports/calendar-fetcher.ts';
import { WorkerLimitError } from '../../ports/worker-pool.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { findPropertyById, type PropertyRow } from '../properties/index.ts';
import { loadCalendarForRead, loadCalendarForWrite } from './calendar-access.ts';
import {
  describeFailure,
  importWindow,
  readFeedCalendar,
  releaseFeed,
  replaceBlocks,
  unitKindProblem,
} from './feed-blocks.ts';
import { CalendarBudgetError, CalendarParseError } from './ical-format.ts';
import { icalRepository, type FeedRow } from './ical.repository.ts';

export const ICAL_REFRESH_JOB = 'ical-refresh';
const REFRESH_EVERY_MS = 30 * 60_000;
const CLAIM_BATCH = 20;

export interface FeedView {
  id: number;
  url: string;
  name: string | null;
  room_type_id: number;
  last_fetched_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  status: 'active' | 'failed';
  blocked_nights: number;
  conflicts: string[];
}

async function view(deps: Deps, feeds: FeedRow[], propertyId: number): Promise<FeedView[]> {
  const repo = icalRepository(deps.db);
  const counts = await repo.blockCounts(feeds.map((f) => f.id));
  const kinds = await repo.unitKinds(propertyId);
  return Promise.all(
    feeds.map(async (f) => ({
      id: f.id,
      url: f.url,
      name: f.name,
      room_type_id: f.roomTypeId,
      last_fetched_at: f.lastFetchedAt?.toISOString() ?? null,
      last_success_at: f.lastSuccessAt?.toISOString() ?? null,
      last_error: f.lastError,
      status: f.status,
      blocked_nights: counts.get(f.id) ?? 0,
      conflicts: await repo.conflicts(f, kinds.find((k) => k.id === f.roomTypeId)?.units ?? 1),
    })),
  );
}

async function afterChange(deps: Deps, propertyId: number): Promise<void> {
  await deps.listings.changed(propertyId, 'nights');
  publishAfterCommit(deps);
}

export async function addFeed(
  deps: Deps,
  caller: AuthUser,
  propertyId: number,
  input: { url: string; name?: string; room_type_id?: number },
): Promise<FeedView> {
  const listing = await loadCalendarForWrite(deps.db, propertyId, caller);
  const roomTypeId = input.room_type_id ?? 0;
  const problem = await unitKindProblem(deps.db, listing.id, roomTypeId);
  if (problem) throw invalidField('room_type_id', problem);
  const duplicate = () => new AppError('CONFLICT', 'This calendar is already imported for this listing');
  if (await icalRepository(deps.db).feedByUrl(listing.id, roomTypeId, input.url)) throw duplicate();
  let busy;
  try {
    busy = await readFeedCalendar(deps, input.url, importWindow(deps, listing.timezone));
  } catch (err) {
    if ((err instanceof CalendarFetchError && err.urlAtFault) || err instanceof CalendarParseError)
      throw invalidField('url', describeFailure(err));
    if (err instanceof CalendarFetchError) throw new AppError('CALENDAR_FETCH_FAILED', describeFailure(err));
    if (err instanceof WorkerLimitError) throw new AppError('SERVICE_UNAVAILABLE', describeFailure(err));
    throw err;
  }
  const now = deps.clock.now();
  const feed = await deps.db.transaction(async (tx) => {
    const row = await icalRepository(tx).insertFeed({
      propertyId: listing.id,
      roomTypeId,
      url: input.url,
      name: input.name ?? null,
      createdAt: now,
    });
    if (!row) throw duplicate();
    await replaceBlocks(tx, row.id, busy, now);
    return row;
  });
  await afterChange(deps, listing.id);
  return (await view(deps, [(await icalRepository(deps.db).feed(listing.id, feed.id))!], listing.id))[0]!;
}

export async function listFeeds(deps: Deps, caller: AuthUser, propertyId: number): Promise<FeedView[]> {
  const listing = await loadCalendarForRead(deps.db, propertyId, caller);
  return view(deps, await icalRepository(deps.db).feeds(listing.id), listing.id);
}

interface RefreshFailure {
  error: string;
  /** Over the reading budget: the feed is marked failed. */
  overBudget: boolean;
}

/** Fetches the feed again and replaces its blocks; on failure keeps them, records and returns why. */
async function refreshFeed(
  deps: Deps,
  feed: FeedRow,
  p: Pick<PropertyRow, 'id' | 'timezone'>,
): Promise<RefreshFailure | null> {
  const problem = await unitKindProblem(deps.db, p.id, feed.roomTypeId);
  let error =
    problem && `The listing's room types changed (room_type_id ${problem}): remove this calendar and import it again`;
  let overBudget = false;
  if (!error) {
    try {
      const busy = await readFeedCalendar(deps, feed.url, importWindow(deps, p.timezone));
      const now = deps.clock.now();
      await deps.db.transaction((tx) => replaceBlocks(tx, feed.id, busy, now));
    } catch (err) {
      if (!(err instanceof CalendarFetchError || err instanceof CalendarParseError || err instanceof WorkerLimitError))
        deps.log.error({ err, feed: feed.id }, 'iCal refresh failed');
      overBudget = err instanceof CalendarBudgetError;
      error = describeFailure(err);
    }
  }
  if (!error) {
    await afterChange(deps, p.id);
    return null;
  }
  if (overBudget) deps.log.warn({ feed: feed.id, property: p.id, error }, 'iCal feed over its budget: marked failed');
  await icalRepository(deps.db).updateFeed(feed.id, {
    lastFetchedAt: deps.clock.now(),
    lastError: error,
    ...(overBudget ? { status: 'failed' as const } : {}),
  });
  return { error, overBudget };
}

export async function refreshFeedNow(
  deps: Deps,
  caller: AuthUser,
  propertyId: number,
  feedId: number,
): Promise<FeedView> {
  const listing = await loadCalendarForWrite(deps.db, propertyId, caller);
  const feed = await icalRepository(deps.db).feed(listing.id, feedId);
  if (!feed) throw notFound('Calendar feed');
  const failed = await refreshFeed(deps, feed, listing);
  const kept = 'the nights it blocked before stay blocked';
  if (failed?.overBudget) throw invalidField('url', `${failed.error}; ${kept} and it is no longer refreshed`);
  if (failed) throw new AppError('CALENDAR_FETCH_FAILED', `${failed.error}; ${kept}`);
  return (await view(deps, [(await icalRepository(deps.db).feed(listing.id, feedId))!], listing.id))[0]!;
}

export async function deleteFeed(deps: Deps, caller: AuthUser, propertyId: number, feedId: number): Promise<void> {
  const listing = await loadCalendarForWrite(deps.db, propertyId, caller);
  await deps.db.transaction(async (tx) => {
    const feed = await icalRepository(tx).lockFeed(feedId);
    if (!feed || feed.propertyId !== listing.id) throw notFound('Calendar feed');
    await releaseFeed(tx, feed);
  });
  await afterChange(deps, listing.id);
}

/**
 * The ical-refresh job: every active feed (not marked failed) not fetched for 30 minutes, claimed in batches (a claim stamps
 * the feed fetched, so no other run or instance takes it meanwhile). Returns how many it fetched.
 */
export async function refreshDueFeeds(deps: Deps): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.clock.now();
    const claimed = await icalRepository(deps.db).claimDueFeeds(
      new Date(now.getTime() - REFRESH_EVERY_MS),
      now,
      CLAIM_BATCH,
    );
    for (const feed of claimed) {
      const listing = await findPropertyById(deps.db, feed.propertyId);
      if (listing) await refreshFeed(deps, feed, listing);
    }
    total += claimed.length;
    if (claimed.length < CLAIM_BATCH) return total;
  }
}
