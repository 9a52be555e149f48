// Names for statements built per request: only texts that come back, and never more than the cap,
// so a server's prepared statements per connection stay bounded; on PostgreSQL the named text is
// what the connection really holds prepared.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { NAME_AFTER, statementNames } from './statement-names.ts';
import { queryBuilt } from './raw-query.ts';
import {
  createTestDatabase,
  onPostgres,
  recycleTestDatabase,
  type TestDatabase,
} from '../../test/helpers/test-database.ts';

describe('statement names', () => {
  it('names a text on its NAME_AFTER-th use, and keeps that name', () => {
    const names = statementNames('t');
    for (let i = 1; i < NAME_AFTER; i++) assert.equal(names.nameOf('SELECT 1'), undefined, `use ${i}`);
    const name = names.nameOf('SELECT 1');
    assert.equal(name, 't_1');
    assert.equal(names.nameOf('SELECT 1'), name);
    assert.equal(names.nameOf('SELECT 2'), undefined, 'another text starts its own count');
  });

  it('gives no more than `max` names; texts named before keep theirs', () => {
    const names = statementNames('t', { after: 1, max: 3 });
    const given = ['a', 'b', 'c'].map((t) => names.nameOf(t));
    assert.deepEqual(given, ['t_1', 't_2', 't_3']);
    assert.equal(names.nameOf('d'), undefined);
    assert.equal(names.nameOf('d'), undefined);
    assert.equal(names.nameOf('b'), 't_2');
    assert.equal(names.size, 3);
  });

  it('one-off texts take no name, however many', () => {
    const names = statementNames('t', { after: 2, max: 4 });
    for (let i = 0; i < 5000; i++) assert.equal(names.nameOf(`SELECT ${i}`), undefined);
    assert.equal(names.size, 0);
    names.nameOf('SELECT again');
    assert.equal(names.nameOf('SELECT again'), 't_1', 'a text used twice in a row is still named');
  });
});

describe('statements built per call', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => recycleTestDatabase(database));

  it('answer the same named or not, and a repeated text is prepared on the connection (PostgreSQL)', async (t) => {
    const statement = (n: number) => sql`SELECT ${n}::int + 1 AS n, 'built statements test' AS tag`;
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < NAME_AFTER + 2; i++)
        assert.deepEqual(await queryBuilt(tx, statement(i)), [{ n: i + 1, tag: 'built statements test' }]);
      if (!onPostgres) {
        t.diagnostic('PGlite prepares every statement itself (pglite-statements.ts): no server-side names to check');
        return;
      }
      const res = (await tx.execute(
        sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE ${'%built statements test%'} AND NOT from_sql`,
      )) as unknown as { rows: Array<{ name: string }> };
      assert.equal(res.rows.length, 1, 'prepared once, under one name');
      assert.match(
        res.rows[0]!.name,
        /^built_\d+_\d+$/,
        'a name of statement-names.ts, in its generation (raw-query.ts)',
      );
    });
  });

  it("a column changing type under a prepared statement: the read still answers, with the new type (PostgreSQL's stale plan)", async (t) => {
    await database.db.execute(sql`CREATE TABLE built_stale (id int PRIMARY KEY, v int NOT NULL)`);
    await database.db.execute(sql`INSERT INTO built_stale VALUES (1, 7)`);
    // Through the pool, as the searches read (outside a transaction, a refused read is sent again).
    const read = () => queryBuilt<{ v: unknown }>(database.db, sql`SELECT v FROM built_stale WHERE id = ${1}`);
    for (let i = 0; i < NAME_AFTER + 1; i++) assert.deepEqual(await read(), [{ v: 7 }]);
    // Another instance's migration, while this one holds the statement prepared.
    await database.db.execute(sql`ALTER TABLE built_stale ALTER COLUMN v TYPE text`);
    for (let i = 0; i < 3; i++) assert.deepEqual(await read(), [{ v: '7' }], `read ${i + 1} after the change`);
    if (!onPostgres)
      t.diagnostic('PGlite prepares every statement itself and re-prepares a stale one (pglite-statements.ts)');
  });
});
