// PGlite test databases reused within a test process. A copy of the migrated template costs about
// 1.3 s of CPU to load (PGlite untars the 43 MB data directory into its in-memory file system and
// starts the engine), which made database set-up the largest single cost of the embedded pass.
// A database a test app has finished with is instead kept, and the next test app of the process
// gets it back reset to the template: every table emptied and the template's rows put back, every
// sequence where the template left it, the session's settings, listeners and advisory locks dropped.
// The reset ends by comparing the schema with the template's: a database whose schema a test
// changed (a table, a column, a trigger, a function, a setting) is closed, never handed out again.
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../src/db/connection.ts';

const IDLE_CLOSE_MS = 250;

/** The PGlite instance under a database openDatabase opened on PGlite. */
export const clientOf = (db: Database): PGlite => (db.db as unknown as { $client: PGlite }).$client;

// What a schema is, as far as a test could change it: relations, columns and defaults,
// constraints, indexes, triggers, functions, schemas, extensions, roles and stored settings.
const FINGERPRINT = `
  WITH ns AS (SELECT oid, nspname FROM pg_namespace
              WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_%')
  SELECT md5(string_agg(x, E'\\n' ORDER BY x)) AS fingerprint FROM (
    SELECT 'n ' || nspname FROM ns
    UNION ALL SELECT 'c ' || ns.nspname || '.' || c.relname || ' ' || c.relkind::text
      FROM pg_class c JOIN ns ON ns.oid = c.relnamespace
    UNION ALL SELECT 'a ' || c.oid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN ns ON ns.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT 'k ' || conrelid::regclass::text || '.' || conname || ' ' || pg_get_constraintdef(oid)
      FROM pg_constraint WHERE connamespace IN (SELECT oid FROM ns)
    UNION ALL SELECT 'i ' || pg_get_indexdef(i.indexrelid)
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN ns ON ns.oid = c.relnamespace
    UNION ALL SELECT 't ' || tgrelid::regclass::text || '.' || tgname || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'p ' || p.oid::regprocedure::text FROM pg_proc p JOIN ns ON ns.oid = p.pronamespace
    UNION ALL SELECT 'e ' || extname || ' ' || extversion FROM pg_extension
    UNION ALL SELECT 'r ' || rolname FROM pg_roles
    UNION ALL SELECT 's ' || setdatabase::text || ' ' || setrole::text || ' ' || array_to_string(setconfig, ',') FROM pg_db_role_setting
  ) AS parts(x)`;

const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

interface Template {
  fingerprint: string;
  /** Restores the template's contents; one script, run as one simple query. */
  resetScript: string;
}

/** Reads what the reset must restore from a database freshly loaded from the template. */
async function readTemplate(client: PGlite): Promise<Template> {
  const fingerprint = await fingerprintOf(client);
  const tables = (
    await client.query<{ name: string }>(`
    SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle') ORDER BY 1`)
  ).rows.map((r) => r.name);
  const restores: string[] = [];
  for (const table of tables) {
    const json = (await client.query<{ rows: string | null }>(`SELECT json_agg(t)::text AS rows FROM ${table} t`))
      .rows[0]!.rows;
    if (json)
      restores.push(
        `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, ${quoteLiteral(json)});`,
      );
  }
  const sequences = (
    await client.query<{ name: string; start: string; last: string | null }>(`
    SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, start_value::text AS start, last_value::text AS last
    FROM pg_sequences ORDER BY 1`)
  ).rows;
  const resetScript = [
    'RESET ALL;',
    'UNLISTEN *;',
    'SELECT pg_advisory_unlock_all();',
    'BEGIN;',
    tables.length ? `TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE;` : '',
    // The template's rows as they were: no trigger or foreign-key check on their way back.
    'SET LOCAL session_replication_role = replica;',
    ...restores,
    ...sequences.map((s) =>
      s.last === null
        ? `SELECT setval(${quoteLiteral(s.name)}, ${s.start}, false);`
        : `SELECT setval(${quoteLiteral(s.name)}, ${s.last}, true);`,
    ),
    'COMMIT;',
  ].join('\n');
  return { fingerprint, resetScript };
}

/** A digest of the schema as far as a test could change it (FINGERPRINT). */
export async function fingerprintOf(client: PGlite): Promise<string> {
  return (await client.query<{ fingerprint: string }>(FINGERPRINT)).rows[0]!.fingerprint;
}

export class PgliteReuse {
  private template: Template | undefined;
  private readonly idle: Database[] = [];
  private readonly handedOut = new WeakSet<Database>();
  private readonly closing = new Map<Database, NodeJS.Timeout>();

  constructor(private readonly load: () => Promise<Database>) {}

  /** A database holding the template's contents: a kept one reset, or a new copy. */
  async acquire(): Promise<Database> {
    for (let db = this.idle.pop(); db; db = this.idle.pop()) {
      clearTimeout(this.closing.get(db));
      this.closing.delete(db);
      if (await this.reset(db)) return this.out(db);
      await db.close().catch(() => {});
    }
    const db = await this.load();
    this.template ??= await readTemplate(clientOf(db));
    return this.out(db);
  }

  /** Keeps a database a test has finished with (closes one it does not know, or one closed). */
  async release(db: Database): Promise<void> {
    if (!this.handedOut.has(db) || clientOf(db).closed) {
      await db.close().catch(() => {});
      return;
    }
    this.handedOut.delete(db);
    this.idle.push(db);
    // PGlite keeps a timer of its own running, so a kept database would keep the test process
    // alive after its last file: one not taken again shortly is closed. The next test of a file,
    // or the next file of the process, takes it within milliseconds.
    const timer = setTimeout(() => {
      this.idle.splice(this.idle.indexOf(db), 1);
      this.closing.delete(db);
      void db.close().catch(() => {});
    }, IDLE_CLOSE_MS);
    this.closing.set(db, timer.unref());
  }

  private out(db: Database): Database {
    this.handedOut.add(db);
    return db;
  }

  private async reset(db: Database): Promise<boolean> {
    const client = clientOf(db);
    if (client.closed || !this.template) return false;
    try {
      // A transaction a test left open: its statements are dropped with it (outside one, a warning).
      if (client.isInTransaction()) await client.exec('ROLLBACK');
      await client.exec(this.template.resetScript);
      return (await fingerprintOf(client)) === this.template.fingerprint;
    } catch {
      return false;
    }
  }
}
