// The files of a backup and restore: copied between the service's store (the bucket of STORAGE=s3,
// or DATA_DIR/files) and a folder, one file per storage key, a few at a time, with a progress bar
// on stderr. A file already at the destination with the same size is skipped: keys are generated
// once per upload and never rewritten, so the same key and size is the same file, and a second run
// after an interruption copies only what is missing.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import cliProgress from 'cli-progress';
import type { Config } from '../../src/config.ts';
import { S3FileStorage, s3StorageOptions } from '../../src/adapters/s3/s3-file-storage.ts';
import { ExitError, filesUnder, mb } from './backup-manifest.ts';

export interface FileStore {
  /** A bucket or a folder, for messages (no credentials). */
  location: string;
  list(): AsyncIterable<{ key: string; size: number }>;
  /** The bytes; null when the file is gone. */
  read(key: string): Promise<Buffer | null>;
  write(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  close(): void;
}

/** A folder holding one file per key. A file lands whole (written aside, then renamed) or not at all. */
export function folderStore(root: string): FileStore {
  return {
    location: root,
    async *list() {
      yield* (await filesUnder(root)).files;
    },
    async read(key) {
      return readFile(path.join(root, key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
    },
    async write(key, data) {
      const full = path.join(root, key);
      await mkdir(path.dirname(full), { recursive: true });
      const tmp = path.join(path.dirname(full), `.${path.basename(full)}.${randomBytes(4).toString('hex')}.partial`);
      await writeFile(tmp, data, { mode: 0o640 });
      await rename(tmp, full);
    },
    remove: (key) => rm(path.join(root, key), { force: true }),
    close() {},
  };
}

export interface StoreOptions {
  /** Make the bucket when there is none (a restore into a fresh bucket), then call `created`. */
  createMissingBucket?: { created(location: string): void };
}

/** The bucket STORAGE=s3 names, checked first: ExitError(78) naming the setting when it does not answer. */
export async function bucketStore(config: Config, opts: StoreOptions = {}): Promise<FileStore> {
  let s3: S3FileStorage;
  try {
    s3 = new S3FileStorage(s3StorageOptions(config));
  } catch (err) {
    throw new ExitError(78, (err as Error).message);
  }
  if (opts.createMissingBucket) {
    try {
      if (await s3.createIfMissing()) opts.createMissingBucket.created(s3.location);
    } catch (err) {
      s3.close();
      throw new ExitError(
        78,
        `S3_BUCKET: no bucket "${config.S3_BUCKET}" at ${s3.location}, and it could not be made (${(err as Error).name}: ${(err as Error).message}); make it, or give the credentials s3:CreateBucket`,
      );
    }
  }
  const problem = await s3.problem();
  if (problem) {
    s3.close();
    throw new ExitError(78, problem);
  }
  return {
    location: s3.location,
    list: () => s3.list(),
    async read(key) {
      const body = await s3.get(key);
      return body ? Buffer.concat(await body.toArray()) : null;
    },
    async write(key, data) {
      await s3.put(key, data);
    },
    remove: (key) => s3.delete(key),
    close: () => s3.close(),
  };
}

/** The store the service keeps its files in, under these settings. */
export const serviceStore = (config: Config, opts: StoreOptions = {}): Promise<FileStore> =>
  config.STORAGE === 's3'
    ? bucketStore(config, opts)
    : Promise.resolve(folderStore(path.resolve(config.DATA_DIR, 'files')));

export interface CopyOutcome {
  /** Every file the source listed, and their bytes. */
  listed: number;
  listedBytes: number;
  copied: number;
  copiedBytes: number;
  /** Already at the destination with the same size. */
  already: number;
  /** Listed, then gone before their turn. */
  vanished: number;
  /** Removed from the destination because the source no longer has them (`mirror`). */
  removed: number;
  failures: Array<{ key: string; error: string }>;
  interrupted: boolean;
  listedAt: Date;
}

export interface CopyOptions {
  concurrency: number;
  /** Remove what the destination holds and the source does not (a backup mirrors its source). */
  mirror?: boolean;
  /** Checked between files: true stops the copy (Ctrl-C). */
  stopped: () => boolean;
  label: string;
}

export interface Listing {
  files: Array<{ key: string; size: number }>;
  at: Date;
}

/** Every file of the store, and when it was listed. */
export async function listFiles(store: FileStore): Promise<Listing> {
  const at = new Date();
  const files: Listing['files'] = [];
  for await (const f of store.list()) files.push(f);
  return { files, at };
}

/** Copies the files of `listing` (`from`'s, listed now when not given) that `to` lacks. */
export async function copyFiles(
  from: FileStore,
  to: FileStore,
  opts: CopyOptions,
  listing?: Listing,
): Promise<CopyOutcome> {
  const { files: source, at: listedAt } = listing ?? (await listFiles(from));
  const there = new Map<string, number>();
  for await (const f of to.list()) there.set(f.key, f.size);
  const todo = source.filter((f) => there.get(f.key) !== f.size);
  const out: CopyOutcome = {
    listed: source.length,
    listedBytes: source.reduce((n, f) => n + f.size, 0),
    copied: 0,
    copiedBytes: 0,
    already: source.length - todo.length,
    vanished: 0,
    removed: 0,
    failures: [],
    interrupted: false,
    listedAt,
  };
  if (opts.mirror) {
    const keep = new Set(source.map((f) => f.key));
    for (const key of there.keys()) {
      if (keep.has(key)) continue;
      await to.remove(key);
      out.removed++;
    }
  }
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${opts.label} [{bar}] {percentage}% | {value}/{total} files | {copied} | eta {eta_formatted}`,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(todo.length, 0, { copied: mb(0) });
  let next = 0;
  const worker = async () => {
    while (!opts.stopped() && next < todo.length) {
      const f = todo[next++]!;
      try {
        const data = await from.read(f.key);
        if (data === null) out.vanished++;
        else {
          await to.write(f.key, data);
          out.copied++;
          out.copiedBytes += data.length;
        }
      } catch (err) {
        out.failures.push({ key: f.key, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
      }
      bar.increment(1, { copied: mb(out.copiedBytes) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, todo.length) }, worker));
  bar.stop();
  out.interrupted = opts.stopped() && next < todo.length;
  return out;
}
