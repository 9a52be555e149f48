// Opens the one PostgreSQL dialect the service speaks: embedded PGlite (default) or a server.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { releaseClientsOnFailure } from './pg-transactions.ts';
import { retryStalePlans } from './stale-plan-retry.ts';
import { prepareStatements } from './pglite-statements.ts';
import { lockDataDir } from './data-dir-lock.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; throws when the database cannot be reached. */
  ping(): Promise<void>;
  /** The connections now (GET /metrics). */
  stats(): PoolStats;
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
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    // A request waits at most 5 s for a connection: while the database is down it gets a 503
    // quickly instead of queueing until the client gives up.
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5000 });
    // A client that errors (server restart), idle or checked out, must not crash the process:
    // the query in flight fails on its own and the pool drops the broken client.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    releaseClientsOnFailure(db, pool);
    retryStalePlans(db);
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('SELECT 1');
      },
      stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
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
  retryStalePlans(db);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('SELECT 1');
    },
    stats: () => ({ total: 1, idle: use.busy === 0 ? 1 : 0, waiting: Math.max(0, use.busy - 1) }),
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
async function appliedCount(query: (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>): Promise<number> {
  const { rows } = await query(`SELECT to_regclass('${APPLIED_TABLE}') IS NOT NULL AS present`);
  if (!rows[0]?.present) return 0;
  return Number((await query(`SELECT count(*)::int AS n FROM ${APPLIED_TABLE}`)).rows[0]!.n);
}

/** Applies the generated SQL migrations; safe to call from several instances at once. */
export async function runMigrations(database: Database, url?: string): Promise<MigrationOutcome> {
  if (database.kind === 'pglite') {
    const query = (text: string) => database.db.execute(sql.raw(text)) as unknown as Promise<{ rows: Array<Record<string, unknown>> }>;
    const before = await appliedCount(query);
    await migratePglite(database.db as never, { migrationsFolder });
    return { applied: (await appliedCount(query)) - before, waitedMs: 0 };
  }
  // The advisory lock is per connection, so take it on a dedicated client and migrate there. An
  // instance that finds it taken waits for the one migrating, then finds nothing left to apply.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let waitedMs = 0;
    const { rows } = await client.query('SELECT pg_try_advisory_lock($1) AS got', [MIGRATION_LOCK_ID]);
    if (!rows[0].got) {
      const since = Date.now();
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      waitedMs = Date.now() - since;
    }
    const query = (text: string) => client.query(text);
    const before = await appliedCount(query);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
    return { applied: (await appliedCount(query)) - before, waitedMs };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
