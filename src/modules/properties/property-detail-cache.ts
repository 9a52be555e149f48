// The property detail read form is the busiest read and costs a dozen queries, so the finished
// form is kept in memory for a short time. Every successful write under /api/properties/{id}
// (the listing, its rules, room types, calendar, media, favorites) forgets that listing at once
// on every instance through the event bus; the short life covers what no route announces (an
// admin renaming a property type, the date rolling over for reserved_dates).
//
// Two scopes of change: 'listing' (anything may have changed) and 'nights' (only booked counts:
// a reservation was made, moved, cancelled or expired). A 'nights' change keeps the form but
// drops its availability members (is_reserved, reserved_dates), which one query rebuilds.
// Other caches keyed by listing (the price loader's, in reservations) follow the same
// invalidations through `onInvalidate`, so one mechanism covers every write path.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventBus } from '../../ports/event-bus.ts';
import type { PropertyRow } from './properties.repository.ts';
import type { PropertyReadForm } from './property-read-form.ts';

const TOPIC = 'property.changed';
// Past this many remembered invalidations the log is reset and every older stamp counts as stale.
const LOG_MAX = 10_000;

export type ChangeScope = 'listing' | 'nights';
export type Availability = Pick<PropertyReadForm, 'is_reserved' | 'reserved_dates'>;
type Variant = 'anonymous' | 'member';

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
  private readonly listeners = new Set<(id: number, scope: ChangeScope) => void>();
  private readonly unsubscribe: () => void;
  // Stamps order reads against invalidations: a value read from the database before a change
  // was announced must not be stored after it (it would outlive the change until the TTL).
  private seq = 0;
  private floor = 0;
  private readonly changedAt = new Map<number, { listing: number; nights: number }>();

  constructor(private readonly bus: EventBus, private readonly ttlMs = 30_000, private readonly max = 10_000) {
    this.unsubscribe = bus.subscribe(TOPIC, (m) => {
      const p = m.payload as { id: number; scope?: ChangeScope };
      this.forget(p.id, p.scope === 'nights' ? 'nights' : 'listing');
    });
  }

  get(id: number): Entry | undefined {
    const e = this.entries.get(id);
    if (e && Date.now() - e.at < this.ttlMs) return e;
    if (e) this.entries.delete(id);
    return undefined;
  }

  /** Taken before reading what will be cached; `put` refuses what a later change made stale. */
  stamp(): number {
    return ++this.seq;
  }

  /** Whether the listing changed in `scope` (a 'listing' change includes 'nights') since the stamp. */
  changedSince(id: number, stamp: number, scope: ChangeScope): boolean {
    if (stamp <= this.floor) return true;
    const c = this.changedAt.get(id);
    return c !== undefined && (scope === 'listing' ? c.listing : Math.max(c.listing, c.nights)) > stamp;
  }

  /** Remembers a form built from `row` after `stamp`; keeps the other variant when the row is unchanged. */
  put(id: number, row: PropertyRow, variant: Variant, form: PropertyReadForm, stamp: number): void {
    if (this.changedSince(id, stamp, 'listing')) return;
    const prev = this.get(id);
    // The other variant is kept only when built from the same row, and then keeps its age.
    const same = prev && prev.row.updatedAt.getTime() === row.updatedAt.getTime() ? prev : undefined;
    if (!this.entries.has(id) && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as number);
    const availability = this.changedSince(id, stamp, 'nights') ? same?.availability : { is_reserved: form.is_reserved, reserved_dates: form.reserved_dates };
    this.entries.set(id, { row, forms: { ...same?.forms, [variant]: form }, availability, at: same?.at ?? Date.now() });
  }

  /** Stores availability read after `stamp` into a live entry. */
  putAvailability(id: number, availability: Availability, stamp: number): void {
    const e = this.get(id);
    if (e && !this.changedSince(id, stamp, 'nights')) e.availability = availability;
  }

  /** Is called synchronously for every invalidation, local or from another instance. */
  onInvalidate(listener: (id: number, scope: ChangeScope) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets a listing (or only its booked nights) here at once and on every other instance. */
  async invalidate(id: number, scope: ChangeScope = 'listing'): Promise<void> {
    this.forget(id, scope);
    await this.bus.publish(TOPIC, { id, scope });
  }

  private forget(id: number, scope: ChangeScope): void {
    const at = ++this.seq;
    if (this.changedAt.size >= LOG_MAX && !this.changedAt.has(id)) {
      this.changedAt.clear();
      this.floor = at;
    }
    const c = this.changedAt.get(id) ?? { listing: 0, nights: 0 };
    c[scope] = at;
    this.changedAt.set(id, c);
    if (scope === 'listing') this.entries.delete(id);
    else {
      const e = this.entries.get(id);
      if (e) e.availability = undefined;
    }
    for (const l of this.listeners) l(id, scope);
  }

  /**
   * onSend hook: a successful write to /api/properties/{id}/… invalidates that listing. It runs
   * after the use case committed and before the answer leaves, so the writer's next read is fresh.
   */
  hook() {
    return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 300) return payload;
      const url = request.routeOptions.url ?? '';
      const id = Number((request.params as { id?: string } | undefined)?.id);
      if (url.startsWith('/api/properties/:id') && Number.isSafeInteger(id)) await this.invalidate(id).catch(() => {});
      return payload;
    };
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
    this.listeners.clear();
  }
}
