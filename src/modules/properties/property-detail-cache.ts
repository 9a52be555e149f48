// The property detail read form is the busiest read and costs a dozen queries, so the finished
// form is kept in memory for a short time. It listens to the listing change events (deps.listings):
// every change of a listing forgets it at once on every instance; the short life covers what no
// change announces (an admin renaming a property type, the date rolling over for reserved_dates).
//
// Two scopes of change: 'listing' (anything may have changed) and 'nights' (only booked counts:
// a reservation was made, moved, cancelled or expired). A 'nights' change keeps the form but
// drops its availability members (is_reserved, reserved_dates), which one query rebuilds.
import type { Deps } from '../../kernel/deps.ts';
import type { ChangeScope, ListingChanges } from '../../kernel/services.ts';
import type { PropertyRow } from './properties.repository.ts';
import type { PropertyReadForm } from './property-read-form.ts';

export type Availability = Pick<PropertyReadForm, 'is_reserved' | 'reserved_dates'>;
type Variant = 'anonymous' | 'member';

const CACHE = Symbol('properties.detail-cache');

/** The running app's detail cache (made on first use, closed with the app). */
export const propertyDetailCache = (deps: Pick<Deps, 'services' | 'listings'>) =>
  deps.services.get(CACHE, () => new PropertyDetailCache(deps.listings), (c) => c.close());

interface Entry {
  row: PropertyRow;
  /** The form for anonymous callers and the one for signed-in callers (owner contact shown). */
  forms: { anonymous?: PropertyReadForm; member?: PropertyReadForm };
  /** Missing after a 'nights' change until rebuilt; the forms' own members are then stale. */
  availability?: Availability;
  at: number;
}

export class PropertyDetailCache {
  private readonly entries = new Map<number, Entry>();
  private readonly unsubscribe: () => void;

  constructor(private readonly changes: ListingChanges, private readonly ttlMs = 30_000, private readonly max = 10_000) {
    this.unsubscribe = changes.onChange((id, scope) => this.forget(id, scope));
  }

  get(id: number): Entry | undefined {
    const e = this.entries.get(id);
    if (e && Date.now() - e.at < this.ttlMs) return e;
    if (e) this.entries.delete(id);
    return undefined;
  }

  /** Taken before reading what will be cached; `put` refuses what a later change made stale. */
  stamp(): number {
    return this.changes.stamp();
  }

  /** Remembers a form built from `row` after `stamp`; keeps the other variant when the row is unchanged. */
  put(id: number, row: PropertyRow, variant: Variant, form: PropertyReadForm, stamp: number): void {
    if (this.changes.changedSince(id, stamp, 'listing')) return;
    const prev = this.get(id);
    // The other variant is kept only when built from the same row, and then keeps its age.
    const same = prev && prev.row.updatedAt.getTime() === row.updatedAt.getTime() ? prev : undefined;
    if (!this.entries.has(id) && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as number);
    const availability = this.changes.changedSince(id, stamp, 'nights') ? same?.availability : { is_reserved: form.is_reserved, reserved_dates: form.reserved_dates };
    this.entries.set(id, { row, forms: { ...same?.forms, [variant]: form }, availability, at: same?.at ?? Date.now() });
  }

  /** Stores availability read after `stamp` into a live entry. */
  putAvailability(id: number, availability: Availability, stamp: number): void {
    const e = this.get(id);
    if (e && !this.changes.changedSince(id, stamp, 'nights')) e.availability = availability;
  }

  private forget(id: number, scope: ChangeScope): void {
    if (scope === 'listing') this.entries.delete(id);
    else {
      const e = this.entries.get(id);
      if (e) e.availability = undefined;
    }
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}
