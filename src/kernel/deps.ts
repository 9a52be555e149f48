// What every use case receives: configuration, infrastructure and the ports to outside systems,
// plus the shared services of kernel/services.ts. A type only (the wiring in container.ts builds
// it), and the one kernel file that names types from above the kernel: the configuration, the
// database handle and the ports, all type-only imports with no code behind them here.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/connection.ts';
import type { AnswerEngine } from '../ports/answer-engine.ts';
import type { ChannelManager } from '../ports/channel-manager.ts';
import type { Clock } from '../ports/clock.ts';
import type { EventBus } from '../ports/event-bus.ts';
import type { FileStorage } from '../ports/file-storage.ts';
import type { CalendarFetcher } from '../ports/calendar-fetcher.ts';
import type { FacebookVerifier, GoogleVerifier } from '../ports/identity-providers.ts';
import type { Mailer } from '../ports/mailer.ts';
import type { PaymentProcessor } from '../ports/payment-processor.ts';
import type { Presence } from '../ports/presence.ts';
import type { RateLimits } from '../ports/rate-limits.ts';
import type { WebhookSender } from '../ports/webhook-sender.ts';
import type { WorkerPool } from '../ports/worker-pool.ts';
import type { ListingChanges, Metrics, ModuleServices, OneTimeSecrets, Outbox, Sessions, Tokens } from './services.ts';

export interface Deps {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  clock: Clock;
  bus: EventBus;
  mailer: Mailer;
  storage: FileStorage;
  redis: Redis | null;
  tokens: Tokens;
  sessions: Sessions;
  secrets: OneTimeSecrets;
  /** Counters for rate limits (memory, or Redis shared by all instances). */
  rateLimits: RateLimits;
  /** Publishes committed outbox events; use cases kick it after a commit that wrote events. */
  outbox: Outbox;
  /** Listing change events: what changes a listing announces it, caches listen. */
  listings: ListingChanges;
  /** Long-lived objects the modules keep for themselves (their caches). */
  services: ModuleServices;
  google: GoogleVerifier;
  facebook: FacebookVerifier;
  /** The payment processor (PAYMENT_PROCESSOR: the built-in local checkout, or Stripe). */
  payments: PaymentProcessor;
  /** Who has a live real-time connection (is_online in conversation summaries). */
  presence: Presence;
  /** The chatbot's answers (keyword matching by default; a language model can be plugged here). */
  answerEngine: AnswerEngine;
  /** The external channel manager (CHANNEL_MANAGER=channex), or null when none is linked. */
  channel: ChannelManager | null;
  /** Fetches outside iCal feeds, refusing private and loopback addresses. */
  calendars: CalendarFetcher;
  /** Posts outgoing webhooks, refusing private and loopback addresses. */
  webhooks: WebhookSender;
  /** Worker threads for parsing outside input under a time and memory limit (WORKER_THREADS). */
  workers: WorkerPool;
  /** Names this process in job leases. */
  instanceId: string;
  /** Figures for GET /metrics; does nothing when metrics are not served. */
  metrics: Metrics;
  /** Where public reads run: the replica or the primary (platform/read-routing.ts `readDeps`). */
  reads: ReadRoutes;
  /**
   * Set on the deps of a read served by the replica: the listing-change stamp its data is current
   * at. A cache filled by the read takes it instead of a fresh stamp (ReadRoutes.choose).
   */
  readAt?: number;
}

/** What a public read is about: who reads (null: anonymous) and, when it is one listing, which. */
export interface ReadScope {
  callerId?: number | null;
  listingId?: number;
}

/** A public read's server: its database handle and the stamp (see ReadRoutes.choose). */
export interface ReadChoice {
  server: 'primary' | 'replica';
  db: Db;
  stamp: number | null;
}

/**
 * Where public reads run (contract §13): a streaming replica (DATABASE_READ_URL) while it is
 * reachable, within REPLICA_MAX_LAG_MS, and has what the read must see; the primary otherwise.
 * Writes and transactions always run on the primary (`Deps.db`).
 */
export interface ReadRoutes {
  /**
   * The server a public read runs on, and the listing-change stamp what it reads is current at
   * (null on the primary: take a fresh one). A cache keeps what it read only if no change of
   * the listing came after that stamp, so an event that arrives before the replica has the
   * change cannot leave a stale entry.
   */
  choose(scope: ReadScope): ReadChoice;
  /** The caller changed something (after its commit): their reads go to the primary for READ_YOUR_WRITES_MS. */
  wrote(callerId: number): void;
}
