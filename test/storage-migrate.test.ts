// `npm run storage:migrate` (scripts/storage-migrate.ts) run as an operator runs it, against a
// local S3-protocol server (s3rver): it copies a disk store written by DiskFileStorage into the
// bucket byte for byte; a second run copies nothing; a run after an interruption copies exactly
// what is missing; it refuses, copying nothing, when STORAGE is not s3 or the bucket is not there.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiskFileStorage } from '../src/adapters/disk/disk-file-storage.ts';
import { startS3Server, type S3Server } from './helpers/s3-server.ts';
import { runScript } from './helpers/run-script.ts';

const migrate = (
  env: Record<string, string>,
  args: string[] = [],
  onStart?: (signal: (s: NodeJS.Signals) => void) => void,
) => runScript('storage-migrate.ts', env, args, onStart);

describe('npm run storage:migrate', () => {
  let dataDir: string;
  let disk: DiskFileStorage;
  const store = new Map<string, Buffer>();
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'stays-migrate-'));
    disk = new DiskFileStorage(path.join(dataDir, 'files'));
    // What an instance on disk keeps: media and thumbnails, avatars, KYC documents, attachments.
    const keys = [
      ...Array.from(
        { length: 60 },
        (_, i) => `media/${1 + (i % 6)}/${randomBytes(16).toString('hex')}${i % 2 ? '-thumb.webp' : '.jpg'}`,
      ),
      ...Array.from({ length: 15 }, () => `avatars/${randomBytes(16).toString('hex')}.png`),
      ...Array.from(
        { length: 15 },
        () => `kyc/${randomBytes(8).toString('hex')}/${randomBytes(16).toString('hex')}.pdf`,
      ),
      ...Array.from({ length: 10 }, () => `messages/2026-05/${randomBytes(16).toString('hex')}.png`),
    ];
    for (const [i, key] of keys.entries()) store.set(key, randomBytes(1 + ((i * 7919) % 40_000)));
    store.set('media/9/empty.jpg', Buffer.alloc(0));
    for (const [key, data] of store) await disk.put(key, data);
    // Something the service did not write (no storage key): reported, not copied.
    await writeFile(path.join(dataDir, 'files', '.DS_Store'), 'finder');
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  /** Every disk file is in the bucket with the same bytes. */
  async function sameAsDisk(s3: S3Server) {
    assert.deepEqual(await s3.keys(), [...store.keys()].sort());
    for (const [key, data] of store) assert.ok((await s3.object(key))?.equals(data), `${key} differs in the bucket`);
  }

  it('copies every file, then copies nothing on a second run', async () => {
    const s3 = await startS3Server();
    try {
      const first = await migrate({ DATA_DIR: dataDir, ...s3.env });
      assert.equal(first.code, 0, first.stderr);
      assert.match(
        first.stdout,
        new RegExp(
          `^storage:migrate: ${store.size} copied \\([0-9.]+ MB\\), 0 already in the bucket, 0 failed, 1 ignored; 0 left to copy;`,
        ),
      );
      assert.match(first.stderr, /not copied \(not a file the service wrote\): \.DS_Store/);
      assert.deepEqual([...s3.written].sort(), [...store.keys()].sort());
      await sameAsDisk(s3);

      s3.forget();
      const second = await migrate({ DATA_DIR: dataDir, ...s3.env });
      assert.equal(second.code, 0, second.stderr);
      assert.match(
        second.stdout,
        new RegExp(`^storage:migrate: 0 copied \\(0.0 MB\\), ${store.size} already in the bucket, 0 failed`),
      );
      assert.deepEqual(s3.written, [], 'the second run wrote nothing');
      await sameAsDisk(s3);
    } finally {
      await s3.close();
    }
  });

  it('after interruptions (Ctrl-C, then a crash), a rerun copies exactly what is missing', async () => {
    const s3 = await startS3Server();
    try {
      // One file at a time, stopped once the server has stored a few more.
      const stopAfter = (count: number, sig: NodeJS.Signals) => (signal: (s: NodeJS.Signals) => void) => {
        const timer = setInterval(() => {
          if (s3.written.length < count) return;
          clearInterval(timer);
          signal(sig);
        }, 1);
      };
      const ctrlC = await migrate({ DATA_DIR: dataDir, ...s3.env }, ['--concurrency', '1'], stopAfter(5, 'SIGINT'));
      assert.equal(ctrlC.code, 130, ctrlC.stderr);
      assert.match(ctrlC.stdout, /\(interrupted: run it again to finish\)/);
      const crash = await migrate({ DATA_DIR: dataDir, ...s3.env }, ['--concurrency', '1'], stopAfter(15, 'SIGKILL'));
      assert.equal(crash.code, null, 'killed');
      // s3rver lists an object from its first byte, so the upload the kill cut short may be listed,
      // short; real S3 stores a PUT whole or not at all. What landed is what is there complete.
      // Bytes the killed process had already sent may still be arriving: read until two reads agree.
      const complete = async () => {
        const keys: string[] = [];
        for (const key of await s3.keys()) if ((await s3.object(key))?.equals(store.get(key)!)) keys.push(key);
        return keys;
      };
      let landed = await complete();
      for (;;) {
        await new Promise((r) => setTimeout(r, 200));
        const again = await complete();
        if (again.join() === landed.join()) break;
        landed = again;
      }
      assert.ok(
        landed.length >= 15 && landed.length < store.size,
        `${landed.length} of ${store.size} copied before the crash`,
      );

      s3.forget();
      const rerun = await migrate({ DATA_DIR: dataDir, ...s3.env });
      assert.equal(rerun.code, 0, rerun.stderr);
      const missing = [...store.keys()].filter((k) => !landed.includes(k)).sort();
      assert.deepEqual([...s3.written].sort(), missing, 'the rerun wrote exactly the files the first runs had not');
      assert.match(
        rerun.stdout,
        new RegExp(`^storage:migrate: ${missing.length} copied .*, ${landed.length} already in the bucket, 0 failed`),
      );
      await sameAsDisk(s3);
    } finally {
      await s3.close();
    }
  });

  it('copies again an object of another size under the same key (a stale or foreign object), and leaves objects not on disk alone', async () => {
    const s3 = await startS3Server();
    try {
      const [stale, same] = [...store.keys()].filter((k) => store.get(k)!.length > 10);
      await s3.put(stale!, Buffer.from('an older, different file'));
      await s3.put(same!, store.get(same!)!);
      await s3.put('elsewhere/kept.txt', Buffer.from('not from this disk'));
      s3.forget();
      const run = await migrate({ DATA_DIR: dataDir, ...s3.env });
      assert.equal(run.code, 0, run.stderr);
      assert.ok(s3.written.includes(stale!), 'the stale object was replaced');
      assert.ok(!s3.written.includes(same!), 'the object of the same size was skipped');
      assert.equal(s3.written.length, store.size - 1);
      assert.ok((await s3.object(stale!))!.equals(store.get(stale!)!));
      assert.deepEqual(s3.removed, []);
      assert.equal((await s3.object('elsewhere/kept.txt'))?.toString(), 'not from this disk');
    } finally {
      await s3.close();
    }
  });

  it('refuses, copying nothing, when STORAGE is not s3, the bucket is not there, or the endpoint does not answer', async () => {
    const s3 = await startS3Server();
    try {
      const cases: Array<[string, Record<string, string>, RegExp]> = [
        ['STORAGE unset (disk)', { STORAGE: '' }, /STORAGE is "disk": set STORAGE=s3/],
        ['no bucket', { S3_BUCKET: 'not-created' }, /S3_BUCKET: no bucket "not-created"/],
        ['no server', { S3_ENDPOINT: 'http://127.0.0.1:9' }, /S3_ENDPOINT: .* not reachable/],
        ['a key without its secret', { S3_SECRET_ACCESS_KEY: '' }, /S3_SECRET_ACCESS_KEY/],
      ];
      for (const [what, over, message] of cases) {
        const run = await migrate({ DATA_DIR: dataDir, ...s3.env, ...over });
        assert.equal(run.code, 78, `${what}: ${run.stderr}`);
        assert.match(run.stderr, message, what);
        assert.equal(run.stdout, '', what);
      }
      const noStore = await migrate({ DATA_DIR: path.join(dataDir, 'nothing-here'), ...s3.env });
      assert.equal(noStore.code, 2);
      assert.match(noStore.stderr, /is not a folder: nothing to copy/);
      assert.deepEqual(s3.written, []);
      assert.deepEqual(await s3.keys(), []);
    } finally {
      await s3.close();
    }
  });
});
