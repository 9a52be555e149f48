import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiskFileStorage } from '../adapters/disk/disk-file-storage.ts';
import type { FileStorage } from '../ports/file-storage.ts';
import { filesUnder } from '../../test/helpers/stored-files.ts';
import { removeStoredFiles, storeFilesThen } from './stored-files.ts';

async function onDisk<T>(
  run: (storage: FileStorage, root: string, logged: Array<{ key?: string; msg: string }>) => Promise<T>,
) {
  const root = await mkdtemp(path.join(tmpdir(), 'stored-files-'));
  try {
    return await run(new DiskFileStorage(root), root, []);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

const logTo = (logged: Array<{ key?: string; msg: string }>) =>
  ({ error: (obj: { key?: string }, msg: string) => logged.push({ key: obj.key, msg }) }) as never;
/** The disk storage with some of its methods replaced. */
const wrap = (disk: FileStorage, over: Partial<FileStorage>): FileStorage => ({
  put: (k, d) => disk.put(k, d),
  get: (k) => disk.get(k),
  exists: (k) => disk.exists(k),
  delete: (k) => disk.delete(k),
  ...over,
});
const files = [
  { key: 'a/1.png', data: Buffer.from('one') },
  { key: 'a/2.png', data: Buffer.from('two') },
];

describe('storeFilesThen / removeStoredFiles', () => {
  it('keeps the files when the change succeeds, and removes every one of them when it fails', async () => {
    await onDisk(async (storage, root, logged) => {
      assert.equal(await storeFilesThen({ storage, log: logTo(logged) }, files, async () => 'done'), 'done');
      assert.deepEqual(await filesUnder(root), ['a/1.png', 'a/2.png']);
      const failing = [
        { key: 'b/1.png', data: Buffer.from('x') },
        { key: 'b/2.png', data: Buffer.from('y') },
      ];
      await assert.rejects(
        storeFilesThen({ storage, log: logTo(logged) }, failing, async () => {
          throw new Error('rolled back');
        }),
        /rolled back/,
      );
      assert.deepEqual(await filesUnder(root), ['a/1.png', 'a/2.png']);
    });
  });

  it('removes a file whose write failed halfway, and those written before it', async () => {
    await onDisk(async (disk, root, logged) => {
      const storage = wrap(disk, {
        async put(key, data) {
          if (!key.endsWith('2.png')) return disk.put(key, data);
          await disk.put(key, data.subarray(0, 1)); // part of the bytes landed
          throw new Error('connection reset');
        },
      });
      await assert.rejects(
        storeFilesThen({ storage, log: logTo(logged) }, files, async () => 'never'),
        /connection reset/,
      );
      assert.deepEqual(await filesUnder(root), []);
    });
  });

  it('logs a removal that fails, with its key, and still answers with the original error', async () => {
    await onDisk(async (disk, _root, logged) => {
      const storage = wrap(disk, {
        delete: async () => {
          throw new Error('EACCES');
        },
      });
      await assert.rejects(
        storeFilesThen({ storage, log: logTo(logged) }, files, async () => {
          throw new Error('constraint');
        }),
        /constraint/,
      );
      assert.deepEqual(
        logged.map((l) => l.key),
        ['a/1.png', 'a/2.png'],
      );
      assert.match(logged[0]!.msg, /orphan/);
      await removeStoredFiles({ storage, log: logTo(logged) }, [null, 'c.png', undefined]);
      assert.equal(logged.at(-1)!.key, 'c.png');
    });
  });
});
