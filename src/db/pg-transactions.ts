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
// only if `tx.query` is used.
import { sql, type SQL } from 'drizzle-orm';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from './executor.ts';
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

/** drizzle's transaction, with `tx.query` (relational queries) built on first use instead of per transaction. */
class LazyQueryTransaction extends NodePgTransaction<never, never> {
  constructor(
    dialect: TxArgs[0],
    session: TxArgs[1],
    private readonly fullSchema: TxArgs[2],
    nestedIndex = 0,
  ) {
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
        await client.query('begin');
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
