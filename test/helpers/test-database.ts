// Test databases: migrate one template per run, then give every test file its own copy —
// a PGlite data-dir dump (on PGlite, one a test app of the process finished with and that was
// reset to the template: pglite-reuse.ts), or a PostgreSQL database created from a template database.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { access, cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase, runMigrations, type Database } from '../../src/db/connection.ts';
import { seedReferenceData } from '../../src/modules/catalog/seed-reference-data.ts';
import { clientOf, PgliteReuse } from './pglite-reuse.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const cacheDir = path.join(root, '.test-cache');

/** The PostgreSQL server tests use, when set; else PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const onPostgres = Boolean(testDatabaseUrl);

function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (f.endsWith('.sql') || f.endsWith('.json')) h.update(f).update(readFileSync(path.join(migrationsFolder, f)));
  }
  // The template is also seeded, so a change to the reference data must rebuild it too.
  for (const f of ['reference-data.ts', 'countries-data.ts', 'seed-reference-data.ts'])
    h.update(readFileSync(path.join(root, 'src/modules/catalog', f)));
  return h.digest('hex').slice(0, 12);
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const templateName = () => `stays_tpl_${migrationsHash()}`;
/** The PGlite template: a data-dir dump of the migrated, seeded database. */
const pgliteTemplateFile = () => path.join(cacheDir, `pglite-${migrationsHash()}.tar`);

/** Builds the template once (run-tests calls this before the files start). */
export async function prepareTemplate(): Promise<void> {
  if (testDatabaseUrl) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      const name = templateName();
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount) return;
      const building = `${name}_building_${process.pid}`;
      await admin.query(`CREATE DATABASE "${building}"`);
      const url = withDatabase(testDatabaseUrl, building);
      const db = await openDatabase({ url, poolSize: 1 });
      await runMigrations(db, url);
      // Seeded once here, so each test app's start-up seeding takes its one-query fast path.
      await seedReferenceData(db.db);
      await db.close();
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } finally {
      await admin.end();
    }
    return;
  }
  await preparePgliteTemplate();
}

/** The PGlite template (a data-dir dump), built once per migrations hash. */
async function preparePgliteTemplate(): Promise<void> {
  const file = pgliteTemplateFile();
  try {
    await access(file);
    return;
  } catch {
    // build it
  }
  await mkdir(cacheDir, { recursive: true });
  const db = await openDatabase({});
  await runMigrations(db);
  await seedReferenceData(db.db);
  const dump = await clientOf(db).dumpDataDir('none');
  await db.close();
  const tmp = `${file}.${process.pid}`;
  await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
  await rename(tmp, file);
}

export interface TestDatabase extends Database {
  /** The server URL of this copy (PostgreSQL only): other instances can connect to it. */
  url?: string;
}

/** A fresh, migrated database for one test file (or one test). */
export async function createTestDatabase(): Promise<TestDatabase> {
  await prepareTemplate();
  if (testDatabaseUrl) {
    const name = `stays_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName()}"`);
    await admin.end();
    const url = withDatabase(testDatabaseUrl, name);
    const db = await openDatabase({ url, poolSize: 10 });
    return {
      ...db,
      url,
      close: async () => {
        await db.close();
        const a = new pg.Client({ connectionString: testDatabaseUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
        await a.end();
      },
    };
  }
  return pgliteReuse.acquire();
}

/**
 * The PGlite template's dump, to load a PGlite from: 1.2 s against 2.5–4 s for an empty one's
 * initdb on the CI machine.
 */
export async function pgliteTemplateDump(): Promise<Blob> {
  await preparePgliteTemplate();
  return new TemplateBytes(await (templateBytes ??= readFile(pgliteTemplateFile())));
}

let templateBytes: Promise<Buffer> | undefined;

/**
 * The template's 43 MB as a Blob without copying them: PGlite only calls arrayBuffer() on it (and
 * reads `type`), untars the bytes and copies each file into its own file system, writing nothing
 * back. A Blob built from the file copied the bytes twice more per load (into the Blob, then out
 * of it in 64 KB reads joined at the end): about 0.65 s of CPU per test database on a slow CI VM,
 * and a test process loads several (2026-11-28 profile: 7% of a group's CPU).
 */
class TemplateBytes extends Blob {
  readonly #data: Buffer;
  constructor(data: Buffer) {
    super([]);
    this.#data = data;
  }
  override get size(): number {
    return this.#data.byteLength;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#data;
    // readFile of a file this size gives a Buffer of its own, not a slice of the shared pool.
    return byteOffset === 0 && byteLength === buffer.byteLength
      ? (buffer as ArrayBuffer)
      : (buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer);
  }
}

/** A new PGlite database loaded from the template (what createTestDatabase reuses). */
export async function loadPgliteTemplateCopy(): Promise<Database> {
  return openDatabase({ loadDataDir: await pgliteTemplateDump() });
}

const pgliteReuse = new PgliteReuse(loadPgliteTemplateCopy);

/**
 * Done with a database createTestDatabase gave: on PGlite it is kept for the process's next test
 * database (reset to the template then: pglite-reuse.ts), on PostgreSQL closed and dropped. Its
 * `close()` stays a real close, for the tests that take the database away from a running app.
 */
export async function recycleTestDatabase(database: TestDatabase): Promise<void> {
  // A test may have closed it already (to take the database away from a running app): a second
  // close is not an error here, as it was not when the app's own close did it.
  if (testDatabaseUrl) await database.close().catch(() => {});
  else await pgliteReuse.release(database);
}

/**
 * A new DATA_DIR whose embedded database (pgdata/) is already the migrated, seeded template, for
 * the tests that start the real server on PGlite to test something else than a first start: an
 * empty DATA_DIR costs the child process PGlite's initdb and every migration (about 6 s of CPU
 * on the CI machine) before it answers. The on-disk template is made once per template hash
 * and copied. The caller removes the directory.
 */
export async function seededDataDir(prefix: string): Promise<string> {
  await preparePgliteTemplate();
  const onDisk = path.join(cacheDir, `pglite-${migrationsHash()}-datadir`);
  try {
    await access(path.join(onDisk, 'pgdata', 'PG_VERSION'));
  } catch {
    const building = `${onDisk}.${process.pid}`;
    await rm(building, { recursive: true, force: true });
    const blob = await pgliteTemplateDump();
    const db = await openDatabase({ dataDir: path.join(building, 'pgdata'), loadDataDir: blob });
    await db.close();
    // Two processes may build it at once: the first rename wins, the other's copy is dropped.
    await rename(building, onDisk).catch(() => rm(building, { recursive: true, force: true }));
  }
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(path.join(onDisk, 'pgdata'), path.join(dir, 'pgdata'), { recursive: true });
  return dir;
}

/**
 * The DATA_DIR for a server process a test starts: on PostgreSQL an empty one (the server's
 * database is TEST_DATABASE_URL's copy), on PGlite one holding the migrated template (seededDataDir).
 */
export async function serverDataDir(prefix: string): Promise<string> {
  return onPostgres ? mkdtemp(path.join(tmpdir(), prefix)) : seededDataDir(prefix);
}
