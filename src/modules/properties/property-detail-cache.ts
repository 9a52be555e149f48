// The property detail read form is the busiest read and costs a dozen queries, so the finished
// form is kept in memory for a short time. It listens to the listing change events (deps.listings):
// every change of a listing forgets it at once on every instance; the short life covers what no
// change announces (an admin renaming a property type, the date rolling over for reserved_dates).
//
// Two scopes of change: 'listing' (anything may have changed) and 'nights' (only booked counts:
// a reservation was made, moved, cancelled or expired). A 'nights' change keeps the form but
// outdates its availability members (is_reserved, reserved_dates), which one query rebuilds, or
// which a booking brings up to date from the nights of its own stay (withOwnBooking): then a
// listing's bookings one after another never read its whole year of booked nights again.
import type { Deps } from '../../kernel/deps.ts';
import type { ChangeScope, ListingChanges } from '../../kernel/services.ts';
import type { PropertyRow } from './properties.repository.ts';
import type { PropertyReadForm } from './property-read-form.ts';
import type { BookedNight } from './property-read.repository.ts';

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
  /** is_reserved and reserved_dates as last known (the forms' own copies are not kept up to date); missing until known. */
  availability?: Availability;
  /** The stamp `availability` was valid at: a 'nights' change since then outdates it. */
  availabilityAt: number;
  /** The anonymous form as serialized, with the form and availability it was made of (valid while both are the entry's). */
  body?: { text: string; form: PropertyReadForm; availability: Availability };
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
    const fresh = !this.changes.changedSince(id, stamp, 'nights');
    this.entries.set(id, {
      row,
      forms: { ...same?.forms, [variant]: form },
      availability: fresh ? { is_reserved: form.is_reserved, reserved_dates: form.reserved_dates } : same?.availability,
      availabilityAt: fresh ? stamp : (same?.availabilityAt ?? 0),
      at: same?.at ?? Date.now(),
    });
  }

  /** The listing's availability as last known, unless a 'nights' change (but `except`) outdated it. */
  availability(id: number, except?: number): Availability | undefined {
    const e = this.get(id);
    return e?.availability && !this.changes.changedSince(id, e.availabilityAt, 'nights', except) ? e.availability : undefined;
  }

  /** Stores availability read after `stamp` into a live entry, unless a 'nights' change (but `except`) came since. */
  putAvailability(id: number, availability: Availability, stamp: number, except?: number): void {
    const e = this.get(id);
    if (!e || this.changes.changedSince(id, stamp, 'nights', except)) return;
    e.availability = availability;
    // Valid from now on: `except` is in it, and nothing else came since `stamp`.
    e.availabilityAt = except === undefined ? stamp : this.changes.stamp();
  }

  /**
   * The availability after the booking whose change is `own`, from the one known before it and
   * the booked nights of its stay (`stay`, read after its hold): the nights outside the stay are
   * as they were. Stored for the next reader; undefined when what was known before is outdated
   * by another change (or gone), so the caller reads the whole year.
   */
  withOwnBooking(id: number, own: number, stay: { from: string; to: string; nights: readonly BookedNight[] }): Availability | undefined {
    const e = this.get(id);
    const before = this.availability(id, own);
    if (!e || !before) return undefined;
    // Known only after the booking already: it holds the stay's nights as they are now.
    if (e.availabilityAt > own) return before;
    const full = stay.nights.filter((n) => n.full).map((n) => n.night).sort();
    // The known dates are in order (every source reads them by night), and the stay's nights are
    // one run of them: its place is found by bisection rather than by sorting up to a year of
    // dates again, which each booking of a filling listing paid for (bench/README.md).
    const known = before.reserved_dates;
    const merged: Availability = {
      is_reserved: before.is_reserved || stay.nights.length > 0,
      reserved_dates: [...known.slice(0, firstFrom(known, stay.from)), ...full, ...known.slice(firstFrom(known, stay.to))],
    };
    e.availability = merged;
    e.availabilityAt = this.changes.stamp();
    return merged;
  }

  /** The anonymous answer's serialized text, while the form and availability it was made of are current. */
  body(id: number): { text: string; row: PropertyRow } | undefined {
    const e = this.get(id);
    const availability = this.availability(id);
    if (!e?.body || !availability || e.body.form !== e.forms.anonymous || e.body.availability !== availability) return undefined;
    return { text: e.body.text, row: e.row };
  }

  /** Keeps `text`, the serialization of `form`, if `form` is the current anonymous form with the current availability. */
  putBody(id: number, form: PropertyReadForm, text: string): void {
    const e = this.get(id);
    const availability = this.availability(id);
    const base = e?.forms.anonymous;
    if (!e || !base || !availability) return;
    const current: Record<string, unknown> = { ...base, ...availability };
    const made = form as unknown as Record<string, unknown>;
    const keys = Object.keys(current);
    if (keys.length !== Object.keys(made).length || keys.some((k) => current[k] !== made[k])) return;
    e.body = { text, form: base, availability };
  }

  private forget(id: number, scope: ChangeScope): void {
    // A 'nights' change outdates the availability by its stamp (see `availability`).
    if (scope === 'listing') this.entries.delete(id);
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}

/** The index of the first of these ordered dates that is `day` or later (their length if none). */
function firstFrom(ordered: readonly string[], day: string): number {
  let lo = 0;
  let hi = ordered.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ordered[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
