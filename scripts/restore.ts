// `npm run restore -- --from <dir> [--yes] [--concurrency <n>] [--pg-bin <folder>]`: puts a backup
// written by `npm run backup` back where the service's settings point (DATABASE_URL or DATA_DIR,
// STORAGE and S3_*). Stop the instances first: a restore replaces the database under them.
//
// 1. The backup is checked before anything changes: its manifest complete, the database copy's
//    size and checksum, the files' count and bytes; a damaged or unfinished backup is refused.
// 2. The database must be empty (no tables; PGlite: no DATA_DIR/pgdata) unless --yes is given.
// 3. The files go first, into the bucket (made when the server has none of that name: a drill into
//    a fresh bucket) or DATA_DIR/files; one already there with the same size is skipped, so a rerun
//    after a failure copies only the rest. Files the store holds that the backup does not are left
//    alone (orphans: no row names them). If any file fails, the database is not touched: rerun.
// 4. Then the database: PostgreSQL with pg_restore --clean --if-exists --no-owner in one
//    transaction (it fails whole, leaving the database as it was); PGlite by loading the copy into a
//    new data directory and swapping it in, the previous one kept aside (pgdata.before-restore-…).
// 5. The rows of every table are counted and compared with the manifest.
//
// Progress on stderr, one summary line on stdout. Exit status: 0 restored and verified; 1 something
// failed (files: the database was not restored, rerun; or the counts differ: see the lines above);
// 2 bad arguments, a damaged or unfinished backup, or a database that is not empty without --yes;
// 75 DATA_DIR in use by a server; 78 wrong settings (including a backup of the other kind of
// database), an unreachable database or bucket, or missing PostgreSQL client tools; 130 interrupted.
import { copyFile, mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../src/config.ts';
import { DataDirInUseError, lockDataDir, type DataDirLock } from '../src/db/data-dir-lock.ts';
import { migrationsFolder } from '../src/db/connection.ts';
import { FILES, JWT_SECRET_FILE, ExitError, mb, verifyBackup, type BackupManifest } from './lib/backup-manifest.ts';
import {
  countDifferences,
  hasEmbeddedDatabase,
  inspectPostgres,
  pgTools,
  restoreEmbedded,
  restorePostgres,
} from './lib/backup-database.ts';
import { copyFiles, folderStore, serviceStore, type FileStore } from './lib/backup-files.ts';
import { concurrencyOf, operatorScript, serviceConfig } from './lib/operator-script.ts';

const USAGE = 'usage: npm run restore -- --from <dir> [--yes] [--concurrency <n>] [--pg-bin <folder of pg_restore>]';
const say = (line: string) => console.error(`restore: ${line}`);
const script = operatorScript(say);

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        from: { type: 'string' },
        yes: { type: 'boolean', default: false },
        concurrency: { type: 'string', default: '8' },
        'pg-bin': { type: 'string' },
      },
    }).values;
  } catch (err) {
    throw new ExitError(2, `${(err as Error).message}\n${USAGE}`);
  }
  if (!args.from) throw new ExitError(2, `--from names the folder of the backup\n${USAGE}`);
  const concurrency = concurrencyOf(args.concurrency);
  const config = serviceConfig();
  const dir = path.resolve(args.from);
  say(`checking the backup in ${dir}…`);
  const manifest = await verifyBackup(dir);
  const db = manifest.database!;
  say(
    `backup of ${manifest.started_at}: ${db.kind} ${db.rows} rows in ${Object.keys(db.tables).length} tables (as of ${db.taken_at}), ${manifest.files!.count} files (${mb(manifest.files!.bytes)})`,
  );
  if (db.kind === 'postgres' && !config.DATABASE_URL)
    throw new ExitError(
      78,
      'DATABASE_URL: the backup is of a PostgreSQL database; set DATABASE_URL to the database to restore it into',
    );
  if (db.kind === 'pglite' && config.DATABASE_URL)
    throw new ExitError(
      78,
      'DATABASE_URL: the backup is of the embedded database (PGlite); unset DATABASE_URL and set DATA_DIR to restore it',
    );
  await noteMigrations(db.migrations);

  const tools = pgTools(args['pg-bin']);
  const pgdata = path.resolve(config.DATA_DIR, 'pgdata');
  let store: FileStore | null = null;
  let lock: DataDirLock | null = null;
  try {
    if (config.DATABASE_URL) {
      const target = await inspectPostgres(config.DATABASE_URL, tools.restore);
      if (target.tables > 0 && !args.yes) {
        throw new ExitError(
          2,
          `database "${target.name}" is not empty (${target.tables} tables): the restore would replace what they hold with the backup's. Run it again with --yes to do that, or restore into an empty database`,
        );
      }
      if (target.sessions > 0)
        say(
          `warning: ${target.sessions} other connections to "${target.name}" (instances still running?): stop them, or the restore waits for their locks and they see the data change under them`,
        );
    } else {
      try {
        lock = lockDataDir(config.DATA_DIR);
      } catch (err) {
        if (err instanceof DataDirInUseError)
          throw new ExitError(75, `${err.message}\nThe embedded database is restored with its server stopped.`);
        throw err;
      }
      if ((await hasEmbeddedDatabase(pgdata)) && !args.yes) {
        throw new ExitError(
          2,
          `${pgdata} holds a database: run again with --yes to replace it (it is kept aside as pgdata.before-restore-…), or point DATA_DIR at an empty folder`,
        );
      }
    }

    // The bucket is checked (and made, when missing) only once the database may be restored into:
    // a refused restore leaves nothing behind, not even an empty bucket.
    store = await serviceStore(config, {
      createMissingBucket: { created: (location) => say(`made the bucket ${location}: it did not exist`) },
    });
    say(`files: into ${store.location}…`);
    const copy = await copyFiles(folderStore(path.join(dir, FILES)), store, {
      concurrency,
      stopped: script.stopped,
      label: 'files',
    });
    for (const f of copy.failures) say(`could not copy ${f.key}: ${f.error}`);
    const files = `files ${copy.listed} (${mb(copy.listedBytes)}): ${copy.copied} copied, ${copy.already} already there, ${copy.failures.length} failed`;
    if (copy.failures.length || copy.interrupted || copy.vanished) {
      console.log(
        `restore: ${copy.interrupted ? 'interrupted' : 'FAILED'}, the database was not restored (run it again: the files copied are skipped); ${files}; ${dir} → ${store.location}`,
      );
      return copy.interrupted ? 130 : 1;
    }

    say(config.DATABASE_URL ? 'database: pg_restore into DATABASE_URL…' : `database: loading into ${pgdata}…`);
    const restored = config.DATABASE_URL
      ? await restorePostgres(config.DATABASE_URL, path.join(dir, db.file), tools)
      : await restoreEmbedded(pgdata, path.join(dir, db.file));
    if ('aside' in restored && restored.aside)
      say(`the database it replaced is kept in ${restored.aside}: delete it once the restore is confirmed`);
    await restoreJwtSecret(config, dir, manifest);
    const differences = countDifferences(db.tables, restored.tables);
    for (const d of differences) say(`row count differs: ${d}`);
    const where = config.DATABASE_URL ? 'DATABASE_URL' : pgdata;
    console.log(
      `restore: ${differences.length ? `DONE BUT ${differences.length} TABLES DIFFER from the backup (see above)` : 'complete'}; ` +
        `database ${db.kind} ${restored.rows} rows in ${Object.keys(restored.tables).length} tables as of ${db.taken_at}${differences.length ? '' : ', as the backup counted'}; ` +
        `${files}; ${dir} → ${where}, ${store.location}`,
    );
    return differences.length ? 1 : 0;
  } finally {
    store?.close();
    lock?.release();
  }
}

/** The service migrates at start; a backup from a newer version than this one is worth a word. */
async function noteMigrations(applied: number): Promise<void> {
  const known = (
    JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
  ).entries.length;
  if (applied > known)
    say(
      `warning: the backup's database has ${applied} migrations applied, this version of the service knows ${known}: run the version that took it (or a newer one) on it`,
    );
  else if (applied < known)
    say(
      `note: the backup's database has ${applied} migrations applied; the service applies the other ${known - applied} at its next start`,
    );
}

/** The generated signing key goes back with the database whose sessions and codes it signed. */
async function restoreJwtSecret(config: Config, dir: string, manifest: BackupManifest): Promise<void> {
  if (!manifest.jwt_secret) return;
  if (config.JWT_SECRET) {
    say(
      'note: the backup holds DATA_DIR/jwt-secret, but JWT_SECRET is set: not restored (sessions and codes of the backup were signed with the generated key)',
    );
    return;
  }
  const target = path.resolve(config.DATA_DIR, JWT_SECRET_FILE);
  const source = path.join(dir, JWT_SECRET_FILE);
  const current = await readFile(target, 'utf8').catch(() => null);
  if (current === (await readFile(source, 'utf8'))) return;
  if (current !== null)
    await rename(target, `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(source, target);
}

script.run(main);
