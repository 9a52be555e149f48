// PGlite's statements run prepared under names (pglite-statements.ts): answers, errors and
// transactions must be exactly what PGlite's own unnamed statements give.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PGlite } from '@electric-sql/pglite';
import { PlanRefresh, prepareStatements } from './pglite-statements.ts';
import { pgliteTemplateDump } from '../../test/helpers/test-database.ts';

const MAX = 3;

async function preparedNames(client: PGlite): Promise<string[]> {
  const res = await client.query<{ name: string }>(`SELECT name FROM pg_prepared_statements ORDER BY name`);
  return res.rows.map((r) => r.name);
}

describe('PlanRefresh', () => {
  it('drops cached plans after 32, 64, 128 … statements, then every 4096', () => {
    const refresh = new PlanRefresh();
    const discards: number[] = [];
    for (let n = 1; n <= 20_000; n++) if (refresh.due()) discards.push(n);
    assert.deepEqual(discards, [32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 12288, 16384]);
  });
});

describe('PGlite statements prepared once', () => {
  let plain: PGlite;
  let cached: PGlite;
  before(async () => {
    // Loaded from the test template rather than made empty (PGlite's initdb, twice the time).
    plain = await PGlite.create({ loadDataDir: await pgliteTemplateDump() });
    cached = await PGlite.create({ loadDataDir: await pgliteTemplateDump() });
    prepareStatements(cached, MAX);
    for (const c of [plain, cached]) {
      await c.exec(
        `CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL, doc jsonb, at timestamptz, tags text[], n bigint)`,
      );
    }
  });
  after(async () => {
    await plain?.close();
    await cached?.close();
  });

  it('answers as PGlite does: parameters serialised and columns parsed by type, in both row modes', async () => {
    const at = new Date('2026-11-25T10:00:00.123Z');
    const insert = `INSERT INTO t (id, name, doc, at, tags, n) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`;
    const params = [1, "O'Brien", { nested: [1, 'two'] }, at, ['a', 'b,c'], 9_007_199_254_740_993n];
    const expected = await plain.query(insert, params);
    const got = await cached.query(insert, params);
    assert.deepEqual(got.rows, expected.rows);
    assert.deepEqual(got.fields, expected.fields);
    assert.equal(got.affectedRows, 1);
    const select = `SELECT id, name, doc, at, tags, n, NULL::int AS nothing FROM t WHERE id = $1 AND ($2::text IS NULL OR name = $2)`;
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const want = await plain.query(select, [1, null], options);
      assert.deepEqual((await cached.query(select, [1, null], options)).rows, want.rows);
      assert.deepEqual(
        (await cached.query(select, [1, null], options)).rows,
        want.rows,
        'the second run binds the prepared statement',
      );
    }
    assert.deepEqual((await cached.query(`SELECT count(*)::int AS c FROM t WHERE id = $1`, [2])).rows, [{ c: 0 }]);
    assert.ok((await preparedNames(cached)).length > 0, 'named statements exist');
  });

  it('keeps at most its limit of statements prepared, closing the least recently used', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await cached.query<{ v: number }>(`SELECT $1::int + ${i} AS v`, [1]);
      assert.equal(res.rows[0]!.v, 1 + i);
    }
    // The tenth is prepared, and the closes of those evicted before it went with its Parse.
    assert.ok(
      (await preparedNames(cached)).length <= MAX + 1,
      `${(await preparedNames(cached)).length} statements prepared`,
    );
    const again = await cached.query<{ v: number }>(`SELECT $1::int + 0 AS v`, [5]);
    assert.equal(again.rows[0]!.v, 5, 'an evicted statement is simply prepared again');
  });

  it('fails as PGlite does, with the statement attached, and works on afterwards', async () => {
    await assert.rejects(cached.query(`SELEC 1`), (err: Error & { code?: string; query?: string }) => {
      assert.equal(err.code, '42601');
      assert.equal(err.query, 'SELEC 1');
      return true;
    });
    await cached.query(`INSERT INTO t (id, name) VALUES ($1, $2)`, [7, 'x']);
    await assert.rejects(
      cached.query(`INSERT INTO t (id, name) VALUES ($1, $2)`, [7, 'x']),
      (err: Error & { code?: string; params?: unknown[] }) => {
        assert.equal(err.code, '23505');
        assert.deepEqual(err.params, [7, 'x']);
        return true;
      },
    );
    assert.equal((await cached.query<{ name: string }>(`SELECT name FROM t WHERE id = $1`, [7])).rows[0]!.name, 'x');
  });

  it('runs inside transactions: sees their writes, rolls back with them, refuses after an error until the end', async () => {
    const count = `SELECT count(*)::int AS c FROM t WHERE name = $1`;
    await assert.rejects(
      cached.transaction(async (tx) => {
        await tx.query(`INSERT INTO t (id, name) VALUES ($1, $2)`, [20, 'tx']);
        assert.equal((await tx.query<{ c: number }>(count, ['tx'])).rows[0]!.c, 1);
        throw new Error('undo');
      }),
      /undo/,
    );
    assert.equal((await cached.query<{ c: number }>(count, ['tx'])).rows[0]!.c, 0, 'rolled back');
    await assert.rejects(
      cached.transaction(async (tx) => {
        await tx.query(`SELECT 1/0`).catch(() => {});
        await tx.query(count, ['tx']);
      }),
      (err: Error & { code?: string }) => err.code === '25P02',
    );
    const done = await cached.transaction(async (tx) => {
      await tx.query(`INSERT INTO t (id, name) VALUES ($1, $2)`, [21, 'tx']);
      return tx.query<{ c: number }>(count, ['tx']);
    });
    assert.equal(done.rows[0]!.c, 1);
    assert.equal((await cached.query<{ c: number }>(count, ['tx'])).rows[0]!.c, 1, 'committed');
  });

  it('let the event loop turn while queued statements drain, so new requests can be read (and refused) meanwhile', async () => {
    // Each about a millisecond of work in the engine, all queued at once.
    const work = `SELECT count(*) FROM generate_series(1, $1::int) g WHERE g % 7 = 3`;
    const queued = 200;
    let done = 0;
    let doneWhenTimerRan = -1;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        doneWhenTimerRan = done;
        resolve();
      }, 0),
    );
    await Promise.all([
      timer,
      ...Array.from({ length: queued }, () => cached.query(work, [20_000]).then(() => void done++)),
    ]);
    assert.ok(
      doneWhenTimerRan >= 0 && doneWhenTimerRan < queued,
      `a timer due at once ran after ${doneWhenTimerRan} of ${queued} statements`,
    );
  });

  it('prepares a statement again when the table it reads changed shape', async () => {
    const all = `SELECT * FROM t WHERE id = $1`;
    assert.equal(Object.keys((await cached.query(all, [7])).rows[0]!).length, 6);
    await cached.exec(`ALTER TABLE t ADD COLUMN extra int DEFAULT 4`);
    const row = (await cached.query<{ extra: number }>(all, [7])).rows[0]!;
    assert.equal(row.extra, 4);
  });
});
