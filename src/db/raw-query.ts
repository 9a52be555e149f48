// Statements sent straight to the driver behind a Drizzle executor (the pool, a transaction's
// pooled client, PGlite or its transaction), for the few statements every booking sends: there,
// building the SQL through Drizzle cost more of the server's CPU than the statement itself
// (bench/README.md). Only repositories call it, with constant SQL text and $n parameters.
//
// A statement compiled with a name is prepared once per server connection (pg keeps it by name)
// where the connection may keep it: PgBouncer's transaction pooling (DATABASE_POOLER=transaction;
// 1.18 has no protocol-level prepared statements, contract §13) gets every statement unnamed.
// Prepared, a booking's transaction costs the database half: raw SQL 570 -> 980 bookings/s.
// A column changing type under a prepared statement (a rolling deploy's migration) fails it once:
// the names then move to a new generation, prepared afresh, and the transaction is run again
// (stale-plan-retry.ts). Behind a transaction pooler nobody declared, a statement is missing on
// (or already on) the server connection a transaction lands on: that connection stops naming, and
// the transaction is run again the same way.
//
// Rows come back as the driver parses them, without Drizzle's overrides: timestamps are Dates
// (as Drizzle's query builder returns them, where db.execute gives text); select dates as text
// (to_char) since the drivers would turn a DATE into a local-midnight Date.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { Param, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isLostStatement, isStalePlan } from './db-errors.ts';
import type { Executor } from './executor.ts';
import { statementNames } from './statement-names.ts';

export interface RawStatement {
  text: string;
  /** Prepared under this name where the connection may keep it (see above). */
  name?: string;
}

// Pools whose connections may keep prepared statements, and those connections.
const preparing = new WeakSet<object>();
let generation = 0;

/** Lets this pool's connections keep named statements prepared (not behind a transaction pooler). */
export function keepPrepared(pool: pg.Pool): void {
  preparing.add(pool);
  pool.on('connect', (client) => preparing.add(client));
}

type PgClient = pg.Pool | pg.PoolClient | pg.Client;
type PgliteClient = PGlite | Transaction;

/** The driver connection a Drizzle database or transaction runs its statements on. */
function clientOf(db: Executor): PgClient | PgliteClient {
  const client = (db as unknown as { session?: { client?: PgClient | PgliteClient } }).session?.client;
  if (!client) throw new Error('rawQuery: no driver client behind this executor');
  return client;
}

const isPg = (client: PgClient | PgliteClient): client is PgClient =>
  client instanceof pg.Pool || client instanceof pg.Client;

/** Runs one statement on the executor's connection (inside its transaction, if it is one); returns its rows. */
export async function rawQuery<T = Record<string, unknown>>(
  db: Executor,
  statement: RawStatement,
  values: unknown[],
): Promise<T[]> {
  const client = clientOf(db);
  if (!isPg(client)) return (await client.query<T>(statement.text, values)).rows;
  for (let attempt = 1; ; attempt++) {
    const name = statement.name && preparing.has(client) ? `${statement.name}_${generation}` : undefined;
    try {
      return (await client.query<T & pg.QueryResultRow>({ name, text: statement.text, values })).rows;
    } catch (err) {
      const stale = name !== undefined && isStalePlan(err);
      if (stale && name.endsWith(`_${generation}`)) generation++;
      // A transaction pooler left undeclared: this connection sends its statements unnamed from now on.
      const lost = name !== undefined && isLostStatement(err);
      if (lost) preparing.delete(client);
      // Outside a transaction (the pool's own statement) the failed one changed nothing: sent again
      // at once, prepared afresh or unnamed. In a transaction, the whole transaction runs again.
      if ((stale || lost) && client instanceof pg.Pool && attempt === 1) continue;
      throw err;
    }
  }
}

// Prepared, the searches' statements cost the database far less: unnamed, search-10k 601-619 and
// search-100k-facets 296-297 req/s; named, 950-981 and 414-435 (A/B on one VM, 2026-11-29).
const builtNames = statementNames('built');

/**
 * Runs Drizzle SQL built per call (a search's conditions decide its text) and returns its rows as
 * the driver parses them (see above: select dates and timestamps as text); a text that keeps
 * coming back runs prepared under a name (statement-names.ts).
 */
export async function queryBuilt<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return rawQuery<T>(db, { name: builtNames.nameOf(text), text }, params);
}

/** A statement compiled once from Drizzle SQL with named placeholders; `bind` orders a call's values. */
export interface CompiledStatement<K extends string> extends RawStatement {
  bind(values: Record<K, unknown>): unknown[];
}

const dialect = new PgDialect();

/**
 * Compiles Drizzle SQL written with `sql.placeholder(name)` once (at module load), so a hot
 * statement keeps its single definition in Drizzle's terms without being rebuilt per call; with
 * a `name` (unique in the process) it is prepared where the connection allows.
 */
export function compileStatement<K extends string>(query: SQL, name?: string): CompiledStatement<K> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const slots = params.map((p): { name: string; encode?: (v: unknown) => unknown } | { value: unknown } => {
    if (p instanceof Placeholder) return { name: p.name };
    if (p instanceof Param && p.value instanceof Placeholder) {
      const encoder = p.encoder as { mapToDriverValue(v: unknown): unknown } | undefined;
      return { name: p.value.name, encode: encoder ? (v) => encoder.mapToDriverValue(v) : undefined };
    }
    return { value: p };
  });
  return {
    text,
    name,
    bind(values) {
      const out = new Array<unknown>(slots.length);
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        if ('value' in slot) {
          out[i] = slot.value;
          continue;
        }
        if (!(slot.name in values)) throw new Error(`compileStatement: no value for placeholder "${slot.name}"`);
        const v = values[slot.name as K];
        out[i] = slot.encode ? slot.encode(v) : v;
      }
      return out;
    },
  };
}
