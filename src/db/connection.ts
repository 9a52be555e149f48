// Opens the one PostgreSQL dialect the service speaks: embedded PGlite (default) or a server.
import type { Config } from '../config.ts';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { releaseClientsOnFailure } from './pg-transactions.ts';
import { retryStalePlans } from './stale-plan-retry.ts';
import { keepPrepared } from './raw-query.ts';
import { prepareStatements } from './pglite-statements.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

import type { Db } from './executor.ts';

export type { Db, Executor, Schema, Tx } from './executor.ts';
import { queryRows } from './query-rows.ts';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; throws when the database cannot be reached. */
  ping(): Promise<void>;
  /** The connections now (GET /metrics). */
  stats(): PoolStats;
  /**
   * This server's WAL position as pg_lsn text: `current` (a primary's, pg_current_wal_lsn) or
   * `replayed` (a replica's, pg_last_wal_replay_lsn; null when not a replica). Asked of this
   * server itself, never of a fallback. PostgreSQL server only.
   */
  walPosition(which: 'current' | 'replayed'): Promise<string | null>;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open (PGlite: its one). */
  total: number;
  /** Open and unused. */
  idle: number;
  /** Statements or transactions waiting for a connection. */
  waiting: number;
}

export interface OpenOptions {
  /** PostgreSQL server URL; without it PGlite is used. */
  url?: string;
  /**
   * PGlite data directory (`DATA_DIR/pgdata`); `memory://` or undefined keeps it in memory. Its
   * parent, DATA_DIR, is locked while it is open (data-dir-lock.ts): a second process is refused.
   */
  dataDir?: string;
  /** A PGlite data directory dump to start from (tests use a migrated template). */
  loadDataDir?: Blob;
  poolSize?: number;
  /** DATABASE_POOLER: behind a transaction pooler no statement stays prepared (raw-query.ts). */
  pooler?: Config['DATABASE_POOLER'];
  /**
   * For a read replica (DATABASE_READ_URL): the primary. A statement the replica cannot answer now
   * (unreachable, shutting down, cancelled by a conflict with replay) runs there instead, so a
   * replica going away between two lag checks fails no read; transactions always run there.
   */
  fallback?: { database: Database; onFallback?: (err: unknown) => void };
}

// The pools behind server databases (by their Db, which copies of a Database share), for a
// replica's fallback to reach its primary's.
const pools = new WeakMap<Db, pg.Pool>();

// Recovery conflicts (40001 on a standby), a database dropped under the standby (57P04), and
// whatever says the server cannot be reached: a read-only statement simply runs on the primary.
const REPLICA_RETRY_CODES = new Set(['40001', '57P04']);
const replicaCannotAnswer = (err: unknown) =>
  isDatabaseUnavailable(err) || REPLICA_RETRY_CODES.has(String((err as { code?: unknown })?.code));

function fallBackTo(pool: pg.Pool, fallback: NonNullable<OpenOptions['fallback']>): void {
  const primary = pools.get(fallback.database.db);
  if (!primary) throw new Error('openDatabase: a fallback must be a PostgreSQL server database');
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const onPrimary = primary.query.bind(primary) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args);
    return query(...args).catch((err: unknown) => {
      if (!replicaCannotAnswer(err)) throw err;
      fallback.onFallback?.(err);
      return onPrimary(...args);
    });
  }) as typeof pool.query;
}

/** Where the configuration puts the database (PGlite in DATA_DIR/pgdata without DATABASE_URL). */
export const databaseOptions = (
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE' | 'DATABASE_POOLER'>,
): OpenOptions => ({
  url: config.DATABASE_URL,
  dataDir: path.join(config.DATA_DIR, 'pgdata'),
  poolSize: config.DATABASE_POOL_SIZE,
  pooler: config.DATABASE_POOLER,
});

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    // A request waits at most 5 s for a connection: while the database is down it gets a 503
    // quickly instead of queueing until the client gives up.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      // A replica that does not answer is passed over for the primary after 1 s.
      connectionTimeoutMillis: opts.fallback ? 1000 : 5000,
    });
    // A client that errors (server restart), idle or checked out, must not crash the process:
    // the query in flight fails on its own and the pool drops the broken client.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    releaseClientsOnFailure(db, pool);
    if (opts.pooler !== 'transaction') {
      keepPrepared(pool);
      retryStalePlans(db);
    }
    if (opts.fallback) {
      fallBackTo(pool, opts.fallback);
      db.transaction = opts.fallback.database.db.transaction.bind(opts.fallback.database.db) as Db['transaction'];
    }
    const database: Database = {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('SELECT 1');
      },
      stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      walPosition: async (which) => {
        // A client of its own: the pool's query may be wrapped to fall back to the primary.
        const fn = which === 'current' ? 'pg_current_wal_lsn()' : 'pg_last_wal_replay_lsn()';
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          const { rows } = await client.query<{ lsn: string | null }>(`SELECT ${fn}::text AS lsn`);
          return rows[0]?.lsn ?? null;
        } catch (err) {
          broken = err as Error;
          throw err;
        } finally {
          client.release(broken);
        }
      },
      close: () => pool.end(),
    };
    pools.set(db, pool);
    return database;
  }
  const dataDir = opts.dataDir && opts.dataDir !== 'memory://' ? opts.dataDir : undefined;
  const lock = dataDir ? lockDataDir(path.dirname(dataDir)) : null;
  let client: PGlite;
  try {
    if (dataDir) await mkdir(dataDir, { recursive: true });
    client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir });
  } catch (err) {
    lock?.release();
    throw err;
  }
  prepareStatements(client);
  const use = countUse(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  // PGlite keeps every statement prepared (pglite-statements.ts); a plan gone stale is retried.
  retryStalePlans(db);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('SELECT 1');
    },
    stats: () => ({ total: 1, idle: use.busy === 0 ? 1 : 0, waiting: Math.max(0, use.busy - 1) }),
    walPosition: async () => {
      throw new Error('walPosition: PostgreSQL server only');
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

// PGlite is one connection: a statement or a transaction holds it and the others wait their turn,
// so the statements and transactions under way, less the one running, are those waiting.
function countUse(client: PGlite): { readonly busy: number } {
  const use = { busy: 0 };
  const done = () => void use.busy--;
  const counted = <F extends (...args: never[]) => Promise<unknown>>(fn: F): F =>
    ((...args: Parameters<F>) => {
      use.busy++;
      const p = fn(...args);
      p.then(done, done);
      return p;
    }) as F;
  client.query = counted(client.query.bind(client));
  client.transaction = counted(client.transaction.bind(client));
  return use;
}

// Arbitrary but fixed: serialises migrations when several instances start at once.
export const MIGRATION_LOCK_ID = 4_207_115_883;

export interface MigrationOutcome {
  /** Migrations this call applied; 0 when the database was up to date (maybe migrated meanwhile by another instance). */
  applied: number;
  /** How long another instance's migration kept this one waiting for the lock (0: the lock was free). */
  waitedMs: number;
}

const APPLIED_TABLE = 'drizzle.__drizzle_migrations';

// Counts the migrations the database records, before and after, so the start-up log can tell the
// instance that migrated from the ones that found the work done.
async function appliedCount(
  query: (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>,
): Promise<number> {
  const { rows } = await query(`SELECT to_regclass('${APPLIED_TABLE}') IS NOT NULL AS present`);
  if (!rows[0]?.present) return 0;
  return Number((await query(`SELECT count(*)::int AS n FROM ${APPLIED_TABLE}`)).rows[0]!.n);
}

/** Applies the generated SQL migrations; safe to call from several instances at once. */
export async function runMigrations(database: Database, url?: string): Promise<MigrationOutcome> {
  if (database.kind === 'pglite') {
    const query = (text: string) => queryRows<Record<string, unknown>>(database.db, sql.raw(text));
    const before = await appliedCount(query);
    await migratePglite(database.db as never, { migrationsFolder });
    return { applied: (await appliedCount(query)) - before, waitedMs: 0 };
  }
  // One transaction holds the lock and applies the migrations, as drizzle's migrator applies them
  // (its bookkeeping table, its order by folder time). The lock is transaction-scoped so that it
  // holds behind PgBouncer's transaction pooling too, where a session lock could be taken on one
  // server connection and released on another (contract §13). An instance that finds it taken
  // waits for the one migrating, then finds nothing left to apply.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    let waitedMs = 0;
    const { rows } = await client.query('SELECT pg_try_advisory_xact_lock($1) AS got', [MIGRATION_LOCK_ID]);
    if (!rows[0].got) {
      const since = Date.now();
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      waitedMs = Date.now() - since;
    }
    const query = (text: string) => client.query(text);
    const before = await appliedCount(query);
    await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${APPLIED_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    );
    const last = await client.query<{ created_at: string }>(
      `SELECT created_at FROM ${APPLIED_TABLE} ORDER BY created_at DESC LIMIT 1`,
    );
    const lastMillis = last.rows[0] ? Number(last.rows[0].created_at) : -1;
    for (const migration of readMigrationFiles({ migrationsFolder })) {
      if (migration.folderMillis <= lastMillis) continue;
      for (const statement of migration.sql) await client.query(statement);
      await client.query(`INSERT INTO ${APPLIED_TABLE} (hash, created_at) VALUES ($1, $2)`, [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    const applied = (await appliedCount(query)) - before;
    await client.query('COMMIT');
    return { applied, waitedMs };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
