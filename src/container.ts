// Wiring: configuration → database, adapters, services. Tests pass overrides for the parts
// they control (clock, a database copy, the social verifiers' base URLs through config).
import { randomUUID, createHash } from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Redis } from 'ioredis';
import { ConfigError, type Config } from './config.ts';
import { databaseOptions, openDatabase, runMigrations, type Database, type MigrationOutcome } from './db/connection.ts';
import { systemClock, type Clock } from './ports/clock.ts';
import type { EventBus } from './ports/event-bus.ts';
import type { Mailer } from './ports/mailer.ts';
import type { FileStorage } from './ports/file-storage.ts';
import { confirmPayment } from './modules/payments/confirm-payment.ts';
import { LocalPaymentProcessor } from './adapters/local-payments/local-payment-processor.ts';
import { MemoryPresence } from './adapters/memory/memory-presence.ts';
import { ChannexChannelManager } from './adapters/channex/channex-channel-manager.ts';
import { registerChannelProjectors } from './modules/channel/channel-projectors.ts';
import { isoDecimals } from './kernel/money.ts';
import { KeywordAnswerEngine } from './adapters/keyword-answers/keyword-answer-engine.ts';
import { MemoryEventBus } from './adapters/memory/memory-event-bus.ts';
import { OutboxMailer } from './adapters/outbox-mailer/outbox-mailer.ts';
import { DiskFileStorage } from './adapters/disk/disk-file-storage.ts';
import { GoogleIdTokenVerifier } from './adapters/google/google-id-token-verifier.ts';
import { FacebookGraphVerifier } from './adapters/facebook/facebook-graph-verifier.ts';
import { platformRepository } from './platform/platform.repository.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { SessionService } from './modules/auth/session-service.ts';
import { SecretHasher } from './modules/auth/one-time-secrets.ts';
import { FlexibleRateLimits } from './adapters/rate-limits/flexible-rate-limits.ts';
import { SafeCalendarFetcher } from './adapters/ical-fetch/safe-calendar-fetcher.ts';
import { SafeWebhookSender } from './adapters/webhook-http/safe-webhook-sender.ts';
import { PiscinaWorkerPool } from './adapters/worker-threads/piscina-worker-pool.ts';
import { ListingChangeFeed } from './platform/listing-changes.ts';
import { ReadRouter } from './platform/read-routing.ts';
import { ModuleServiceRegistry } from './platform/module-services.ts';
import type { Deps } from './kernel/deps.ts';
import { createLogger } from './platform/logger.ts';
import { noMetrics, PrometheusMetrics } from './platform/metrics.ts';
import type { JwtSecretOrigin } from './platform/instance-summary.ts';
import { storedJwtSecret } from './platform/jwt-secret-file.ts';
import { unreachableAtStart } from './db/unavailable.ts';
import { OutboxRelay } from './jobs/outbox-relay.ts';
import { registerNotificationProjectors } from './modules/notifications/project-notifications.ts';
import { registerEmailProjectors } from './modules/emails/index.ts';
import { registerWebhookProjectors } from './modules/webhooks/index.ts';
import { seedReferenceData } from './modules/catalog/seed-reference-data.ts';

export interface ContainerOverrides {
  clock?: Clock;
  database?: Database;
  log?: Logger;
  mailer?: Mailer;
  bus?: EventBus;
  /**
   * The configured database, already being opened (server.ts starts it before loading the rest of
   * the service); it is migrated here like one opened here.
   */
  opening?: Promise<Database>;
  /** Told as each step of the start ends (database opened, migrated, reference data), to time them. */
  onStep?: (step: string) => void;
}

// Where each configuration's signing key came from, for the start-up line (server.ts).
const jwtOrigins = new WeakMap<Config, JwtSecretOrigin>();

/** Whether the JWT signing key was configured, read from DATA_DIR or generated at this start. */
export const jwtSecretOrigin = (config: Config): JwtSecretOrigin => jwtOrigins.get(config) ?? 'configured';

async function jwtSecret(config: Config): Promise<Uint8Array> {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const { secret, made } = await storedJwtSecret(config.DATA_DIR);
  jwtOrigins.set(config, made ? 'generated' : 'file');
  return new TextEncoder().encode(secret);
}

export async function createContainer(config: Config, overrides: ContainerOverrides = {}): Promise<Deps> {
  const log = overrides.log ?? createLogger(config.LOG_LEVEL);
  const clock = overrides.clock ?? systemClock;
  const storage = await openStorage(config);
  const database = overrides.database ?? (await (overrides.opening ?? openDatabase(databaseOptions(config))));
  overrides.onStep?.('database');
  if (!overrides.database) {
    const { applied, waitedMs } = await reachAndMigrate(database, config.DATABASE_URL);
    // Several instances starting on one database: the one that migrated says so, the others that
    // they waited for it (the migration lock in db/connection.ts).
    if (applied > 0) log.info({ migrations: applied, waitedMs }, `database migrations: applied ${applied}`);
    else if (waitedMs > 0)
      log.info(
        { waitedMs },
        `database migrations: waited ${waitedMs} ms for another instance to migrate; nothing left to apply`,
      );
  }
  overrides.onStep?.('migrations');
  const db = database.db;
  await seedReferenceData(db);
  overrides.onStep?.('referenceData');
  // A replica statement that ran on the primary is logged and counted once the router exists.
  const fallbacks = { note: (_err: unknown) => {} };
  const replica = config.DATABASE_READ_URL
    ? await openDatabase({
        url: config.DATABASE_READ_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        pooler: config.DATABASE_POOLER,
        fallback: { database, onFallback: (err) => fallbacks.note(err) },
      })
    : null;
  const busError = (err: unknown) => log.error({ err }, 'event bus handler failed');
  // Vendor SDKs (ioredis, nodemailer, Stripe's, S3's) are loaded only when configured: together
  // they were a third of the service's module loading, 0.5 s of every start.
  const redisAdapters = config.REDIS_URL ? await import('./adapters/redis/index.ts') : null;
  const bus =
    overrides.bus ??
    (config.REDIS_URL && redisAdapters
      ? new redisAdapters.RedisEventBus(config.REDIS_URL, `${config.redisPrefix}:events`, busError)
      : new MemoryEventBus(busError));
  // Rate limits and presence must not wait for a Redis that is away: a command fails at once
  // (the callers fall back: rate limits to memory or none, presence to this instance) and the
  // client keeps reconnecting in the background.
  const redis = config.REDIS_URL && redisAdapters ? redisAdapters.openRedis(config.REDIS_URL) : null;
  redis?.on('error', (err) => log.warn({ err }, 'redis connection error'));
  // Start with Redis connected when it is there (commands fail rather than queue), but never
  // refuse to start without it: the service runs degraded until it returns.
  await whenConnected(redis, bus, log, config.REDIS_URL);
  const instanceId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const mailer =
    overrides.mailer ??
    (config.SMTP_URL
      ? new (await import('./adapters/smtp/smtp-mailer.ts')).SmtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : new OutboxMailer(
          (m) => platformRepository(db).recordMail(m, 'outbox'),
          (m) => log.info({ mail: { to: m.to, subject: m.subject, text: m.text } }, `mail to ${m.to}: ${m.subject}`),
        ));
  const secret = await jwtSecret(config);
  if (!config.JWT_SECRET && config.DATABASE_URL) {
    log.warn('JWT_SECRET is not set: instances sharing this database must share one secret; set JWT_SECRET');
  }
  // JWT_SECRETS rotates the access-token keys only. The keys derived below stay on JWT_SECRET (or
  // the DATA_DIR one): stored code hashes and outstanding checkout forms outlive a token's 15
  // minutes, so they must not change when a token key is added or dropped.
  const signingKeys = config.jwtSecrets.length ? config.jwtSecrets.map((k) => new TextEncoder().encode(k)) : [secret];
  const tokens = new TokenService(signingKeys, config.accessTokenTtlSeconds);
  // Codes are hashed with a key derived from JWT_SECRET, separate from it.
  const secrets = new SecretHasher(createHash('sha256').update('one-time-secrets:').update(secret).digest());
  const relay = registerWebhookProjectors(
    registerEmailProjectors(registerNotificationProjectors(new OutboxRelay(db, bus, clock, log))),
  );
  const listings = new ListingChangeFeed(bus);
  const services = new ModuleServiceRegistry();
  // Measured only where someone can read it (contract §10: a token or a port of its own).
  const metrics = config.METRICS_TOKEN || config.METRICS_PORT !== undefined ? new PrometheusMetrics(log) : noMetrics;
  const reads = new ReadRouter({
    primary: database,
    replica,
    listings,
    bus,
    metrics,
    maxLagMs: config.REPLICA_MAX_LAG_MS,
    readYourWritesMs: config.READ_YOUR_WRITES_MS,
    origin: instanceId,
  });
  fallbacks.note = (err) => {
    log.warn({ err }, 'a replica read could not be answered there; ran it on the primary');
    reads.onFallback();
  };
  const stripe =
    config.PAYMENT_PROCESSOR === 'stripe' ? await import('./adapters/stripe/stripe-payment-processor.ts') : null;
  const deps: Deps = {
    config,
    log,
    database,
    db,
    clock,
    bus,
    mailer,
    storage,
    redis,
    tokens,
    sessions: new SessionService(db, clock, bus, tokens, config.sessionTtlSeconds),
    secrets,
    rateLimits: new FlexibleRateLimits(redis, `${config.redisPrefix}:`),
    outbox: relay,
    listings,
    services,
    google: new GoogleIdTokenVerifier(config.GOOGLE_JWKS_URL, config.GOOGLE_CLIENT_ID, () => clock.now()),
    facebook: new FacebookGraphVerifier(config.FACEBOOK_GRAPH_URL, config.FACEBOOK_APP_ID, config.FACEBOOK_APP_SECRET),
    payments: stripe
      ? stripe.createStripeProcessor(config, clock)
      : // The local processor's signing keys derive from the JWT secret, so every instance agrees.
        new LocalPaymentProcessor(db, clock, config.PUBLIC_BASE_URL, {
          secret: createHash('sha256').update('local-payments:').update(secret).digest(),
        }),
    presence:
      redis && redisAdapters
        ? new redisAdapters.RedisPresence(redis, instanceId, {
            prefix: `${config.redisPrefix}:presence`,
            onError: (err) => log.warn({ err }, 'presence heartbeat failed'),
          })
        : new MemoryPresence(),
    answerEngine: new KeywordAnswerEngine(),
    channel:
      config.CHANNEL_MANAGER === 'channex'
        ? new ChannexChannelManager(config.CHANNEX_API_BASE!, config.CHANNEX_API_KEY!, { decimalsOf: isoDecimals })
        : null,
    calendars: new SafeCalendarFetcher({
      allowPrivate: config.ICAL_ALLOW_PRIVATE,
      maxBytes: config.ICAL_MAX_BYTES,
      timeoutMs: config.ICAL_TIMEOUT_MS,
    }),
    webhooks: new SafeWebhookSender({
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
      httpsOnly: config.NODE_ENV === 'production',
      timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
    }),
    // 256 MB of heap reads a 2 MB calendar several times over; 32 waiting: an import beyond them is a 503.
    workers: new PiscinaWorkerPool({ threads: config.WORKER_THREADS, maxHeapMb: 256, maxQueue: 32 }),
    instanceId,
    metrics,
    reads,
  };
  // A payment taken on the built-in checkout page confirms at once, through the one path
  // verify and webhooks use (the guest may never come back to the success URL).
  if (deps.channel) registerChannelProjectors(relay);
  if (deps.payments instanceof LocalPaymentProcessor)
    deps.payments.setOnCompleted(async (session) => void (await confirmPayment(deps, session)));
  owned.set(deps, { listings, services, storage, reads, replica });
  return deps;
}

// What the container made and must close, beyond what Deps exposes to the modules.
const owned = new WeakMap<
  Deps,
  {
    listings: ListingChangeFeed;
    services: ModuleServiceRegistry;
    storage: FileStorage;
    reads: ReadRouter;
    replica: Database | null;
  }
>();

/** Releases everything the container opened, in reverse order. */
export async function closeContainer(deps: Deps, opts: { keepDatabase?: boolean } = {}): Promise<void> {
  // A drain kicked by the last request still uses the database and the bus.
  await deps.outbox.idle();
  deps.sessions.close();
  const own = owned.get(deps);
  own?.services.closeAll();
  own?.listings.close();
  await deps.presence.close().catch(() => {});
  await deps.mailer.close().catch(() => {});
  await deps.bus.close().catch(() => {});
  await deps.workers.close().catch(() => {});
  (own?.storage as { close?: () => void } | undefined)?.close?.();
  deps.redis?.disconnect();
  own?.reads.close();
  await own?.replica?.close().catch(() => {});
  if (!opts.keepDatabase) await deps.database.close().catch(() => {});
}

// Disk under DATA_DIR by default; STORAGE=s3 keeps every file in the bucket, looked at now so a
// wrong bucket, endpoint or key stops the start rather than failing every upload later.
async function openStorage(config: Config): Promise<FileStorage> {
  if (config.STORAGE !== 's3') return new DiskFileStorage(path.join(config.DATA_DIR, 'files'));
  const { S3FileStorage, s3StorageOptions } = await import('./adapters/s3/s3-file-storage.ts');
  const s3 = new S3FileStorage(s3StorageOptions(config));
  const problem = await s3.problem();
  if (problem) {
    s3.close();
    throw new ConfigError(`Invalid configuration:\n  ${problem}`);
  }
  return s3;
}

const REDIS_START_WAIT_MS = 5000;

// A PostgreSQL server that cannot be reached at start is a setting to fix (exit 78 naming
// DATABASE_URL and the server), not a stack trace; migrations that fail stay one.
async function reachAndMigrate(database: Database, url: string | undefined): Promise<MigrationOutcome> {
  try {
    await database.ping();
    return await runMigrations(database, url);
  } catch (err) {
    const unreachable = url ? unreachableAtStart(err, url) : null;
    if (!unreachable) throw err;
    await database.close().catch(() => {});
    throw new ConfigError(`Cannot start:\n  ${unreachable}`);
  }
}

async function whenConnected(redis: Redis | null, bus: EventBus, log: Logger, url?: string): Promise<void> {
  const waits: Array<Promise<unknown>> = [];
  if (redis && redis.status !== 'ready') waits.push(new Promise((resolve) => redis.once('ready', resolve)));
  const busReady = (bus as { whenReady?: () => Promise<unknown> }).whenReady;
  if (busReady) waits.push(busReady.call(bus));
  if (!waits.length) return;
  let lastError = '';
  const noteError = (err: NodeJS.ErrnoException) => void (lastError = err.code ?? err.message);
  redis?.on('error', noteError);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), REDIS_START_WAIT_MS)));
  const late = await Promise.race([Promise.all(waits).then(() => false), timedOut]);
  clearTimeout(timer);
  redis?.off('error', noteError);
  if (!late) return;
  const u = url ? new URL(url) : null;
  const where = u ? `${u.hostname}:${u.port || 6379}` : 'the event bus';
  log.warn(
    { redis: where, error: lastError || undefined },
    `REDIS_URL: Redis at ${where} not reachable within ${REDIS_START_WAIT_MS} ms${lastError ? ` (${lastError})` : ''}; starting without it (rate limits per instance, real-time events wait)`,
  );
}
