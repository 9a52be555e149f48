// Listing change events (the kernel's ListingChanges): whatever changes a listing announces it
// here after its commit, on this instance at once and on every other one through the event bus;
// the caches that keep something about a listing (its detail, its price inputs, its cards)
// listen, so the writers know nothing of the caches and the caches nothing of the writers.
//
// Stamps order reads against changes: a value read from the database before a change was
// announced must not be kept after it (it would outlive the change until its cache's TTL).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeScope, ListingChanges, NightsTaken } from '../kernel/services.ts';
import type { EventBus } from '../ports/event-bus.ts';

const TOPIC = 'property.changed';
// Past this many remembered changes the log is reset and every older stamp counts as stale.
const LOG_MAX = 10_000;

export class ListingChangeFeed implements ListingChanges {
  private readonly listeners = new Set<(id: number, scope: ChangeScope, taken?: NightsTaken) => void>();
  private readonly unsubscribe: () => void;
  private seq = 0;
  private floor = 0;
  // Per listing, the stamps of its last 'listing' change and its last 'nights' change.
  private readonly changedAt = new Map<number, { listing: number; nights: number }>();

  // Marks this feed's own announcements: the bus hands them back (at once in process, a moment
  // later through Redis), and recorded twice they would outdate what was read in between.
  private readonly origin = randomUUID();

  constructor(private readonly bus: EventBus) {
    this.unsubscribe = bus.subscribe(TOPIC, (m) => {
      const p = m.payload as { id: number; scope?: ChangeScope; origin?: string };
      if (p.origin === this.origin) return;
      this.record(p.id, p.scope === 'nights' ? 'nights' : 'listing');
    });
  }

  async changed(id: number, scope: ChangeScope = 'listing', taken?: NightsTaken): Promise<void> {
    this.record(id, scope, taken);
    await this.bus.publish(TOPIC, { id, scope, origin: this.origin });
  }

  onChange(listener: (id: number, scope: ChangeScope, taken?: NightsTaken) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stamp(): number {
    return ++this.seq;
  }

  changedSince(id: number, stamp: number, scope: ChangeScope): boolean {
    if (stamp <= this.floor) return true;
    const c = this.changedAt.get(id);
    if (c === undefined) return false;
    return c.listing > stamp || (scope === 'nights' && c.nights > stamp);
  }

  close(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  private record(id: number, scope: ChangeScope, taken?: NightsTaken): void {
    const at = ++this.seq;
    if (this.changedAt.size >= LOG_MAX && !this.changedAt.has(id)) {
      this.changedAt.clear();
      this.floor = at;
    }
    const c = this.changedAt.get(id) ?? { listing: 0, nights: 0 };
    c[scope] = at;
    this.changedAt.set(id, c);
    for (const l of this.listeners) l(id, scope, taken);
  }
}

/**
 * For a module whose routes edit a listing (under /properties/:id): every successful write of
 * those routes announces a change of that listing. Registered in the module's own plugin scope,
 * so each module says for itself that its writes change listings. It runs after the use case
 * committed and before the answer leaves, so the writer's next read is fresh.
 */
export function announceListingWrites(app: FastifyInstance, listings: ListingChanges): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 300) return payload;
    const url = request.routeOptions.url ?? '';
    const id = Number((request.params as { id?: string } | undefined)?.id);
    if (url.startsWith('/api/properties/:id') && Number.isSafeInteger(id)) await listings.changed(id).catch(() => {});
    return payload;
  });
}
