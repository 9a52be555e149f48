// The property detail read form is the busiest read and costs a dozen queries, so the finished
// form is kept in memory for a short time. Every successful write under /api/properties/{id}
// (the listing, its rules, room types, calendar, media, favorites) forgets that listing at once
// on every instance through the event bus; the short life covers what no route announces (an
// admin renaming a property type, the date rolling over for reserved_dates).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventBus } from '../../ports/event-bus.ts';
import type { PropertyRow } from './properties.repository.ts';
import type { PropertyReadForm } from './property-read-form.ts';

const TOPIC = 'property.changed';

interface Entry {
  row: PropertyRow;
  /** The form for anonymous callers and the one for signed-in callers (owner contact shown). */
  forms: { anonymous?: PropertyReadForm; member?: PropertyReadForm };
  at: number;
}

export class PropertyDetailCache {
  private readonly entries = new Map<number, Entry>();
  private readonly unsubscribe: () => void;

  constructor(private readonly bus: EventBus, private readonly ttlMs = 30_000, private readonly max = 10_000) {
    this.unsubscribe = bus.subscribe(TOPIC, (m) => {
      this.entries.delete((m.payload as { id: number }).id);
    });
  }

  get(id: number): Entry | undefined {
    const e = this.entries.get(id);
    if (e && Date.now() - e.at < this.ttlMs) return e;
    if (e) this.entries.delete(id);
    return undefined;
  }

  /** Remembers a form built from `row`; keeps the other variant when the row is unchanged. */
  put(id: number, row: PropertyRow, variant: 'anonymous' | 'member', form: PropertyReadForm): void {
    const prev = this.get(id);
    // The other variant is kept only when built from the same row, and then keeps its age.
    const same = prev && prev.row.updatedAt.getTime() === row.updatedAt.getTime() ? prev : undefined;
    if (!this.entries.has(id) && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as number);
    this.entries.set(id, { row, forms: { ...same?.forms, [variant]: form }, at: same?.at ?? Date.now() });
  }

  /** Forgets a listing here and on every other instance. */
  async invalidate(id: number): Promise<void> {
    this.entries.delete(id);
    await this.bus.publish(TOPIC, { id });
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
  }
}
