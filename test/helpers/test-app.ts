// Builds the real app on a fresh database for one test file. Nothing is mocked: the mailer is
// the default outbox adapter (tests read the mails it kept), the clock is a manual one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { closeContainer, createContainer } from '../../src/container.ts';
import type { Deps } from '../../src/kernel/deps.ts';
import { buildApp, type App } from '../../src/app.ts';
import { ManualClock } from '../../src/ports/clock.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { platformRepository } from '../../src/platform/platform.repository.ts';
import type { EventBus } from '../../src/ports/event-bus.ts';
import type { Logger } from 'pino';
import { createTestDatabase, recycleTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: App;
  deps: Deps;
  clock: ManualClock;
  database: TestDatabase;
  /** Mails kept by the outbox mailer, oldest first. */
  mails(to?: string): Promise<Array<{ to: string; subject: string; text: string }>>;
  /** The last 6-digit code mailed to the address. */
  lastCode(to: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Share a database with another test app (several instances on one PostgreSQL). */
  database?: TestDatabase;
  bus?: EventBus;
  /** Test-only routes, registered under /api with the app's own deps. */
  extraRoutes?: (app: App, deps: Deps) => Promise<void>;
  start?: Date;
  /** A logger of the test's own (e.g. writing to a stream the test reads). */
  log?: Logger;
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * 12:00 UTC today: a start for a test clock the test moves by hours, so that it does not cross
 * midnight and the days the test counts from it stay put.
 */
export const middayToday = (): Date => new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stays-test-'));
  const ownDatabase = !opts.database;
  const database = opts.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    JOBS_ENABLED: 'false',
    PUBLIC_BASE_URL: 'http://app.test',
    // Several apps share a test process's event loop, and one app's start-up (a PGlite load) would
    // read as another's lag: load shedding is tested on its own (src/platform/load-shedding.test.ts).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...opts.env,
  });
  const clock = new ManualClock(opts.start ?? new Date());
  const deps = await createContainer(config, {
    clock,
    database,
    log: opts.log ?? createLogger(config.LOG_LEVEL),
    bus: opts.bus,
  });
  const app = await buildApp(deps, { extraRoutes: opts.extraRoutes });
  await app.ready();
  const mails = async (to?: string) =>
    (await platformRepository(deps.db).listMail(to)).map((m) => ({ to: m.to, subject: m.subject, text: m.text }));
  return {
    app,
    deps,
    clock,
    database,
    mails,
    async lastCode(to: string) {
      const all = await mails(to);
      const m = /\b(\d{6})\b/.exec(all.at(-1)?.text ?? '');
      if (!m) throw new Error(`no code mailed to ${to}`);
      return m[1]!;
    },
    async close() {
      await app.close();
      await closeContainer(deps, { keepDatabase: true });
      if (ownDatabase) await recycleTestDatabase(database);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
