// drizzle's node-postgres transactions send BEGIN outside their try/finally: when BEGIN fails (the
// server went away between checkout and BEGIN) the pooled client is never released, and after a
// database restart the pool ends up full of leaked clients, every later request waiting for a
// connection that never comes. This replacement keeps drizzle's behaviour (same session and
// transaction classes, same statements) and always hands the client back: destroyed when the
// connection broke, so the pool opens a fresh one.
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

export function releaseClientsOnFailure(db: Db, pool: pg.Pool): void {
  const session = (db as unknown as { session: SessionInternals }).session;
  const { dialect, schema, options } = session;
  session.transaction = async (work, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema, options), schema);
      const raw = tx as unknown as TxInternals;
      await raw.execute(sql`begin${config ? sql` ${raw.getTransactionConfigSQL(config)}` : undefined}`);
      try {
        const result = await work(tx as never);
        await raw.execute(sql`commit`);
        return result;
      } catch (err) {
        await raw.execute(sql`rollback`).catch((rollbackErr: Error) => {
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
