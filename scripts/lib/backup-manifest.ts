// What `npm run backup` writes beside the copies (`<dir>/backup.json`) and `npm run restore` checks
// before it changes anything: when the backup was taken, of which database, and what it holds, so
// a truncated copy, a missing file or a backup of the other kind of database is refused up front.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeStorageKey } from '../../src/ports/file-storage.ts';
import { JWT_SECRET_FILE } from '../../src/platform/jwt-secret-file.ts';

// DATA_DIR/jwt-secret is copied when the service generated its own key (no JWT_SECRET).
export { JWT_SECRET_FILE };
export const MANIFEST = 'backup.json';
export const FORMAT = 'stays-backup/1';
/** The folder of the backup that holds the files, one per storage key. */
export const FILES = 'files';

/** A failure that ends a script with this exit status. */
export class ExitError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface DatabaseCopy {
  kind: 'postgres' | 'pglite';
  /** Inside the backup: database.dump (pg_dump's custom format) or pgdata.tar.gz (PGlite's data directory). */
  file: string;
  bytes: number;
  sha256: string;
  /** The moment the copy shows (PostgreSQL: its snapshot; PGlite: the dump of the stopped database). */
  taken_at: string;
  /** PostgreSQL: the server's version; PGlite: the package's. */
  version: string;
  /** Rows per table ("schema.table"), counted in the copy's own snapshot. */
  tables: Record<string, number>;
  rows: number;
  /** Migrations the database had applied (drizzle.__drizzle_migrations). */
  migrations: number;
}

export interface FilesCopy {
  /** Where they came from: a bucket or a folder (no credentials). */
  source: string;
  count: number;
  bytes: number;
  /** Listed, then gone before they could be copied (deleted meanwhile by the service). */
  vanished: number;
  /** When the listing was taken and when the last file landed. */
  listed_at: string;
  copied_at: string;
}

export interface BackupManifest {
  format: typeof FORMAT;
  /** False until every part landed: restore refuses a backup that stopped halfway. */
  complete: boolean;
  started_at: string;
  finished_at?: string;
  database?: DatabaseCopy;
  files?: FilesCopy;
  jwt_secret: boolean;
}

/** The manifest in `dir`; null when there is none. Throws ExitError(2) when it is not one of ours. */
export async function readManifest(dir: string): Promise<BackupManifest | null> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let m: BackupManifest;
  try {
    m = JSON.parse(text) as BackupManifest;
  } catch {
    throw new ExitError(2, `${path.join(dir, MANIFEST)} is not JSON: not a backup written by npm run backup`);
  }
  if (m?.format !== FORMAT)
    throw new ExitError(2, `${path.join(dir, MANIFEST)}: format ${JSON.stringify(m?.format)}, expected "${FORMAT}"`);
  return m;
}

/** Written under another name, then renamed: a reader never sees half a manifest. */
export async function writeManifest(dir: string, m: BackupManifest): Promise<void> {
  const tmp = path.join(dir, `.${MANIFEST}.${process.pid}`);
  await writeFile(tmp, `${JSON.stringify(m, null, 2)}\n`);
  await rename(tmp, path.join(dir, MANIFEST));
}

export interface LocalFile {
  key: string;
  size: number;
  full: string;
}

/** Every file under `root` whose path is a storage key, and the paths that are not (reported, never copied). */
export async function filesUnder(root: string): Promise<{ files: LocalFile[]; ignored: string[] }> {
  const files: LocalFile[] = [];
  const ignored: string[] = [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, full).split(path.sep).join('/');
    if (!entry.isFile() || !isSafeStorageKey(key)) ignored.push(key);
    else files.push({ key, size: (await stat(full)).size, full });
  }
  files.sort((a, b) => a.key.localeCompare(b.key));
  return { files, ignored };
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * What is wrong with the backup in `dir` (missing, unfinished, a copy that is not what the manifest
 * says), as ExitError(2); the manifest when it is whole.
 */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const m = await readManifest(dir);
  if (!m) throw new ExitError(2, `${dir} holds no ${MANIFEST}: not a backup written by npm run backup`);
  if (!m.complete || !m.database || !m.files) {
    throw new ExitError(
      2,
      `the backup in ${dir} is not complete (started ${m.started_at}, never finished): run npm run backup again, or restore another one`,
    );
  }
  const db = path.join(dir, m.database.file);
  const size = await stat(db).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw new ExitError(2, `${db} is missing: the backup is damaged`);
  if (size !== m.database.bytes)
    throw new ExitError(2, `${db} is ${size} bytes, the manifest says ${m.database.bytes}: the backup is damaged`);
  if ((await sha256File(db)) !== m.database.sha256)
    throw new ExitError(2, `${db} does not match the checksum in the manifest: the backup is damaged`);
  const { files } = await filesUnder(path.join(dir, FILES));
  const bytes = files.reduce((n, f) => n + f.size, 0);
  if (files.length !== m.files.count || bytes !== m.files.bytes) {
    throw new ExitError(
      2,
      `${path.join(dir, FILES)} holds ${files.length} files (${bytes} bytes), the manifest says ${m.files.count} (${m.files.bytes} bytes): the backup is damaged`,
    );
  }
  if (m.jwt_secret && !(await stat(path.join(dir, JWT_SECRET_FILE)).catch(() => null)))
    throw new ExitError(2, `${path.join(dir, JWT_SECRET_FILE)} is missing: the backup is damaged`);
  return m;
}

export const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
