// Publishes committed outbox events to the event bus. At-least-once: an event is marked
// published only after the bus accepted it, so subscribers must tolerate a repeat (they get
// the outbox id to recognise one).
//
// Projectors turn an event into durable rows (notifications) exactly once: they run in the
// relay's transaction, before the event is marked published, so the rows commit with the mark.
// A pass that fails after projecting (the bus refused) projects the event again on the next
// pass, so a projector must be idempotent (unique keys + ON CONFLICT DO NOTHING).
//
// A pass first projects its whole batch at once: each projector is called once with all of the
// batch's events of its topics (a batch projector writes them with set-based statements; a
// per-event one is called for each in turn), without a savepoint. Should any projector fail,
// the pass is rolled back (nothing was published yet) and run again event by event, each event
// in a savepoint of its own, so the failing event alone is held back as before.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, Tx } from '../db/connection.ts';
import { isStalePlan } from '../db/db-errors.ts';
import type { Clock } from '../ports/clock.ts';
import type { EventBus } from '../ports/event-bus.ts';
import { platformRepository } from '../platform/platform.repository.ts';
import type { Outbox } from '../kernel/services.ts';
import type { BatchProjector, Projections, Projector, PublishedEvent } from '../kernel/events.ts';

/** The batch projection of a pass failed: the pass is rolled back and run again event by event. */
class BatchProjectionFailed extends Error {}

export interface RelayLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const BATCH = 200;
// Events written by projectors are published by extra passes of the same drain; a projector
// reacting to its own output could otherwise keep one drain going for ever.
const MAX_CASCADES = 5;
// A projector that keeps failing on one event is given up after this many passes, so one bad
// event cannot hold back every event behind it.
const MAX_PROJECTION_ATTEMPTS = 5;
// Under a steady stream of commits, drains start at most this often: each pass costs the same
// handful of statements whatever its batch, so a booking's share of them shrinks as batches
// grow, for at most this much delay on a notification (an idle relay still starts at once).
// 50 ms until 2026-11-26: 20 took a notification's delivery after its request's answer from a
// median of 15–18 ms to 3–4 under a burst, with no booking throughput lost measurably (bench/README.md).
const MIN_DRAIN_INTERVAL_MS = 20;

export class OutboxRelay implements Outbox, Projections {
  private pending: Promise<number> | null = null;
  private again = false;
  // Per topic, the projectors to run, in registration order; a per-event projector is kept as a
  // batch projector that calls it for each event.
  private readonly projectors = new Map<string, BatchProjector[]>();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly log?: RelayLog,
  ) {}

  /** Runs `projector` for every event of `topic` before it is published. */
  addProjector(topic: string, projector: Projector): this {
    return this.addBatchProjector([topic], async ({ tx, events, now }) => {
      let written = 0;
      for (const event of events) written += await projector({ tx, event, now });
      return written;
    });
  }

  /** Runs `projector` once per pass with the pass's events of these topics (in order) before they are published. */
  addBatchProjector(topics: readonly string[], projector: BatchProjector): this {
    for (const topic of new Set(topics)) this.projectors.set(topic, [...(this.projectors.get(topic) ?? []), projector]);
    return this;
  }

  /** Publishes everything unpublished, batch by batch; returns how many were sent. */
  async drain(): Promise<number> {
    let total = 0;
    let cascades = 0;
    let eventByEvent = false;
    for (;;) {
      let pass: { sent: number; written: number; blocked: boolean; busDown: boolean };
      try {
        pass = await this.pass(eventByEvent);
      } catch (err) {
        if (!(err instanceof BatchProjectionFailed)) throw err;
        eventByEvent = true;
        continue;
      }
      eventByEvent = false;
      const { sent, written, blocked, busDown } = pass;
      total += sent;
      // A failed projection, or a bus that refused, waits for the next run of the job rather than
      // being retried at once.
      if (blocked || busDown) return total;
      if (sent === BATCH) continue;
      // What the projectors wrote is published by another pass; when a kick already asked for
      // another drain, that drain publishes it together with the events committed since.
      if (written > 0 && !this.again && cascades++ < MAX_CASCADES) continue;
      return total;
    }
  }

  /** One batch in one transaction: project (all at once, or event by event), publish in order, mark. */
  private pass(eventByEvent: boolean) {
    return this.db.transaction(async (tx) => {
      const repo = platformRepository(tx);
      const rows = await repo.lockUnpublished(BATCH);
      const now = this.clock.now();
      const events = rows.map(
        (row): PublishedEvent => ({
          eventId: row.id,
          topic: row.topic,
          occurredAt: row.createdAt.toISOString(),
          data: row.payload,
        }),
      );
      const sent: number[] = [];
      let written = 0;
      let blocked = false;
      let busDown = false;
      if (!eventByEvent) written = await this.projectAll(tx, events, now);
      for (let i = 0; i < events.length; i++) {
        const event = events[i]!;
        if (eventByEvent) {
          const projected = await this.projectOne(tx, event, now, rows[i]!.attempts);
          if (projected === null) {
            blocked = true;
            break;
          }
          written += projected;
        }
        // Once the bus refused, the rest of the batch is only projected: its rows (a user's
        // notifications) commit now and REST shows them while the bus is away; the events stay
        // unpublished, in order, and the next pass publishes them (projection is idempotent).
        if (busDown) continue;
        try {
          await this.bus.publish(event.topic, event);
          sent.push(event.eventId);
        } catch {
          busDown = true;
        }
      }
      await repo.markPublished(sent, now);
      return { sent: sent.length, written, blocked, busDown };
    });
  }

  /** Every projector once, with the batch's events of its topics; throws BatchProjectionFailed on any failure. */
  private async projectAll(tx: Tx, events: PublishedEvent[], now: Date): Promise<number> {
    const byProjector = new Map<BatchProjector, PublishedEvent[]>();
    for (const event of events) {
      for (const p of this.projectors.get(event.topic) ?? []) {
        const list = byProjector.get(p);
        if (list) list.push(event);
        else byProjector.set(p, [event]);
      }
    }
    let written = 0;
    try {
      for (const [p, list] of byProjector) written += await p({ tx, events: list, now });
    } catch (err) {
      throw new BatchProjectionFailed('batch projection failed', { cause: err });
    }
    return written;
  }

  /**
   * Runs the topic's projectors for one event in a savepoint, so a failing one undoes only its
   * own writes. Returns the events written, or null to stop the pass at this event (retried next pass).
   */
  private async projectOne(tx: Tx, event: PublishedEvent, now: Date, attempts: number): Promise<number | null> {
    const projectors = this.projectors.get(event.topic);
    if (!projectors?.length) return 0;
    try {
      return await tx.transaction(async (sp) => {
        let written = 0;
        for (const p of projectors) written += await p({ tx: sp, events: [event], now });
        return written;
      });
    } catch (err) {
      // Not the projection's fault: the pass fails and is run again at once by the database's
      // transaction(), the statement prepared afresh (db/stale-plan-retry.ts), no attempt spent.
      if (isStalePlan(err)) throw err;
      if (attempts + 1 >= MAX_PROJECTION_ATTEMPTS) {
        this.log?.error(
          { err, eventId: event.eventId, topic: event.topic },
          'projection failed repeatedly; publishing the event without it',
        );
        return 0;
      }
      this.log?.warn(
        { err, eventId: event.eventId, topic: event.topic },
        'projection failed; the event waits for the next pass',
      );
      await platformRepository(tx).bumpAttempts([event.eventId]);
      return null;
    }
  }

  /** Resolves once no drain is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending) await this.pending.catch(() => 0);
  }

  /**
   * Asks for a drain soon (after a commit that wrote events); concurrent kicks coalesce. A kick
   * while the relay is idle drains at once; kicks that arrive during a drain are served by one
   * more drain, started no sooner than MIN_DRAIN_INTERVAL_MS after the previous one began, so a
   * steady stream of commits is published in batches rather than one pass per commit.
   */
  kick(): Promise<number> {
    if (this.pending) {
      this.again = true;
      return this.pending;
    }
    return this.start(0);
  }

  private start(delayMs: number): Promise<number> {
    const startedAt = Date.now() + delayMs;
    const run = delayMs > 0 ? sleep(delayMs).then(() => this.drain()) : this.drain();
    this.pending = run.finally(() => {
      this.pending = null;
      if (this.again) {
        this.again = false;
        const wait = Math.max(0, MIN_DRAIN_INTERVAL_MS - (Date.now() - startedAt));
        this.start(wait).catch((err) =>
          this.log?.warn({ err }, 'outbox drain failed; the relay job will publish later'),
        );
      }
    });
    return this.pending;
  }
}
