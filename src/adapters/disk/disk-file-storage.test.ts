import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DiskFileStorage } from './disk-file-storage.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Every file and folder under `dir`, relative to it. */
async function listTree(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

describe('DiskFileStorage', () => {
  // The root sits one level down, so a key that escaped it would land in `outer`, where we look.
  let outer: string;
  let root: string;
  let storage: DiskFileStorage;
  before(async () => {
    outer = await mkdtemp(path.join(tmpdir(), 'stays-storage-'));
    root = path.join(outer, 'files');
    storage = new DiskFileStorage(root);
  });
  after(() => rm(outer, { recursive: true, force: true }));

  it('puts, reads back, reports and deletes a file, creating parent folders', async () => {
    const data = Buffer.from([0, 1, 2, 250, 251, 252, 10, 13]);
    const key = 'listings/42/photo-1.jpg';
    assert.equal(await storage.exists(key), false);
    assert.equal(await storage.get(key), null);
    assert.deepEqual(await storage.put(key, data), { key, size: data.length });
    assert.equal(await storage.exists(key), true);
    assert.deepEqual(await readAll((await storage.get(key))!), data);
    assert.deepEqual(await readFile(path.join(root, 'listings', '42', 'photo-1.jpg')), data);
    await storage.delete(key);
    assert.equal(await storage.exists(key), false);
    assert.equal(await storage.get(key), null);
    await storage.delete(key);
  });

  it('overwrites a file put twice under one key', async () => {
    await storage.put('doc.txt', Buffer.from('first version'));
    await storage.put('doc.txt', Buffer.from('second'));
    assert.equal((await readAll((await storage.get('doc.txt'))!)).toString(), 'second');
    await storage.delete('doc.txt');
  });

  it('does not treat a folder as a file', async () => {
    await storage.put('folder/inner.bin', Buffer.from('x'));
    assert.equal(await storage.exists('folder'), false);
    assert.equal(await storage.get('folder'), null);
    await storage.delete('folder/inner.bin');
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
  ];

  for (const key of unsafe) {
    it(`refuses the key ${JSON.stringify(key)} and writes nothing`, async () => {
      const before = await listTree(outer);
      await assert.rejects(storage.put(key, Buffer.from('pwned')), /unsafe storage key/);
      await assert.rejects(storage.get(key), /unsafe storage key/);
      await assert.rejects(storage.delete(key), /unsafe storage key/);
      assert.equal(await storage.exists(key), false);
      assert.deepEqual(await listTree(outer), before);
    });
  }

  it('cannot delete or read a real file outside the root through a traversal key', async () => {
    await writeFile(path.join(outer, 'x'), 'outside');
    await assert.rejects(storage.delete('../x'));
    await assert.rejects(storage.get('../x'));
    assert.equal(await storage.exists('../x'), false);
    assert.equal(await readFile(path.join(outer, 'x'), 'utf8'), 'outside');
    await rm(path.join(outer, 'x'));
  });
});
