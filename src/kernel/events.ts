// Domain events as the outbox relay hands them on, and projectors: what a module registers to
// turn an event into durable rows in the relay's transaction. Modules write projectors against
// these shapes; the wiring registers them with the relay (jobs/outbox-relay.ts).
import type { Tx } from '../db/connection.ts';

export interface PublishedEvent<T = unknown> {
  eventId: number;
  topic: string;
  occurredAt: string;
  data: T;
}

export interface ProjectionContext {
  /** The relay's transaction: what the projector writes commits with the event's publication. */
  tx: Tx;
  event: PublishedEvent;
  now: Date;
}

/** Writes what an event implies; returns how many new outbox events it wrote (0 if none). */
export type Projector = (ctx: ProjectionContext) => Promise<number>;

export interface BatchProjectionContext {
  /** The relay's transaction: what the projector writes commits with the events' publication. */
  tx: Tx;
  /** The pass's events of the projector's topics, in outbox order (at least one). */
  events: PublishedEvent[];
  now: Date;
}

/** Writes what a batch of events implies, in as few statements as it can; returns the outbox events it wrote. */
export type BatchProjector = (ctx: BatchProjectionContext) => Promise<number>;

/** Where projectors are registered (the outbox relay). */
export interface Projections {
  /** Runs `projector` for every event of `topic` before it is published. */
  addProjector(topic: string, projector: Projector): this;
  /** Runs `projector` once per pass with all of the pass's events of `topics`. */
  addBatchProjector(topics: readonly string[], projector: BatchProjector): this;
}
