// The calendar's answers, kept as the bytes of the JSON sent: a traveller paging a listing's months asks
// the same ranges again and again, and building 60 nights × rate plans and serialising them
// costs several times a bare route. Dropped with the listing's other caches: any change of the
// listing or of its nights (a write under /api/properties/{id}, a reservation, an expiry, on this
// instance or another through the bus) drops every range of it; a stamp keeps an answer computed
// before a change from being stored after it; "today" moving on closes a night, so an answer is
// kept for the listing's day it was built on; the short life bounds what nobody announces.
import type { Deps } from '../../kernel/deps.ts';
import type { ListingChanges } from '../../kernel/services.ts';
import { ListingCache } from '../../platform/listing-cache.ts';
import { todayIn } from '../../kernel/calendar-dates.ts';

interface Entry {
  json: Buffer;
  timezone: string;
  today: string;
}

const CACHE = Symbol('reservations.availability-cache');

/** The running app's calendar answer cache (made on first use, closed with the app). */
export const availabilityCache = (deps: Pick<Deps, 'services' | 'listings'>) =>
  deps.services.get(
    CACHE,
    () => new AvailabilityCache(deps.listings),
    (c) => c.close(),
  );

export class AvailabilityCache {
  /** Per listing, its answers by range; weighed in bytes of JSON (a year of many room types is hundreds of kB). */
  private readonly byListing: ListingCache<Map<string, Entry>>;

  constructor(changes: ListingChanges, ttlMs = 15_000, maxBytes = 64 * 1024 * 1024) {
    this.byListing = new ListingCache(changes, { scope: 'nights', ttlMs, maxWeight: maxBytes, weigh: bytesOf });
  }

  /** The answer kept for this range, if still good at `now`. */
  get(propertyId: number, range: string, now: Date): Buffer | undefined {
    const hit = this.byListing.get(propertyId)?.get(range);
    return hit && todayIn(hit.timezone, now) === hit.today ? hit.json : undefined;
  }

  /** Keeps an answer built from reads that started at `stamp`, unless the listing changed since. */
  set(propertyId: number, range: string, stamp: number, entry: Entry): void {
    // The listing's ranges are stored again as a whole, so their weight and age follow the newest.
    const ranges = new Map(this.byListing.get(propertyId));
    ranges.set(range, entry);
    this.byListing.set(propertyId, ranges, stamp);
  }

  stamp(): number {
    return this.byListing.stamp();
  }

  close(): void {
    this.byListing.close();
  }
}

const bytesOf = (ranges: Map<string, Entry>) => {
  let bytes = 0;
  for (const e of ranges.values()) bytes += e.json.length;
  return bytes;
};
