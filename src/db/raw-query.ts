// Statements sent straight to the driver behind a Drizzle executor (the pool, a transaction's
// pooled client, PGlite or its transaction), for the few statements every booking sends: there,
// building the SQL through Drizzle cost more of the server's CPU than the statement itself
// (bench/README.md). Only repositories call it, with constant SQL text and $n parameters.
//
// Every statement is sent unnamed (parse, bind and execute in one round trip), so nothing stays
// prepared on a server connection: that is what PgBouncer's transaction pooling needs (1.18 has
// no protocol-level prepared statements; contract §13), and a column changing type under a
// rolling deploy's migration never meets a stale plan. Booking throughput unnamed vs named:
// see the commit that made it so (within the rounds' spread on this machine).
//
// Rows come back as the driver parses them, without Drizzle's overrides: timestamps are Dates
// (as Drizzle's query builder returns them, where db.execute gives text); select dates as text
// (to_char) since the drivers would turn a DATE into a local-midnight Date.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { Param, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './executor.ts';

export interface RawStatement {
  text: string;
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
  return (await client.query<T & pg.QueryResultRow>(statement.text, values)).rows;
}

/**
 * Runs Drizzle SQL built per call (a search's conditions decide its text) and returns its rows as
 * the driver parses them (see above: select dates and timestamps as text).
 */
export async function queryBuilt<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return rawQuery<T>(db, { text }, params);
}

/** A statement compiled once from Drizzle SQL with named placeholders; `bind` orders a call's values. */
export interface CompiledStatement<K extends string> extends RawStatement {
  bind(values: Record<K, unknown>): unknown[];
}

const dialect = new PgDialect();

/**
 * Compiles Drizzle SQL written with `sql.placeholder(name)` once (at module load), so a hot
 * statement keeps its single definition in Drizzle's terms without being rebuilt per call.
 */
export function compileStatement<K extends string>(query: SQL): CompiledStatement<K> {
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
