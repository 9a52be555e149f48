// run-once: checks the test harness's PGlite reuse (test/helpers/pglite-reuse.ts), which the PostgreSQL pass does not use
// A database handed out again must be indistinguishable from a fresh copy of the template, or
// one test file's leftovers would decide another's outcome.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../src/db/connection.ts';
import { clientOf, fingerprintOf, PgliteReuse } from './helpers/pglite-reuse.ts';
import { loadPgliteTemplateCopy } from './helpers/test-database.ts';

/** Everything a test could observe: every table's rows, every sequence, the session's settings and locks. */
async function state(db: Database) {
  const c = clientOf(db);
  const tables = (
    await c.query<{ name: string }>(`
    SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`)
  ).rows.map((r) => r.name);
  const rows: Record<string, unknown> = {};
  for (const t of tables) rows[t] = (await c.query(`SELECT to_jsonb(x)::text AS r FROM ${t} x ORDER BY 1`)).rows;
  const sequences = (await c.query(`SELECT schemaname, sequencename, last_value::text FROM pg_sequences ORDER BY 1, 2`))
    .rows;
  const settings = (await c.query(`SELECT name, setting FROM pg_settings WHERE source = 'session' ORDER BY 1`)).rows;
  const locks = (await c.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`)).rows;
  const listening = (await c.query(`SELECT count(*)::int AS n FROM pg_listening_channels()`)).rows;
  return { rows, sequences, settings, locks, listening };
}

describe('PGlite test databases reused within a process', () => {
  const reuse = new PgliteReuse(loadPgliteTemplateCopy);
  const opened: Database[] = [];
  after(async () => {
    for (const db of opened) await db.close().catch(() => {});
  });
  const acquire = async () => {
    const db = await reuse.acquire();
    opened.push(db);
    return db;
  };

  it('hands a used database back equal to a fresh copy of the template', async () => {
    const fresh = await loadPgliteTemplateCopy();
    opened.push(fresh);
    const expected = await state(fresh);

    const db = await acquire();
    const c = clientOf(db);
    // What a test leaves behind: rows in many tables, reference rows changed and deleted,
    // sequences moved on, a session setting, an advisory lock, a listener, an open transaction.
    await c.exec(`
      INSERT INTO users (email, username, role) VALUES ('a@example.test', 'a', 'client'), ('b@example.test', 'b', 'owner');
      UPDATE countries SET name = 'Elsewhere' WHERE code = 'FR';
      DELETE FROM property_types WHERE id = (SELECT max(id) FROM property_types);
      INSERT INTO outbox_events (topic, payload) VALUES ('t', '{}');
      SELECT nextval('commodities_id_seq'), nextval('commodities_id_seq');
      SET TIME ZONE 'Pacific/Auckland';
      SELECT pg_advisory_lock(42);
      LISTEN somewhere;
      BEGIN;
      INSERT INTO users (email, username, role) VALUES ('c@example.test', 'c', 'client');`);
    assert.notDeepEqual(await state(db), expected, 'the changes must show before the reset');
    await reuse.release(db);

    const again = await acquire();
    assert.equal(again, db, 'the kept database is handed out again');
    assert.deepEqual(await state(again), expected);
    await reuse.release(again);
  });

  it('sees every kind of schema change a test could leave (each rolled back, so one database serves)', async () => {
    const db = await acquire();
    const c = clientOf(db);
    const base = await fingerprintOf(c);
    for (const change of [
      'CREATE TABLE leftover (id int)',
      'ALTER TABLE users ADD COLUMN leftover text',
      `ALTER TABLE users ALTER COLUMN username SET DEFAULT 'x'`,
      'ALTER TABLE users ALTER COLUMN phone SET NOT NULL',
      'CREATE INDEX leftover_idx ON users (created_at)',
      'ALTER TABLE users ADD CONSTRAINT leftover CHECK (id > 0)',
      'CREATE FUNCTION leftover() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$',
      `CREATE FUNCTION leftover_t() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
       CREATE TRIGGER leftover BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION leftover_t()`,
      'CREATE SCHEMA leftover',
      'CREATE ROLE leftover',
      `ALTER DATABASE template1 SET work_mem = '8MB'`,
    ]) {
      await c.exec(`BEGIN; ${change}`);
      try {
        assert.notEqual(await fingerprintOf(c), base, `not seen: ${change}`);
      } finally {
        await c.exec('ROLLBACK');
      }
    }
    assert.equal(await fingerprintOf(c), base);
    await reuse.release(db);
  });

  it('closes a database whose schema a test changed, and hands out a new copy', async () => {
    const db = await acquire();
    await clientOf(db).exec('CREATE TABLE leftover (id int)');
    await reuse.release(db);
    const next = await acquire();
    assert.notEqual(next, db);
    assert.equal(clientOf(db).closed, true);
    assert.equal(
      (await clientOf(next).query<{ t: string | null }>(`SELECT to_regclass('leftover')::text AS t`)).rows[0]!.t,
      null,
    );
    await reuse.release(next);
  });

  it('does not keep a database a test closed', async () => {
    const db = await acquire();
    await db.close();
    await reuse.release(db);
    const next = await acquire();
    assert.notEqual(next, db);
    assert.equal(clientOf(next).closed, false);
    await reuse.release(next);
  });

  it('closes a kept database nobody takes, so the test process can end', async () => {
    const db = await acquire();
    await reuse.release(db);
    assert.equal(clientOf(db).closed, false);
    await sleep(1000);
    assert.equal(clientOf(db).closed, true);
  });
});
