import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, loginAs } from '../../../test/helpers/factories.ts';
import { filesUnder, storedFiles } from '../../../test/helpers/stored-files.ts';
import { GIF, PNG, rowOf, updateForm } from './users.test-support.ts';

const AVATAR_URL =
  /^\/api\/user\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|gif|jpg)$/;

describe('avatars', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('stores a PNG, re-encoded, under a generated name and serves it publicly with its checked type, inline, nosniff and sandboxed', async () => {
    const u = await createUser(t.deps);
    const res = await updateForm(t, await loginAs(t.app, u), {
      avatar: { data: PNG, name: 'me.png', type: 'image/png' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const url = res.json().data.avatar;
    assert.match(url, AVATAR_URL);
    const served = await get(url);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    assert.match(String(served.headers['content-security-policy']), /sandbox/);
    assert.match(String(served.headers['content-disposition']), /^inline/);
    const image = await sharp(served.rawPayload).metadata();
    assert.deepEqual([image.format, image.width, image.height], ['png', 1, 1]);
  });

  it('keeps a path-traversal file name off the file system: only the generated name is written, inside DATA_DIR/files/avatars', async () => {
    const u = await createUser(t.deps);
    const res = await updateForm(t, await loginAs(t.app, u), {
      avatar: { data: PNG, name: '../../etc/passwd.png', type: 'image/png' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const name = path.basename(res.json().data.avatar);
    const dataDir = t.deps.config.DATA_DIR;
    const all = await filesUnder(dataDir);
    assert.ok(all.includes(path.join('files', 'avatars', name)), `stored as ${name}`);
    assert.equal(all.filter((f) => /passwd/.test(f)).length, 0, all.join(', '));
    for (const f of all.filter((x) => x.startsWith('files')))
      assert.match(f, /^files\/avatars\/[0-9a-f-]{36}\.(png|gif|jpg)$/);
    // Where a name joined naively onto the avatars folder would have landed.
    for (const naive of ['etc/passwd.png', '../etc/passwd.png', 'files/etc/passwd.png']) {
      await assert.rejects(access(path.resolve(dataDir, naive)), naive);
    }
  });

  it('judges the type by content: a PNG name with text content is 415 and nothing changes', async () => {
    const u = await createUser(t.deps);
    const res = await updateForm(t, await loginAs(t.app, u), {
      avatar: { data: Buffer.from('<script>alert(1)</script>'), name: 'x.png', type: 'image/png' },
      job: 'x',
    });
    assert.equal(res.statusCode, 415);
    assert.ok(res.json().errors.avatar);
    assert.equal((await rowOf(t, u.id)).job, null);
    assert.equal((await rowOf(t, u.id)).avatar, null);
  });

  it('refuses an avatar over 2 MB (413)', async () => {
    const u = await createUser(t.deps);
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const res = await updateForm(t, await loginAs(t.app, u), {
      avatar: { data: big, name: 'big.png', type: 'image/png' },
    });
    assert.equal(res.statusCode, 413);
    assert.equal((await rowOf(t, u.id)).avatar, null);
  });

  it('replacing the avatar deletes the previous file after the change; a GIF is accepted', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const first = (await updateForm(t, token, { avatar: { data: PNG, name: 'a.png' } })).json().data.avatar;
    const second = await updateForm(t, token, { avatar: { data: GIF, name: 'b.gif' } });
    assert.equal(second.statusCode, 200, second.body);
    assert.match(second.json().data.avatar, /\.gif$/);
    assert.equal((await get(second.json().data.avatar)).headers['content-type'], 'image/gif');
    assert.equal((await get(first)).statusCode, 404);
    assert.equal(await t.deps.storage.exists(`avatars/${path.basename(first)}`), false);
  });

  it('two avatar changes at once leave one new file, the one the profile names, and remove the one replaced', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const first = (await updateForm(t, token, { avatar: { data: PNG, name: 'first.png' } })).json().data.avatar;
    const key = (url: string) => `avatars/${path.basename(url)}`;
    const before = await storedFiles(t);
    const both = await Promise.all([
      updateForm(t, token, { avatar: { data: PNG, name: 'a.png' } }),
      updateForm(t, token, { avatar: { data: GIF, name: 'b.gif' } }),
    ]);
    for (const res of both) assert.equal(res.statusCode, 200, res.body);
    const after = await storedFiles(t);
    assert.deepEqual(
      after.filter((f) => !before.includes(f)),
      [key((await rowOf(t, u.id)).avatar!)],
    );
    assert.deepEqual(
      before.filter((f) => !after.includes(f)),
      [key(first)],
    );
  });

  it('answers 404 for unknown or invalid names, never a file outside the avatars', async () => {
    for (const name of [
      '00000000-0000-0000-0000-000000000000.png',
      'me.png',
      '..%2F..%2Fjwt-secret',
      '..%2Ffiles%2Favatars',
      'x.svg',
    ]) {
      const res = await get(`/api/user/avatars/${name}`);
      assert.equal(res.statusCode, 404, name);
    }
  });
});
