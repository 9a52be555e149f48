// A transaction whose BEGIN fails must hand its pooled connection back: drizzle's own wrapper
// kept it, and after a database restart the pool filled with such clients and every request
// waited for a connection that never came.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './connection.ts';
import { beginText } from './pg-transactions.ts';
import { rawQuery } from './raw-query.ts';
import { testDatabaseUrl } from '../../test/helpers/test-database.ts';

describe('beginText', () => {
  it('drops a connection\'s cached plans after 32, 64, 128 … transactions, then every 4096', () => {
    const client = {};
    const discards: number[] = [];
    for (let n = 1; n <= 20_000; n++) if (beginText(client) !== 'begin') discards.push(n);
    assert.deepEqual(discards, [32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 12288, 16384]);
    assert.equal(beginText({}), 'begin', 'counted per connection');
  });
});

const why = testDatabaseUrl ? false : 'PostgreSQL only: the pooled-connection wrapper is not used with PGlite (one embedded connection)';

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
      await assert.rejects(database.db.transaction(async () => 'never', { isolationLevel: 'no such level' as never }), /begin isolation level no such level/);
    }
    await assert.rejects(database.db.transaction(async (tx) => tx.execute(sql`SELECT 1/0`)), /SELECT 1\/0/);
    const rows = await database.db.transaction(async (tx) => tx.execute(sql`SELECT 41 + 1 AS answer`));
    assert.equal((rows as unknown as { rows: Array<{ answer: number }> }).rows[0]!.answer, 42);
  });

  it('keeps prepared statements working across the transactions that drop cached plans', async () => {
    const statement = { name: 'pg_transactions_test_add', text: 'SELECT $1::int + 1 AS n' };
    for (let i = 0; i < 140; i++) {
      const [row] = await database.db.transaction((tx) => rawQuery<{ n: number }>(tx, statement, [i]));
      assert.equal(row!.n, i + 1);
    }
  });
});
