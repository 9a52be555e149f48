// The database half of `npm run backup` and `npm run restore`, on either database the service runs
// on. PostgreSQL: pg_dump's custom format, taken in a snapshot exported by a transaction of our own,
// which also counts every table's rows, so the counts in the manifest are exactly what the dump
// holds; restored with pg_restore in one transaction (a failed restore leaves the database as it
// was). PGlite: the data directory as PGlite itself dumps it, from the stopped database (the caller
// holds the DATA_DIR lock), loaded beside the current one and swapped in only once it opened.
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { unreachableAtStart } from '../../src/db/unavailable.ts';
import { ExitError, mb, sha256File, type DatabaseCopy } from './backup-manifest.ts';

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;
type Counted = Pick<DatabaseCopy, 'tables' | 'rows' | 'migrations'>;

// Every table of the service's schemas (public, drizzle), partitions counted in their parent.
const TABLES = `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%' ORDER BY 1, 2`;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows per table, in one statement (so in one snapshot). */
export async function countRows(query: Query): Promise<Counted> {
  const tables = (await query(TABLES)) as Array<{ schema: string; name: string }>;
  if (!tables.length) return { tables: {}, rows: 0, migrations: 0 };
  const [row] = await query(
    `SELECT ${tables.map((t, i) => `(SELECT count(*) FROM ${ident(t.schema)}.${ident(t.name)}) AS c${i}`).join(', ')}`,
  );
  const counts = Object.fromEntries(tables.map((t, i) => [`${t.schema}.${t.name}`, Number(row![`c${i}`])]));
  return {
    tables: counts,
    rows: Object.values(counts).reduce((a, b) => a + b, 0),
    migrations: counts['drizzle.__drizzle_migrations'] ?? 0,
  };
}

/** The tables whose row counts differ from the manifest's, as "table: expected → found" lines. */
export function countDifferences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
  return names
    .filter((n) => expected[n] !== found[n])
    .map((n) => `${n}: ${expected[n] ?? 'no such table'} in the backup, ${found[n] ?? 'no such table'} restored`);
}

// ---- PostgreSQL -----------------------------------------------------------------------------

export interface PgTools {
  dump: string;
  restore: string;
}

export const pgTools = (bin?: string): PgTools => ({
  dump: bin ? path.join(bin, 'pg_dump') : 'pg_dump',
  restore: bin ? path.join(bin, 'pg_restore') : 'pg_restore',
});

// libpq takes the URL as it is, but a password in a command line is visible to every user of the
// machine (ps): it goes in the child's environment instead.
function libpq(url: string): { dbname: string; env: Record<string, string> } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client tool; on a terminal, shows how much of `watch` it has written. */
function runTool(
  bin: string,
  args: string[],
  env: Record<string, string>,
  watch?: { file: string; label: string },
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    const timer =
      watch && process.stderr.isTTY
        ? setInterval(
            () =>
              void stat(watch.file).then(
                (s) => process.stderr.write(`\r${watch.label}: ${mb(s.size)} written `),
                () => {},
              ),
            1000,
          )
        : undefined;
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearInterval(timer);
      reject(
        err.code === 'ENOENT'
          ? new ExitError(
              78,
              `${bin} not found: install the PostgreSQL client tools (postgresql-client, the server's major version or newer) or name their folder with --pg-bin`,
            )
          : err,
      );
    });
    child.on('exit', (code) => {
      clearInterval(timer);
      if (timer) process.stderr.write('\n');
      resolve({ code, stderr: stderr.trim() });
    });
  });
}

async function toolMajor(bin: string): Promise<number> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(bin, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (c) => (text += c));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new ExitError(
              78,
              `${bin} not found: install the PostgreSQL client tools (postgresql-client, the server's major version or newer) or name their folder with --pg-bin`,
            )
          : err,
      ),
    );
    child.on('exit', () => resolve(text));
  });
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(out);
  if (!m)
    throw new ExitError(78, `${bin} --version answered ${JSON.stringify(out.trim())}: not a PostgreSQL client tool`);
  return Number(m[1]);
}

/** A connection to DATABASE_URL, or ExitError(78) saying why there is none. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return client;
  } catch (err) {
    const why = unreachableAtStart(err, url);
    if (why) throw new ExitError(78, why);
    throw err;
  }
}

const rowsOf =
  (client: pg.Client): Query =>
  async (text) =>
    (await client.query(text)).rows;

/**
 * pg_dump of DATABASE_URL into `file`, in the snapshot where the rows were counted. `atSnapshot`
 * runs once the snapshot is taken, before the dump (the files are listed there).
 */
export async function dumpPostgres(
  url: string,
  file: string,
  tools: PgTools,
  atSnapshot: () => Promise<void>,
): Promise<DatabaseCopy> {
  const major = await toolMajor(tools.dump);
  const client = await connect(url);
  try {
    // The transaction exports its snapshot and stays open until pg_dump has read everything in it.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [s] = (
      await client.query(`SELECT pg_export_snapshot() AS snapshot, now() AS at, current_setting('server_version') AS version,
      current_setting('server_version_num')::int / 10000 AS major`)
    ).rows as Array<{ snapshot: string; at: Date; version: string; major: number }>;
    if (major < s!.major)
      throw new ExitError(
        78,
        `${tools.dump} is version ${major}, the server ${s!.version}: pg_dump must be the server's major version or newer (--pg-bin names another folder)`,
      );
    const counted = await countRows(rowsOf(client));
    await atSnapshot();
    const target = libpq(url);
    const partial = `${file}.partial`;
    const run = await runTool(
      tools.dump,
      ['--format=custom', `--snapshot=${s!.snapshot}`, `--file=${partial}`, `--dbname=${target.dbname}`],
      target.env,
      { file: partial, label: 'database' },
    );
    if (run.code !== 0) {
      await rm(partial, { force: true });
      throw new ExitError(1, `pg_dump failed (exit ${run.code}): ${run.stderr}`);
    }
    await rename(partial, file);
    await client.query('COMMIT');
    return {
      kind: 'postgres',
      file: path.basename(file),
      bytes: (await stat(file)).size,
      sha256: await sha256File(file),
      taken_at: s!.at.toISOString(),
      version: s!.version,
      ...counted,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

export interface PostgresTarget {
  /** Tables already in the database (none: an empty database, safe to restore into). */
  tables: number;
  /** Other sessions on the database (instances still running?). */
  sessions: number;
  name: string;
}

/** The database at `url` and whether `tool` (pg_dump or pg_restore) is there: ExitError(78) when either is not. */
export async function inspectPostgres(url: string, tool: string): Promise<PostgresTarget> {
  await toolMajor(tool);
  const client = await connect(url);
  try {
    const tables = (await rowsOf(client)(TABLES)).length;
    const [row] = (
      await client.query(
        'SELECT current_database() AS name, (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()) AS sessions',
      )
    ).rows;
    return { tables, sessions: row.sessions, name: row.name };
  } finally {
    await client.end().catch(() => {});
  }
}

/** pg_restore into DATABASE_URL in one transaction, replacing what the dump holds; the rows counted after. */
export async function restorePostgres(url: string, file: string, tools: PgTools): Promise<Counted> {
  const target = libpq(url);
  const run = await runTool(
    tools.restore,
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${target.dbname}`,
      file,
    ],
    target.env,
  );
  if (run.code !== 0)
    throw new ExitError(1, `pg_restore failed (exit ${run.code}); the database was left as it was: ${run.stderr}`);
  const client = await connect(url);
  try {
    return await countRows(rowsOf(client));
  } finally {
    await client.end().catch(() => {});
  }
}

// ---- PGlite (embedded) ----------------------------------------------------------------------

/** Whether `pgdata` holds a database (a folder with anything in it). */
export const hasEmbeddedDatabase = async (pgdata: string) =>
  ((await readdir(pgdata).catch(() => [])) as string[]).length > 0;

/** The data directory of the stopped embedded database, as PGlite dumps it (a gzipped tar). */
export async function dumpEmbedded(pgdata: string, file: string): Promise<DatabaseCopy> {
  const db = await PGlite.create({ dataDir: pgdata });
  try {
    // Everything in the data files, so the copy does not lean on replaying the write-ahead log.
    await db.exec('CHECKPOINT');
    const counted = await countRows(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
    const [v] = (await db.query<{ version: string }>(`SELECT current_setting('server_version') AS version`)).rows;
    const taken = new Date();
    const tar = await db.dumpDataDir('gzip');
    await writeFile(`${file}.partial`, Buffer.from(await tar.arrayBuffer()));
    await rename(`${file}.partial`, file);
    return {
      kind: 'pglite',
      file: path.basename(file),
      bytes: (await stat(file)).size,
      sha256: await sha256File(file),
      taken_at: taken.toISOString(),
      version: `PGlite (PostgreSQL ${v!.version})`,
      ...counted,
    };
  } finally {
    await db.close();
  }
}

/**
 * Loads the dump into a folder beside `pgdata`, opens it and counts its rows, then swaps it in;
 * the database it replaces is kept aside (its folder is returned) rather than deleted.
 */
export async function restoreEmbedded(pgdata: string, file: string): Promise<Counted & { aside: string | null }> {
  const incoming = `${pgdata}.restoring`;
  await rm(incoming, { recursive: true, force: true });
  await mkdir(path.dirname(pgdata), { recursive: true });
  const db = await PGlite.create({ dataDir: incoming, loadDataDir: new Blob([new Uint8Array(await readFile(file))]) });
  let counted: Counted;
  try {
    counted = await countRows(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
  } finally {
    await db.close();
  }
  let aside: string | null = null;
  if (await stat(pgdata).catch(() => null)) {
    aside = `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    if (await hasEmbeddedDatabase(pgdata)) await rename(pgdata, aside);
    else {
      await rm(pgdata, { recursive: true, force: true });
      aside = null;
    }
  }
  await rename(incoming, pgdata);
  return { ...counted, aside };
}
