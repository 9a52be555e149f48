// The one shape of the caches that keep something per listing (its detail, its price inputs, its
// calendar answers, its cards). Freshness comes from the listing change feed (deps.listings):
// a change of the listing in the cache's scope drops its entry on this instance at once and on
// the others through the bus, and a value read before such a change is not stored after it
// (the stamp taken before the read). A short life bounds what no change announces; a weight
// bound (entries, rows or bytes) bounds memory, oldest entry out first.
import type { ChangeScope, ListingChanges, NightsTaken } from '../kernel/services.ts';

export interface ListingCacheOptions<V> {
  /** 'listing': dropped by changes of the listing itself; 'nights': by any change, booked nights included. */
  scope: ChangeScope;
  ttlMs: number;
  /** The most weight kept (entries when `weigh` is not given). */
  maxWeight: number;
  /** An entry's weight (rows, bytes); 1 when not given. */
  weigh?: (value: V) => number;
  /**
   * For a 'nights' cache: the entry with a booking's nights added (ListingChanges' `taken`), kept
   * in place of the entry (its age and weight unchanged); undefined forgets it, as any other change does.
   */
  addTaken?: (id: number, value: V, taken: NightsTaken) => V | undefined;
}

interface Entry<V> {
  value: V;
  weight: number;
  at: number;
}

export class ListingCache<V> {
  private readonly entries = new Map<number, Entry<V>>();
  private readonly loading = new Map<number, { stamp: number; promise: Promise<V> }>();
  private weight = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly changes: ListingChanges,
    private readonly options: ListingCacheOptions<V>,
  ) {
    this.unsubscribe = changes.onChange((id, scope, taken) => {
      if (options.scope === 'listing' && scope === 'nights') return;
      // Only a change of nights can be added to; a change of the listing itself always forgets.
      const hit = scope === 'nights' && taken ? this.entries.get(id) : undefined;
      const added = hit && taken ? options.addTaken?.(id, hit.value, taken) : undefined;
      if (hit && added !== undefined) hit.value = added;
      else this.delete(id);
    });
  }

  /** Taken before reading what `set` will store. */
  stamp(): number {
    return this.changes.stamp();
  }

  get(id: number): V | undefined {
    const hit = this.entries.get(id);
    if (hit && Date.now() - hit.at < this.options.ttlMs) return hit.value;
    if (hit) this.delete(id);
    return undefined;
  }

  /** Keeps a value read after `stamp`, unless the listing changed in the cache's scope since. */
  set(id: number, value: V, stamp: number): void {
    if (this.changes.changedSince(id, stamp, this.options.scope)) return;
    const weight = this.options.weigh?.(value) ?? 1;
    this.delete(id);
    if (weight > this.options.maxWeight) return;
    while (this.entries.size > 0 && this.weight + weight > this.options.maxWeight)
      this.delete(this.entries.keys().next().value as number);
    this.entries.set(id, { value, weight, at: Date.now() });
    this.weight += weight;
  }

  /**
   * The cached value, else `read` once for concurrent callers: a caller joins a read in flight
   * only if no change came since it started. The value is stored when `keep` allows it. `readAt`:
   * the stamp the read's data is current at when it comes from a replica (Deps.readAt), so that
   * a change the replica has not replayed yet keeps the stale value out.
   */
  async load(
    id: number,
    read: () => Promise<V>,
    { keep = () => true, readAt }: { keep?: (value: V) => boolean; readAt?: number } = {},
  ): Promise<V> {
    const hit = this.get(id);
    if (hit !== undefined) return hit;
    const current = this.loading.get(id);
    if (current && !this.changes.changedSince(id, current.stamp, this.options.scope)) return current.promise;
    const stamp = readAt ?? this.stamp();
    const promise = read()
      .then((value) => {
        if (keep(value)) this.set(id, value, stamp);
        return value;
      })
      .finally(() => {
        if (this.loading.get(id)?.promise === promise) this.loading.delete(id);
      });
    this.loading.set(id, { stamp, promise });
    return promise;
  }

  delete(id: number): void {
    const hit = this.entries.get(id);
    if (!hit) return;
    this.weight -= hit.weight;
    this.entries.delete(id);
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
    this.loading.clear();
    this.weight = 0;
  }
}
