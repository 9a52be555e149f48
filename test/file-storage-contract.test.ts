// The FileStorage port's contract (src/ports/file-storage.ts), one set of cases run against each
// adapter: the disk under DATA_DIR and an S3 bucket on a local S3-protocol server (s3rver).
// Whatever the modules rely on — null for a missing file, an idempotent delete, bytes back as
// they went in, keys with slashes, unsafe keys refused — holds for both.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { StorageUnavailableError, type FileStorage } from '../src/ports/file-storage.ts';
import { DiskFileStorage } from '../src/adapters/disk/disk-file-storage.ts';
import { S3FileStorage } from '../src/adapters/s3/s3-file-storage.ts';
import { filesUnder } from './helpers/stored-files.ts';
import { startS3Server, type S3Server } from './helpers/s3-server.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

interface Subject {
  storage: FileStorage;
  /** Every key the store holds, seen from outside the adapter. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const SUBJECTS: Record<string, () => Promise<Subject>> = {
  async disk() {
    const root = await mkdtemp(path.join(tmpdir(), 'stays-contract-'));
    return {
      storage: new DiskFileStorage(path.join(root, 'files')),
      keys: () => filesUnder(path.join(root, 'files')),
      close: () => rm(root, { recursive: true, force: true }),
    };
  },
  async s3() {
    const server = await startS3Server();
    const storage = new S3FileStorage({
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    return {
      storage,
      keys: () => server.keys(),
      close: async () => {
        storage.close();
        await server.close();
      },
    };
  },
};

for (const [name, make] of Object.entries(SUBJECTS)) {
  describe(`FileStorage contract: ${name}`, () => {
    let s: Subject;
    before(async () => {
      s = await make();
    });
    after(() => s.close());

    it('put answers the key and size; get gives the same bytes back; exists says so; delete removes it', async () => {
      const data = Buffer.from(Array.from({ length: 256 }, (_, i) => i)); // every byte value, NUL and CR/LF included
      const key = 'listings/42/photo-1.jpg';
      assert.equal(await s.storage.exists(key), false);
      assert.deepEqual(await s.storage.put(key, data), { key, size: data.length });
      assert.equal(await s.storage.exists(key), true);
      assert.deepEqual(await readAll((await s.storage.get(key))!), data);
      assert.deepEqual(await s.keys(), [key]);
      await s.storage.delete(key);
      assert.equal(await s.storage.exists(key), false);
      assert.equal(await s.storage.get(key), null);
      assert.deepEqual(await s.keys(), []);
    });

    it('a missing key: get is null, exists is false, delete is no error (twice)', async () => {
      assert.equal(await s.storage.get('nothing/here.png'), null);
      assert.equal(await s.storage.exists('nothing/here.png'), false);
      await s.storage.delete('nothing/here.png');
      await s.storage.delete('nothing/here.png');
    });

    it('keeps keys with slashes apart, several levels deep, and a prefix is not a file', async () => {
      const files = { 'a/b/c/d.bin': 'deep', 'a/b/c.bin': 'middle', 'a/b.bin': 'shallow', 'a/b/c/e.bin': 'sibling' };
      for (const [key, text] of Object.entries(files)) await s.storage.put(key, Buffer.from(text));
      for (const [key, text] of Object.entries(files))
        assert.equal((await readAll((await s.storage.get(key))!)).toString(), text, key);
      for (const prefix of ['a', 'a/b', 'a/b/c']) {
        assert.equal(await s.storage.exists(prefix), false, prefix);
        assert.equal(await s.storage.get(prefix), null, prefix);
      }
      assert.deepEqual(await s.keys(), Object.keys(files).sort());
      await s.storage.delete('a/b/c/d.bin');
      assert.equal((await readAll((await s.storage.get('a/b/c/e.bin'))!)).toString(), 'sibling');
      for (const key of Object.keys(files)) await s.storage.delete(key);
      assert.deepEqual(await s.keys(), []);
    });

    it('round-trips a 3 MB binary file and an empty one byte for byte', async () => {
      const big = randomBytes(3 * 1024 * 1024);
      assert.deepEqual(await s.storage.put('media/1/big.bin', big), { key: 'media/1/big.bin', size: big.length });
      const back = await readAll((await s.storage.get('media/1/big.bin'))!);
      assert.equal(back.length, big.length);
      assert.ok(back.equals(big), 'the bytes differ');
      assert.deepEqual(await s.storage.put('media/1/empty.bin', Buffer.alloc(0)), {
        key: 'media/1/empty.bin',
        size: 0,
      });
      assert.equal(await s.storage.exists('media/1/empty.bin'), true);
      assert.equal((await readAll((await s.storage.get('media/1/empty.bin'))!)).length, 0);
      await s.storage.delete('media/1/big.bin');
      await s.storage.delete('media/1/empty.bin');
    });

    it('a second put under one key replaces the first', async () => {
      await s.storage.put('doc.txt', Buffer.from('first version, longer'));
      await s.storage.put('doc.txt', Buffer.from('second'));
      assert.equal((await readAll((await s.storage.get('doc.txt'))!)).toString(), 'second');
      await s.storage.delete('doc.txt');
    });

    const unsafe = [
      '../x',
      '/etc/passwd',
      'a/../../b',
      '',
      '.hidden',
      'a/./b',
      'a//b',
      'a/',
      '..',
      'a\\..\\b',
      'a/.hidden',
      'a b',
      'ok\0.txt',
      'a?b',
      'a#b',
      'é.png',
    ];
    it(`refuses unsafe keys (${unsafe.length} of them) on put, get and delete, and stores nothing`, async () => {
      for (const key of unsafe) {
        await assert.rejects(s.storage.put(key, Buffer.from('pwned')), /unsafe storage key/, JSON.stringify(key));
        await assert.rejects(s.storage.get(key), /unsafe storage key/, JSON.stringify(key));
        await assert.rejects(s.storage.delete(key), /unsafe storage key/, JSON.stringify(key));
        assert.equal(await s.storage.exists(key), false, JSON.stringify(key));
      }
      assert.deepEqual(await s.keys(), []);
    });
  });
}

describe('S3FileStorage: an outage or a wrong setting is an error, never "no such file"', () => {
  let server: S3Server;
  before(async () => {
    server = await startS3Server();
  });
  after(() => server.close());

  const at = (over: Partial<ConstructorParameters<typeof S3FileStorage>[0]>) =>
    new S3FileStorage({
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      maxAttempts: 1,
      ...over,
    });

  it('a reachable bucket has no problem', async () => {
    const storage = at({});
    try {
      assert.equal(await storage.problem(), null);
    } finally {
      storage.close();
    }
  });

  // A wrong setting is not a passing outage: it stays its own error (a 500, logged), not a 503.
  const wrongSetting = (err: unknown) =>
    !(err instanceof StorageUnavailableError) && (err as Error).name === 'NoSuchBucket';

  it('a bucket that does not exist: the problem names S3_BUCKET, and get/put/delete throw NoSuchBucket', async () => {
    const storage = at({ bucket: 'no-such-bucket' });
    try {
      assert.match((await storage.problem())!, /^S3_BUCKET: no bucket "no-such-bucket"/);
      await assert.rejects(storage.get('a/b.png'), wrongSetting);
      await assert.rejects(storage.delete('a/b.png'), wrongSetting);
      await assert.rejects(storage.put('a/b.png', Buffer.from('x')), wrongSetting);
    } finally {
      storage.close();
    }
  });

  it('an endpoint nothing listens on: the problem names S3_ENDPOINT, and every call throws StorageUnavailableError', async () => {
    const storage = at({ endpoint: 'http://127.0.0.1:9' });
    try {
      assert.match(
        (await storage.problem())!,
        /^S3_ENDPOINT: s3:\/\/stays-files \(http:\/\/127\.0\.0\.1:9\) not reachable/,
      );
      for (const call of [
        () => storage.get('a/b.png'),
        () => storage.exists('a/b.png'),
        () => storage.delete('a/b.png'),
        () => storage.put('a/b.png', Buffer.from('x')),
      ]) {
        await assert.rejects(call(), StorageUnavailableError);
      }
    } finally {
      storage.close();
    }
  });

  it('refuses a key id without its secret', () => {
    assert.throws(
      () => new S3FileStorage({ bucket: 'b', region: 'us-east-1', accessKeyId: 'only-the-id' }),
      /go together/,
    );
  });
});
