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
  it('behind a transaction pooler leaves no prepared statement: raw, built and Drizzle statements', async () => {
    const pooled = await openDatabase({ url: testDatabaseUrl, poolSize: 1, pooler: 'transaction' });
    try {
      assert.deepEqual(await preparedAfterUse(pooled), []);
    } finally {
      await pooled.close();
    }
  });

  it('on a direct connection keeps the named statements and a built text used again prepared, only those', async () => {
    const names = await preparedAfterUse(database);
    assert.equal(names.length, 2, names.join(', '));
    assert.match(names[0]!, /^built_\d+_\d+$/, 'the repeated built text, named by statement-names.ts');
    assert.match(names[1]!, /^plus_one_\d+$/);
  });

  // A rolling deploy's migration changes the type of a column a prepared statement returns: the
  // transaction that meets it is run again, the statement prepared afresh under a new name.
  it('runs a transaction again when a prepared statement returns a column whose type changed', async () => {
    const { compileStatement } = await import('./raw-query.ts');
    await database.db.execute(sql`DROP TABLE IF EXISTS stale_plan_probe`);
    await database.db.execute(sql`CREATE TABLE stale_plan_probe (v int)`);
    await database.db.execute(sql`INSERT INTO stale_plan_probe VALUES (1)`);
    const read = compileStatement<'n'>(sql`SELECT v, ${sql.placeholder('n')}::int AS n FROM stale_plan_probe`, 'probe');
    const once = () => database.db.transaction((tx) => rawQuery<{ v: unknown }>(tx, read, read.bind({ n: 1 })));
    assert.equal((await once())[0]!.v, 1);
    await database.db.execute(sql`ALTER TABLE stale_plan_probe ALTER COLUMN v TYPE text`);
    assert.equal((await once())[0]!.v, '1');
    assert.equal((await once())[0]!.v, '1');
    await database.db.execute(sql`DROP TABLE stale_plan_probe`);
  });

  it("sends a pool's own prepared statement again when the column it returns changed type", async () => {
    const { compileStatement } = await import('./raw-query.ts');
    await database.db.execute(sql`DROP TABLE IF EXISTS stale_pool_probe`);
    await database.db.execute(sql`CREATE TABLE stale_pool_probe (v int)`);
    await database.db.execute(sql`INSERT INTO stale_pool_probe VALUES (1)`);
    const read = compileStatement<'n'>(
      sql`SELECT v, ${sql.placeholder('n')}::int AS n FROM stale_pool_probe`,
      'pool_probe',
    );
    const once = () => rawQuery<{ v: unknown }>(database.db, read, read.bind({ n: 1 }));
    assert.equal((await once())[0]!.v, 1);
    await database.db.execute(sql`ALTER TABLE stale_pool_probe ALTER COLUMN v TYPE text`);
    assert.equal((await once())[0]!.v, '1');
    assert.equal((await once())[0]!.v, '1');
    await database.db.execute(sql`DROP TABLE stale_pool_probe`);
  });
});

/** Runs raw (named and unnamed), built and Drizzle statements; answers the names left prepared. */
async function preparedAfterUse(database: Database): Promise<string[]> {
  const { compileStatement, queryBuilt } = await import('./raw-query.ts');
  const named = compileStatement<'n'>(sql`SELECT ${sql.placeholder('n')}::int + 1 AS n`, 'plus_one');
  const unnamed = compileStatement<'n'>(sql`SELECT ${sql.placeholder('n')}::int + 2 AS n`);
  for (let i = 0; i < 5; i++) {
    const [row] = await database.db.transaction((tx) => rawQuery<{ n: number }>(tx, named, named.bind({ n: i })));
    assert.equal(row!.n, i + 1);
    const [other] = await rawQuery<{ n: number }>(database.db, unnamed, unnamed.bind({ n: i }));
    assert.equal(other!.n, i + 2);
    await queryBuilt(database.db, sql`SELECT ${i}::int AS n`);
    await database.db.execute(sql`SELECT ${i}::int AS n`);
  }
  // The pool has one connection, so this asks the one every statement above ran on.
  const prepared = await database.db.execute(sql`SELECT name FROM pg_prepared_statements ORDER BY name`);
  return (prepared as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name);
}
