// drizzle's node-postgres transactions send BEGIN outside their try/finally: when BEGIN fails (the
// server went away between checkout and BEGIN) the pooled client is never released, and after a
// database restart the pool ends up full of leaked clients, every later request waiting for a
// connection that never comes. This replacement keeps drizzle's behaviour (same session and
// transaction classes, same statements) and always hands the client back: destroyed when the
// connection broke, so the pool opens a fresh one.
//
// It is also cheaper per transaction, which every booking pays (bench/README.md): BEGIN, COMMIT
// and ROLLBACK go to the client as plain text instead of through drizzle's SQL builder, and the
// transaction object builds drizzle's relational query builders (one per table of the schema)
// only if `tx.query` is used. And it keeps prepared statements' plans fresh (beginText).
import { sql, type SQL } from 'drizzle-orm';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from './connection.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

// drizzle keeps these members out of its public types; they are what its own transaction() uses.
interface SessionInternals {
  dialect: never;
  schema: never;
  options: never;
  transaction: (work: (tx: never) => Promise<unknown>, config?: PgTransactionConfig) => Promise<unknown>;
}
interface TxInternals {
  execute(query: SQL): Promise<unknown>;
  getTransactionConfigSQL(config: PgTransactionConfig): SQL;
}

type TxArgs = ConstructorParameters<typeof NodePgTransaction>;

// A prepared statement's generic plan is made after its fifth run, from the table sizes of that
// moment, and kept for the connection's life. A server started on small tables would keep
// sequential scans as they grow: in the booking benchmark every booking came to scan the whole
// calendar table, and every relay pass the users. So each pooled connection drops its cached
// plans (DISCARD PLANS, in the same round trip as a BEGIN) after 32, 64, 128 … transactions and
// then every PLAN_REFRESH_MAX; the statements stay prepared and are simply planned again.
const PLAN_REFRESH_FIRST = 32;
const PLAN_REFRESH_MAX = 4096;
const transactionsOf = new WeakMap<object, PlanRefresh>();

/** Counts a connection's uses; `due()` says when its cached plans should be dropped (see above). */
export class PlanRefresh {
  private count = 0;
  private next = PLAN_REFRESH_FIRST;
  due(): boolean {
    this.count++;
    if (this.count < this.next) return false;
    this.next = this.count + Math.min(this.count, PLAN_REFRESH_MAX);
    return true;
  }
}

/**
 * The text that opens a transaction on this connection: BEGIN, preceded now and then by DISCARD
 * PLANS (see above). The raw-SQL benchmark baseline opens its transactions the same way.
 */
export function beginText(client: object): string {
  let refresh = transactionsOf.get(client);
  if (!refresh) transactionsOf.set(client, (refresh = new PlanRefresh()));
  return refresh.due() ? 'discard plans; begin' : 'begin';
}

/** drizzle's transaction, with `tx.query` (relational queries) built on first use instead of per transaction. */
class LazyQueryTransaction extends NodePgTransaction<never, never> {
  constructor(dialect: TxArgs[0], session: TxArgs[1], private readonly fullSchema: TxArgs[2], nestedIndex = 0) {
    super(dialect, session, undefined, nestedIndex);
    let query: unknown;
    Object.defineProperty(this, 'query', {
      configurable: true,
      enumerable: true,
      get: () => (query ??= new NodePgTransaction(dialect, session, fullSchema, nestedIndex).query),
    });
  }

  // A savepoint, as drizzle's, whose transaction object is as light as this one.
  override async transaction<T>(work: (tx: never) => Promise<T>): Promise<T> {
    const me = this as unknown as { dialect: TxArgs[0]; session: TxArgs[1]; nestedIndex: number };
    const name = `sp${me.nestedIndex + 1}`;
    const tx = new LazyQueryTransaction(me.dialect, me.session, this.fullSchema, me.nestedIndex + 1);
    await tx.execute(sql.raw(`savepoint ${name}`));
    try {
      const result = await work(tx as never);
      await tx.execute(sql.raw(`release savepoint ${name}`));
      return result;
    } catch (err) {
      await tx.execute(sql.raw(`rollback to savepoint ${name}`));
      throw err;
    }
  }
}

export function releaseClientsOnFailure(db: Db, pool: pg.Pool): void {
  const session = (db as unknown as { session: SessionInternals }).session;
  const { dialect, schema, options } = session;
  session.transaction = async (work, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const tx = new LazyQueryTransaction(dialect, new NodePgSession(client, dialect, schema, options), schema);
      if (config) {
        const raw = tx as unknown as TxInternals;
        await raw.execute(sql`begin ${raw.getTransactionConfigSQL(config)}`);
      } else {
        await client.query(beginText(client));
      }
      try {
        const result = await work(tx as never);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch((rollbackErr: Error) => {
          broken = rollbackErr;
        });
        throw err;
      }
    } catch (err) {
      if (isDatabaseUnavailable(err)) broken ??= err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  };
}
