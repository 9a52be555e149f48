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
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { releaseClientsOnFailure } from './pg-transactions.ts';
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
  close(): Promise<void>;
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
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('SELECT 1');
      },
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
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('SELECT 1');
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

// Arbitrary but fixed: serialises migrations when several instances start at once.
const MIGRATION_LOCK_ID = 4_207_115_883;

/** Applies the generated SQL migrations; safe to call from several instances at once. */
export async function runMigrations(database: Database, url?: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // The advisory lock is per connection, so take it on a dedicated client and migrate there.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
