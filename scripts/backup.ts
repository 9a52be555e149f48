// `npm run backup -- --to <dir> [--concurrency <n>] [--pg-bin <folder>]`: copies what the service
// keeps, under its own settings (DATABASE_URL, DATA_DIR, STORAGE and S3_*), into a folder:
//   database.dump   PostgreSQL (DATABASE_URL): pg_dump --format=custom, in one snapshot
//   pgdata.tar.gz   embedded PGlite (no DATABASE_URL): its data directory, taken with the server stopped
//   files/          every file of the store (the bucket, or DATA_DIR/files), one per storage key
//   jwt-secret      DATA_DIR/jwt-secret, when the service generated its own key (no JWT_SECRET)
//   backup.json     when, what kind of database, rows per table, file count and bytes; checksums
//
// The database first, then the files. The service writes a file before the row that names it and
// removes it after the row is gone, so every file a row of the snapshot names is in the store at
// that moment. The store is listed right after the snapshot is taken (before pg_dump runs), and
// the listed files are copied: each is in the backup unless the service deleted it meanwhile
// (counted as "vanished": at most that many rows of the backup name a missing file). Files listed
// whose rows came after the snapshot are copied too: orphans in the backup, which nothing reads.
//
// The embedded database is one process's: the backup opens it itself, so it refuses (exit 75,
// naming the process) while a server holds DATA_DIR. Stop the server, back up, start it again.
//
// A rerun into the same folder (after a failure or an interruption) dumps the database again and
// copies only the files that are missing; files no longer in the store leave the copy.
//
// Progress on stderr, one summary line on stdout. Exit status: 0 complete; 1 something could not be
// copied (the manifest stays incomplete: rerun); 2 bad arguments or a folder that holds something
// else; 75 DATA_DIR in use by a server; 78 wrong settings, an unreachable database or bucket, or
// missing PostgreSQL client tools; 130 interrupted (rerun to finish).
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../src/config.ts';
import { DataDirInUseError, lockDataDir, type DataDirLock } from '../src/db/data-dir-lock.ts';
import {
  FILES,
  JWT_SECRET_FILE,
  FORMAT,
  ExitError,
  filesUnder,
  mb,
  readManifest,
  writeManifest,
  type BackupManifest,
} from './lib/backup-manifest.ts';
import { dumpEmbedded, dumpPostgres, hasEmbeddedDatabase, inspectPostgres, pgTools } from './lib/backup-database.ts';
import { copyFiles, folderStore, listFiles, serviceStore, type Listing } from './lib/backup-files.ts';
import { concurrencyOf, operatorScript, serviceConfig } from './lib/operator-script.ts';

const USAGE = 'usage: npm run backup -- --to <dir> [--concurrency <n>] [--pg-bin <folder of pg_dump>]';
const say = (line: string) => console.error(`backup: ${line}`);
const script = operatorScript(say);

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: { to: { type: 'string' }, concurrency: { type: 'string', default: '8' }, 'pg-bin': { type: 'string' } },
    }).values;
  } catch (err) {
    throw new ExitError(2, `${(err as Error).message}\n${USAGE}`);
  }
  if (!args.to) throw new ExitError(2, `--to names the folder to write the backup into\n${USAGE}`);
  const concurrency = concurrencyOf(args.concurrency);
  const config = serviceConfig();
  const dir = path.resolve(args.to);
  const pgdata = path.resolve(config.DATA_DIR, 'pgdata');
  if (!config.DATABASE_URL && !(await hasEmbeddedDatabase(pgdata))) {
    throw new ExitError(78, `DATA_DIR: no embedded database at ${pgdata} (and no DATABASE_URL): nothing to back up`);
  }
  // Every setting checked before the folder is touched.
  const tools = pgTools(args['pg-bin']);
  if (config.DATABASE_URL) await inspectPostgres(config.DATABASE_URL, tools.dump);
  const store = await serviceStore(config);
  let lock: DataDirLock | null = null;
  try {
    // Taken before anything is written, and held to the end: no server starts on DATA_DIR meanwhile.
    if (!config.DATABASE_URL) {
      try {
        lock = lockDataDir(config.DATA_DIR);
      } catch (err) {
        if (err instanceof DataDirInUseError)
          throw new ExitError(
            75,
            `${err.message}\nThe embedded database is backed up with its server stopped: stop it, run the backup, start it again.`,
          );
        throw err;
      }
    }
    const earlier = await prepareFolder(dir);
    const manifest: BackupManifest = {
      format: FORMAT,
      complete: false,
      started_at: new Date().toISOString(),
      jwt_secret: false,
    };
    await writeManifest(dir, manifest);
    if (earlier)
      say(
        `${dir} holds an earlier backup (${earlier.complete ? 'complete' : 'unfinished'}): dumping the database again, copying the files that are missing`,
      );

    // The files are listed as soon as the database's snapshot exists (see the top of this file).
    let listing: Listing | undefined;
    const list = async () => {
      listing = await listFiles(store);
      say(`files: ${listing.files.length} in ${store.location} at the database's snapshot`);
    };
    say(config.DATABASE_URL ? 'database: pg_dump of DATABASE_URL…' : `database: the embedded database at ${pgdata}…`);
    const db = config.DATABASE_URL
      ? await dumpPostgres(config.DATABASE_URL, path.join(dir, 'database.dump'), tools, list)
      : await dumpEmbedded(pgdata, path.join(dir, 'pgdata.tar.gz')).then(async (copy) => {
          await list();
          return copy;
        });
    manifest.database = db;
    for (const stale of ['database.dump', 'pgdata.tar.gz'].filter((f) => f !== db.file))
      await rm(path.join(dir, stale), { force: true });
    say(`database: ${Object.keys(db.tables).length} tables, ${db.rows} rows, ${mb(db.bytes)} (as of ${db.taken_at})`);
    await writeManifest(dir, manifest);

    const copy = await copyFiles(
      store,
      folderStore(path.join(dir, FILES)),
      { concurrency, mirror: true, stopped: script.stopped, label: 'files' },
      listing,
    );
    for (const f of copy.failures) say(`could not copy ${f.key}: ${f.error}`);
    const held = (await filesUnder(path.join(dir, FILES))).files;
    manifest.files = {
      source: store.location,
      count: held.length,
      bytes: held.reduce((n, f) => n + f.size, 0),
      vanished: copy.vanished,
      listed_at: copy.listedAt.toISOString(),
      copied_at: new Date().toISOString(),
    };
    manifest.jwt_secret = await copyJwtSecret(config, dir);
    manifest.complete = copy.failures.length === 0 && !copy.interrupted;
    manifest.finished_at = new Date().toISOString();
    await writeManifest(dir, manifest);
    console.log(
      `backup: ${manifest.complete ? 'complete' : copy.interrupted ? 'interrupted (run it again to finish)' : 'INCOMPLETE (run it again)'}; ` +
        `database ${db.kind} ${db.rows} rows in ${Object.keys(db.tables).length} tables (${mb(db.bytes)}); ` +
        `files ${manifest.files.count} (${mb(manifest.files.bytes)}): ${copy.copied} copied, ${copy.already} already there, ${copy.vanished} vanished, ` +
        `${copy.failures.length} failed, ${copy.removed} removed; ${store.location} → ${dir}`,
    );
    return copy.interrupted ? 130 : manifest.complete ? 0 : 1;
  } finally {
    store.close();
    lock?.release();
  }
}

/** Creates the folder, or accepts an empty one or an earlier backup (its manifest); anything else is refused. */
async function prepareFolder(dir: string): Promise<BackupManifest | null> {
  const there = await stat(dir).catch(() => null);
  if (there && !there.isDirectory()) throw new ExitError(2, `${dir} is not a folder`);
  if (!there) {
    // Private: a backup holds every account's personal data and, maybe, the signing key.
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return null;
  }
  if ((await readdir(dir)).length === 0) return null;
  const earlier = await readManifest(dir);
  if (earlier) return earlier;
  throw new ExitError(2, `${dir} is not empty and holds no backup: name a new or empty folder`);
}

/** DATA_DIR/jwt-secret, which keys sessions, one-time codes and checkouts when JWT_SECRET is not set. */
async function copyJwtSecret(config: Config, dir: string): Promise<boolean> {
  const source = path.resolve(config.DATA_DIR, JWT_SECRET_FILE);
  const target = path.join(dir, JWT_SECRET_FILE);
  if (!config.JWT_SECRET && (await stat(source).catch(() => null))) {
    await copyFile(source, target);
    return true;
  }
  await rm(target, { force: true });
  return false;
}

script.run(main);
