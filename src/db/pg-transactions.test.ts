// A transaction whose BEGIN fails must hand its pooled connection back: drizzle's own wrapper
// kept it, and after a database restart the pool filled with such clients and every request
// waited for a connection that never came.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './connection.ts';
import { rawQuery } from './raw-query.ts';
import { testDatabaseUrl } from '../../test/helpers/test-database.ts';

const why = testDatabaseUrl
  ? false
  : 'PostgreSQL only: the pooled-connection wrapper is not used with PGlite (one embedded connection)';

describe('pooled transactions', { skip: why }, () => {
  let database: Database;
  before(async () => {
    // One connection: a leaked client leaves none for the next query (which then times out in 5 s).
    database = await openDatabase({ url: testDatabaseUrl, poolSize: 1 });
  });
  after(async () => {
    await database?.close();
  });

  it('releases the connection when BEGIN fails, and after a rollback', async () => {
    for (let i = 0; i < 3; i++) {
      await assert.rejects(
        database.db.transaction(async () => 'never', { isolationLevel: 'no such level' as never }),
        /begin isolation level no such level/,
      );
    }
    await assert.rejects(
      database.db.transaction(async (tx) => tx.execute(sql`SELECT 1/0`)),
      /SELECT 1\/0/,
    );
    const rows = await database.db.transaction(async (tx) => tx.execute(sql`SELECT 41 + 1 AS answer`));
    assert.equal((rows as unknown as { rows: Array<{ answer: number }> }).rows[0]!.answer, 42);
  });

  // PgBouncer in transaction pooling mode hands each transaction any server connection: a statement
  // prepared under a name on one is unknown on the next (contract §13). Nothing may stay prepared.
  it('leaves no prepared statement on the connection: raw, built and Drizzle statements all go unnamed', async () => {
    const { compileStatement, queryBuilt } = await import('./raw-query.ts');
    const { HOLD_NIGHTS } = await import('../modules/reservations/inventory.repository.ts');
    assert.equal((HOLD_NIGHTS as { name?: string }).name, undefined);
    const add = compileStatement<'n'>(sql`SELECT ${sql.placeholder('n')}::int + 1 AS n`);
    for (let i = 0; i < 5; i++) {
      const [row] = await database.db.transaction((tx) => rawQuery<{ n: number }>(tx, add, add.bind({ n: i })));
      assert.equal(row!.n, i + 1);
      await queryBuilt(database.db, sql`SELECT ${i}::int AS n`);
      await database.db.execute(sql`SELECT ${i}::int AS n`);
    }
    // The pool has one connection, so this asks the one every statement above ran on.
    const prepared = await database.db.execute(sql`SELECT name FROM pg_prepared_statements`);
    assert.deepEqual((prepared as unknown as { rows: unknown[] }).rows, []);
  });
});
