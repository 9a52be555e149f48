// Statements sent straight to the driver behind a Drizzle executor (the pool, a transaction's
// pooled client, PGlite or its transaction), for the few statements every booking sends: there,
// building the SQL through Drizzle cost more of the server's CPU than the statement itself
// (bench/README.md). Only repositories call it, with constant SQL text and $n parameters.
//
// Rows come back as the driver parses them, without Drizzle's overrides: timestamps are Dates
// (as Drizzle's query builder returns them, where db.execute gives text); select dates as text
// (to_char) since the drivers would turn a DATE into a local-midnight Date.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { Param, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './connection.ts';
import { statementNames } from './statement-names.ts';
import { isStalePlan } from './db-errors.ts';

export interface RawStatement {
  /**
   * Prepared once per connection under this name, then only bound and run (PostgreSQL server
   * only; the name must always go with the same text). Without it the statement is unnamed, as
   * Drizzle sends its statements.
   */
  name?: string;
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

const isPg = (client: PgClient | PgliteClient): client is PgClient => client instanceof pg.Pool || client instanceof pg.Client;

// A column changing type under a prepared statement (another instance's migration) makes the
// server refuse it on every connection that prepared it ("cached plan must not change result
// type"), for as long as the connection lives. The driver cannot take a name back, so the
// statement moves to a new one (`name_2`, …) that each connection prepares afresh. Refused before
// it ran, a statement outside a transaction is sent again at once; inside one, the transaction has
// failed and is run again, under the new name, by the database's transaction() (stale-plan-retry.ts).
const generations = new Map<string, number>();
const currentName = (name: string) => {
  const generation = generations.get(name);
  return generation === undefined ? name : `${name}_${generation}`;
};

/** Runs one statement on the executor's connection (inside its transaction, if it is one); returns its rows. */
export async function rawQuery<T = Record<string, unknown>>(db: Executor, statement: RawStatement, values: unknown[]): Promise<T[]> {
  const client = clientOf(db);
  if (!isPg(client)) return (await client.query<T>(statement.text, values)).rows;
  if (!statement.name) return (await client.query<T & pg.QueryResultRow>(statement.text, values)).rows;
  const name = currentName(statement.name);
  try {
    return (await client.query<T & pg.QueryResultRow>({ name, text: statement.text, values })).rows;
  } catch (err) {
    if (!isStalePlan(err)) throw err;
    if (currentName(statement.name) === name) generations.set(statement.name, (generations.get(statement.name) ?? 1) + 1);
    if (!(client instanceof pg.Pool)) throw err;
    return (await client.query<T & pg.QueryResultRow>({ name: currentName(statement.name), text: statement.text, values })).rows;
  }
}

const builtNames = statementNames('built');

/**
 * Runs Drizzle SQL built per call (a search's conditions decide its text) and returns its rows as
 * the driver parses them (see above: select dates and timestamps as text). On a PostgreSQL server,
 * a text that keeps coming back runs prepared under a name (statement-names.ts).
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
 * statement keeps its single definition in Drizzle's terms without being rebuilt per call.
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
    name,
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
