// Publishes committed outbox events to the event bus. At-least-once: an event is marked
// published only after the bus accepted it, so subscribers must tolerate a repeat (they get
// the outbox id to recognise one).
import type { Db } from '../db/connection.ts';
import type { Clock } from '../ports/clock.ts';
import type { EventBus } from '../ports/event-bus.ts';
import { platformRepository } from '../platform/platform.repository.ts';

export interface PublishedEvent<T = unknown> {
  eventId: number;
  topic: string;
  occurredAt: string;
  data: T;
}

const BATCH = 200;

export class OutboxRelay {
  private pending: Promise<number> | null = null;
  private again = false;

  constructor(private readonly db: Db, private readonly bus: EventBus, private readonly clock: Clock) {}

  /** Publishes everything unpublished, batch by batch; returns how many were sent. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const repo = platformRepository(tx);
        const rows = await repo.lockUnpublished(BATCH);
        const sent: number[] = [];
        for (const row of rows) {
          const event: PublishedEvent = { eventId: row.id, topic: row.topic, occurredAt: row.createdAt.toISOString(), data: row.payload };
          try {
            await this.bus.publish(row.topic, event);
            sent.push(row.id);
          } catch {
            // Left unpublished for the next pass; keep order by stopping here.
            break;
          }
        }
        await repo.markPublished(sent, this.clock.now());
        return sent.length;
      });
      total += n;
      if (n < BATCH) return total;
    }
  }

  /** Asks for a drain soon (after a commit that wrote events); concurrent kicks coalesce. */
  kick(): Promise<number> {
    if (this.pending) {
      this.again = true;
      return this.pending;
    }
    this.pending = this.drain().finally(() => {
      this.pending = null;
      if (this.again) {
        this.again = false;
        void this.kick();
      }
    });
    return this.pending;
  }
}
