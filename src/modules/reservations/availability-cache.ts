// The calendar's answers, kept as the bytes of the JSON sent: a traveller paging a listing's months asks
// the same ranges again and again, and building 60 nights × rate plans and serialising them
// costs several times a bare route. Dropped with the listing's other caches: any change of the
// listing or of its nights (a write under /api/properties/{id}, a reservation, an expiry, on this
// instance or another through the bus) drops every range of it; a stamp keeps an answer computed
// before a change from being stored after it; "today" moving on closes a night, so an answer is
// kept for the listing's day it was built on; the short life bounds what nobody announces.
import type { Deps } from '../../kernel/deps.ts';
import type { ListingChanges } from '../../kernel/services.ts';
import { todayIn } from '../../kernel/calendar-dates.ts';

interface Entry {
  json: Buffer;
  timezone: string;
  today: string;
  at: number;
}

const CACHE = Symbol('reservations.availability-cache');

/** The running app's calendar answer cache (made on first use, closed with the app). */
export const availabilityCache = (deps: Pick<Deps, 'services' | 'listings'>) =>
  deps.services.get(CACHE, () => new AvailabilityCache(deps.listings), (c) => c.close());

export class AvailabilityCache {
  private readonly byListing = new Map<number, Map<string, Entry>>();
  /** Bytes of JSON kept: a year of nights of a listing with many room types is hundreds of kB. */
  private bytes = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly changes: ListingChanges,
    private readonly ttlMs = 15_000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {
    this.unsubscribe = changes.onChange((id) => this.drop(id));
  }

  /** The answer kept for this range, if still good at `now`. */
  get(propertyId: number, range: string, now: Date): Buffer | undefined {
    const ranges = this.byListing.get(propertyId);
    const hit = ranges?.get(range);
    if (!hit) return undefined;
    if (Date.now() - hit.at >= this.ttlMs || todayIn(hit.timezone, now) !== hit.today) {
      ranges!.delete(range);
      this.bytes -= hit.json.length;
      return undefined;
    }
    return hit.json;
  }

  /** Keeps an answer built from reads that started at `stamp`, unless the listing changed since. */
  set(propertyId: number, range: string, stamp: number, entry: Omit<Entry, 'at'>): void {
    if (this.changes.changedSince(propertyId, stamp, 'nights')) return;
    // Oldest listing first: the Map keeps insertion order, and a listing is re-inserted when it fills again.
    if (entry.json.length > this.maxBytes) return;
    while (this.bytes + entry.json.length > this.maxBytes && this.byListing.size > 0) this.drop(this.byListing.keys().next().value as number);
    let ranges = this.byListing.get(propertyId);
    if (!ranges) this.byListing.set(propertyId, (ranges = new Map()));
    this.bytes += entry.json.length - (ranges.get(range)?.json.length ?? 0);
    ranges.set(range, { ...entry, at: Date.now() });
  }

  stamp(): number {
    return this.changes.stamp();
  }

  close(): void {
    this.unsubscribe();
    this.byListing.clear();
    this.bytes = 0;
  }

  private drop(propertyId: number): void {
    const ranges = this.byListing.get(propertyId);
    if (!ranges) return;
    for (const e of ranges.values()) this.bytes -= e.json.length;
    this.byListing.delete(propertyId);
  }
}
