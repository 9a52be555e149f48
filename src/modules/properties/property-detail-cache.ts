// The property detail read form is the busiest read and costs a dozen queries, so the finished
// form is kept in memory for a short time. It listens to the listing change events (deps.listings):
// every change of a listing forgets it at once on every instance; the short life covers what no
// change announces (an admin renaming a property type, the date rolling over for reserved_dates).
//
// Two scopes of change: 'listing' (anything may have changed) and 'nights' (only booked counts:
// a reservation was made, moved, cancelled or expired). A 'nights' change keeps the form but
// outdates its availability members (is_reserved, reserved_dates), which one query rebuilds;
// a booking of a listing sold whole says which nights it took, and they are added instead.
import { addDays, todayIn } from '../../kernel/calendar-dates.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { ListingChanges, NightsTaken } from '../../kernel/services.ts';
import type { Clock } from '../../ports/clock.ts';
import { ListingCache } from '../../platform/listing-cache.ts';
import type { PropertyRow } from './properties.repository.ts';
import { RESERVED_HORIZON_NIGHTS } from './property-read.repository.ts';
import type { PropertyReadForm } from './property-read-form.ts';

export type Availability = Pick<PropertyReadForm, 'is_reserved' | 'reserved_dates'>;
type Variant = 'anonymous' | 'member';

const CACHE = Symbol('properties.detail-cache');

/** The running app's detail cache (made on first use, closed with the app). */
export const propertyDetailCache = (deps: Pick<Deps, 'services' | 'listings' | 'clock'>) =>
  deps.services.get(
    CACHE,
    () => new PropertyDetailCache(deps.listings, deps.clock),
    (c) => c.close(),
  );

interface Forms {
  row: PropertyRow;
  /** The form for anonymous callers and the one for signed-in callers (owner contact shown), both built from `row`. */
  anonymous?: PropertyReadForm;
  member?: PropertyReadForm;
}

interface Nights {
  /** is_reserved and reserved_dates as last known (the forms' own copies are not kept up to date). */
  availability: Availability;
  /** The anonymous answer as serialized, with the form it was made of (valid while that form is current). */
  body?: { text: string; form: PropertyReadForm };
}

export class PropertyDetailCache {
  // The forms go with changes of the listing; the availability (and the answer's text made with
  // it) with any change, booked nights included.
  private readonly forms: ListingCache<Forms>;
  private readonly nights: ListingCache<Nights>;

  constructor(
    changes: ListingChanges,
    private readonly clock: Clock,
    ttlMs = 30_000,
    max = 10_000,
  ) {
    this.forms = new ListingCache(changes, { scope: 'listing', ttlMs, maxWeight: max });
    // Adding a booking's nights, not reading the listing's year of them again: bench `booking`
    // 579–601 bookings/s against 413–449 (PostgreSQL, 3 interleaved A/B runs, 2026-11-30).
    const addTaken = (id: number, nights: Nights, taken: NightsTaken) => this.withTaken(id, nights, taken);
    this.nights = new ListingCache(changes, { scope: 'nights', ttlMs, maxWeight: max, addTaken });
  }

  get(id: number): Forms | undefined {
    return this.forms.get(id);
  }

  /** Taken before reading what will be cached; `put` refuses what a later change made stale. */
  stamp(): number {
    return this.forms.stamp();
  }

  /** Remembers a form built from `row` after `stamp`; keeps the other variant when the row is unchanged. */
  put(id: number, row: PropertyRow, variant: Variant, form: PropertyReadForm, stamp: number): void {
    const prev = this.forms.get(id);
    const same = prev && prev.row.updatedAt.getTime() === row.updatedAt.getTime() ? prev : undefined;
    this.forms.set(id, { ...same, row, [variant]: form }, stamp);
    this.putAvailability(id, { is_reserved: form.is_reserved, reserved_dates: form.reserved_dates }, stamp);
  }

  /** The listing's availability as last known, unless a change outdated it. */
  availability(id: number): Availability | undefined {
    return this.nights.get(id)?.availability;
  }

  /** Stores availability read after `stamp` for a cached listing, unless a change came since. */
  putAvailability(id: number, availability: Availability, stamp: number): void {
    if (this.forms.get(id)) this.nights.set(id, { availability }, stamp);
  }

  /** The anonymous answer's serialized text, while the form and availability it was made of are current. */
  body(id: number): { text: string; row: PropertyRow } | undefined {
    const forms = this.forms.get(id);
    const body = this.nights.get(id)?.body;
    if (!forms || !body || body.form !== forms.anonymous) return undefined;
    return { text: body.text, row: forms.row };
  }

  /** Keeps `text`, the serialization of `form`, if `form` is the current anonymous form with the current availability. */
  putBody(id: number, form: PropertyReadForm, text: string): void {
    const base = this.forms.get(id)?.anonymous;
    const nights = this.nights.get(id);
    if (!base || !nights) return;
    const current: Record<string, unknown> = { ...base, ...nights.availability };
    const made: Record<string, unknown> = { ...form };
    const keys = Object.keys(current);
    if (keys.length !== Object.keys(made).length || keys.some((k) => current[k] !== made[k])) return;
    nights.body = { text, form: base };
  }

  /**
   * The availability with a booking's nights in it: each is full (the listing is sold whole), and
   * shown if within the horizon from the listing's today. The answer's text is made again.
   */
  private withTaken(id: number, nights: Nights, taken: NightsTaken): Nights | undefined {
    const row = this.forms.get(id)?.row;
    if (!row) return undefined;
    const first = todayIn(row.timezone, this.clock.now());
    const until = addDays(first, RESERVED_HORIZON_NIGHTS);
    const shown = taken.nights.filter((night) => night >= first && night < until);
    if (!shown.length) return nights;
    const reserved = new Set([...nights.availability.reserved_dates, ...shown]);
    return { availability: { is_reserved: true, reserved_dates: [...reserved].sort() } };
  }

  close(): void {
    this.forms.close();
    this.nights.close();
  }
}
