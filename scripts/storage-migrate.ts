// `npm run storage:migrate [-- --from <dir>] [--concurrency <n>]`: copies a disk store (the files
// DiskFileStorage kept, DATA_DIR/files by default) into the bucket that STORAGE=s3 and the S3_*
// settings name, under the same keys, so an instance switched to STORAGE=s3 finds every file.
//
// Idempotent and resumable: the bucket is listed first, and a file already there with the same
// size is skipped, so a second run copies nothing and a run after an interruption (Ctrl-C, a
// crash, a network failure) copies only what is missing. An S3 PUT lands whole or not at all, so
// an interrupted copy leaves no half object to mistake for a copied one. Files in the bucket that
// are not on disk are left alone. It reads the disk store and never changes it.
//
// A progress bar on stderr (on a terminal), one summary line on stdout. Exit status: 0 all
// copied, 1 some files failed (rerun), 2 bad arguments, 78 wrong settings or the bucket
// unreachable (nothing copied), 130 interrupted (rerun to finish).
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { ConfigError, loadConfig } from '../src/config.ts';
import { S3FileStorage, s3StorageOptions } from '../src/adapters/s3/s3-file-storage.ts';
import { isSafeStorageKey } from '../src/ports/file-storage.ts';

function fail(code: number, message: string): never {
  console.error(`storage:migrate: ${message}`);
  process.exit(code);
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

let args;
try {
  args = parseArgs({ options: { from: { type: 'string' }, concurrency: { type: 'string', default: '8' } } }).values;
} catch (err) {
  fail(2, `${(err as Error).message}\nusage: npm run storage:migrate [-- --from <dir>] [--concurrency <n>]`);
}
const concurrency = Number(args.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
  fail(2, `--concurrency must be a whole number from 1 to 64 (got ${args.concurrency})`);

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(78, err.message);
  throw err;
}
if (config.STORAGE !== 's3') {
  fail(
    78,
    `STORAGE is "${config.STORAGE}": set STORAGE=s3 and S3_BUCKET (with S3_ENDPOINT, S3_REGION and the keys as needed) to name the bucket to copy into`,
  );
}
const from = path.resolve(args.from ?? path.join(config.DATA_DIR, 'files'));
const source = await stat(from).catch(() => null);
if (!source?.isDirectory())
  fail(2, `${from} is not a folder: nothing to copy (--from names the disk store; default DATA_DIR/files)`);

const storage = new S3FileStorage(s3StorageOptions(config));
const problem = await storage.problem();
if (problem) {
  storage.close();
  fail(78, `${problem}\nnothing was copied`);
}

// The disk store: every regular file whose path is a storage key (anything else was not written
// by the service and is reported, not copied).
const files: Array<{ key: string; size: number; full: string }> = [];
const ignored: string[] = [];
for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
  if (entry.isDirectory()) continue;
  const full = path.join(entry.parentPath, entry.name);
  const key = path.relative(from, full).split(path.sep).join('/');
  if (!entry.isFile() || !isSafeStorageKey(key)) ignored.push(key);
  else files.push({ key, size: (await stat(full)).size, full });
}
files.sort((a, b) => a.key.localeCompare(b.key));

const inBucket = new Map<string, number>();
for await (const o of storage.list()) inBucket.set(o.key, o.size);
const todo = files.filter((f) => inBucket.get(f.key) !== f.size);
const already = files.length - todo.length;

let interrupted = false;
process.once('SIGINT', () => (interrupted = true));
process.once('SIGTERM', () => (interrupted = true));

const bar = new cliProgress.SingleBar(
  {
    stream: process.stderr,
    format: 'copying [{bar}] {percentage}% | {value}/{total} files | {copied} | eta {eta_formatted}',
    hideCursor: true,
  },
  cliProgress.Presets.shades_classic,
);
bar.start(todo.length, 0, { copied: mb(0) });
let copied = 0;
let copiedBytes = 0;
const failures: Array<{ key: string; error: string }> = [];
let next = 0;
async function worker() {
  while (!interrupted && next < todo.length) {
    const f = todo[next++]!;
    try {
      await storage.put(f.key, await readFile(f.full));
      copied++;
      copiedBytes += f.size;
    } catch (err) {
      failures.push({ key: f.key, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
    }
    bar.increment(1, { copied: mb(copiedBytes) });
  }
}
await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
bar.stop();
storage.close();

for (const f of failures) console.error(`storage:migrate: could not copy ${f.key}: ${f.error}`);
if (ignored.length)
  console.error(
    `storage:migrate: not copied (not a file the service wrote): ${ignored.slice(0, 20).join(', ')}${ignored.length > 20 ? ', …' : ''}`,
  );
const left = todo.length - copied;
console.log(
  `storage:migrate: ${copied} copied (${mb(copiedBytes)}), ${already} already in the bucket, ${failures.length} failed, ` +
    `${ignored.length} ignored; ${left} left to copy; ${from} → ${storage.location}${interrupted ? ' (interrupted: run it again to finish)' : ''}`,
);
process.exit(interrupted ? 130 : failures.length ? 1 : 0);
