// STORAGE=s3 end to end, on a local S3-protocol server (s3rver): every kind of file the service
// keeps — a listing photo and its thumbnail, an avatar, KYC documents, a chat attachment — lands
// in the bucket (nothing under DATA_DIR), comes back byte for byte through the route that serves
// it (private files only to those allowed), leaves the bucket when its row goes, and a request
// that fails after its files were written leaves no object behind.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { S3FileStorage } from '../src/adapters/s3/s3-file-storage.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { bearer } from './helpers/factories.ts';
import { createProperty } from './helpers/catalog-factories.ts';
import { png } from './helpers/image-files.ts';
import { failWrites, storedFiles, watchStorage } from './helpers/stored-files.ts';
import { startS3Server, type S3Server } from './helpers/s3-server.ts';
import { root, serverEntry } from './helpers/server-process.ts';
import { account, form as kycForm } from '../src/modules/owner-onboarding/owner-onboarding.test-support.ts';
import { form, type FilePart } from '../src/modules/users/users.test-support.ts';
import { SAMPLE_PDF, SAMPLE_PNG } from '../src/modules/owner-onboarding/sample-kyc-files.ts';

describe('STORAGE=s3: every file in the bucket, served through its route', () => {
  let s3: S3Server;
  let t: TestApp;
  before(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: s3.env });
  });
  after(async () => {
    await t?.close();
    await s3?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const image = async (): Promise<FilePart> => ({ data: await png(64, 48), name: 'photo.png', type: 'image/png' });

  /** Runs `act`, then returns what it answered and the keys it added to the bucket. */
  async function added(
    act: () => Promise<LightMyRequestResponse>,
  ): Promise<{ res: LightMyRequestResponse; keys: string[] }> {
    const before = new Set(await s3.keys());
    const res = await act();
    return { res, keys: (await s3.keys()).filter((k) => !before.has(k)) };
  }

  /** The route serves exactly the bytes the bucket holds under the key. */
  async function servesObject(res: LightMyRequestResponse, key: string, mime: string) {
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], mime);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    const stored = await s3.object(key);
    assert.ok(stored && stored.length > 0, `${key} is in the bucket`);
    assert.ok(res.rawPayload.equals(stored), `${key}: the route served other bytes than the bucket holds`);
  }

  it('the instance checked the bucket at start and writes nothing under DATA_DIR', async () => {
    assert.ok(t.deps.storage instanceof S3FileStorage);
    assert.deepEqual(await s3.keys(), []);
  });

  it('a listing photo and its thumbnail: two objects, served publicly by the media routes, removed with the photo', async () => {
    const { user, token } = await account(t, 'owner');
    const p = await createProperty(t.deps, user.id);
    const { res, keys } = await added(async () =>
      t.app.inject({
        method: 'POST',
        url: `/api/properties/${p.id}/medias`,
        headers: bearer(token),
        payload: form({ files: await image() }) as never,
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    const [view] = res.json().data;
    assert.equal(keys.length, 2, keys.join(', '));
    const thumb = keys.find((k) => k.endsWith('-thumb.webp'))!;
    const file = keys.find((k) => k !== thumb)!;
    assert.match(file, new RegExp(`^media/${p.id}/[0-9a-f-]{36}\\.png$`));
    await servesObject(await get(view.url), file, 'image/png');
    await servesObject(await get(view.thumbnail_url), thumb, 'image/webp');
    assert.match(String((await get(view.url)).headers['cache-control']), /^public/);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/properties/${p.id}/medias/${view.id}`,
      headers: bearer(token),
    });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(
      (await s3.keys()).filter((k) => keys.includes(k)),
      [],
    );
    assert.equal((await get(view.url)).statusCode, 404);
  });

  it('an avatar: one object, served publicly by /user/avatars/:name; replacing it removes the old object', async () => {
    const { token } = await account(t);
    const update = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/update',
        headers: bearer(token),
        payload: form({ avatar: { data: SAMPLE_PNG, name: 'me.png', type: 'image/png' } }) as never,
      });
    const first = await added(update);
    assert.equal(first.res.statusCode, 200, first.res.body);
    assert.deepEqual(first.keys, [`avatars/${path.basename(first.res.json().data.avatar)}`]);
    await servesObject(await get(first.res.json().data.avatar), first.keys[0]!, 'image/png');
    const second = await added(update);
    assert.equal(second.res.statusCode, 200, second.res.body);
    assert.equal(second.keys.length, 1);
    assert.equal(await s3.object(first.keys[0]!), null, 'the replaced avatar left the bucket');
    assert.equal((await get(first.res.json().data.avatar)).statusCode, 404);
  });

  it('KYC documents: objects in the bucket, served only to the applicant and staff (404 to anyone else, 401 anonymous)', async () => {
    const applicant = await account(t);
    const { res, keys } = await added(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/become-owner',
        headers: bearer(applicant.token),
        payload: kycForm(),
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(keys.length, 2, keys.join(', '));
    assert.ok(
      keys.every((k) => k.startsWith('kyc/')),
      keys.join(', '),
    );
    assert.ok(
      !res.body.includes('kyc/') && !res.body.includes(s3.endpoint),
      'no storage key or bucket address in the answer',
    );
    const { id_reco_path: front, id_verso_path: back } = res.json().data.documents;
    const frontKey = keys.find((k) => k.endsWith('.png'))!;
    const backKey = keys.find((k) => k.endsWith('.pdf'))!;
    const [support, stranger] = [await account(t, 'support'), await account(t)];
    for (const who of [applicant, support]) {
      await servesObject(await get(front, bearer(who.token)), frontKey, 'image/png');
      const pdf = await get(back, bearer(who.token));
      await servesObject(pdf, backKey, 'application/pdf');
      assert.ok(pdf.rawPayload.equals(SAMPLE_PDF), 'a PDF is kept as sent');
      assert.match(String(pdf.headers['cache-control']), /private, no-store/);
    }
    assert.equal((await get(front, bearer(stranger.token))).statusCode, 404);
    assert.equal((await get(front)).statusCode, 401);
  });

  it('a chat attachment: one object, served to the sender and the receiver only', async () => {
    const [sender, receiver, stranger] = [await account(t), await account(t, 'owner'), await account(t)];
    const { res, keys } = await added(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/chats/send_messages',
        headers: bearer(sender.token),
        payload: form({
          receiver_id: String(receiver.user.id),
          content: 'the contract',
          attachment: { data: SAMPLE_PDF, name: 'contract.pdf', type: 'application/pdf' },
        }) as never,
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(keys.length, 1);
    assert.match(keys[0]!, /^messages\/\d{4}-\d{2}\/[0-9a-f-]{36}\.pdf$/);
    const url = res.json().data.attachment as string;
    for (const who of [sender, receiver])
      await servesObject(await get(url, bearer(who.token)), keys[0]!, 'application/pdf');
    assert.equal((await get(url, bearer(stranger.token))).statusCode, 404);
    assert.equal((await get(url)).statusCode, 401);
  });

  it('a row whose object is gone from the bucket is a 404 through its route', async () => {
    const { token } = await account(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: bearer(token),
      payload: form({ avatar: { data: SAMPLE_PNG, name: 'me.png', type: 'image/png' } }) as never,
    });
    const url = res.json().data.avatar as string;
    await t.deps.storage.delete(`avatars/${path.basename(url)}`);
    assert.equal((await get(url)).statusCode, 404);
  });

  // Each route: how to prepare a request that writes its files (accounts, a listing), and the
  // table its row goes to (a trigger there makes that write fail after the upload).
  type Send = () => Promise<LightMyRequestResponse>;
  const failing: Array<{
    what: string;
    puts: number;
    table: string;
    on: 'INSERT' | 'UPDATE';
    when?: string;
    prepare(): Promise<Send>;
  }> = [
    {
      what: 'a listing photo (and its thumbnail)',
      puts: 2,
      table: 'property_medias',
      on: 'INSERT',
      async prepare() {
        const { user, token } = await account(t, 'owner');
        const p = await createProperty(t.deps, user.id);
        return async () =>
          t.app.inject({
            method: 'POST',
            url: `/api/properties/${p.id}/medias`,
            headers: bearer(token),
            payload: form({ files: await image() }) as never,
          });
      },
    },
    {
      what: 'an avatar',
      puts: 1,
      table: 'users',
      on: 'UPDATE',
      when: 'NEW.avatar IS DISTINCT FROM OLD.avatar',
      async prepare() {
        const { token } = await account(t);
        return async () =>
          t.app.inject({
            method: 'PUT',
            url: '/api/user/update',
            headers: bearer(token),
            payload: form({ avatar: await image() }) as never,
          });
      },
    },
    {
      what: 'KYC documents',
      puts: 2,
      table: 'owner_requests',
      on: 'INSERT',
      async prepare() {
        const { token } = await account(t);
        return async () =>
          t.app.inject({ method: 'POST', url: '/api/user/become-owner', headers: bearer(token), payload: kycForm() });
      },
    },
    {
      what: 'a chat attachment',
      puts: 1,
      table: 'messages',
      on: 'INSERT',
      async prepare() {
        const [{ token }, { user: owner }] = [await account(t), await account(t, 'owner')];
        return async () =>
          t.app.inject({
            method: 'POST',
            url: '/api/chats/send_messages',
            headers: bearer(token),
            payload: form({ receiver_id: String(owner.id), content: 'hi', attachment: await image() }) as never,
          });
      },
    },
  ];

  for (const route of failing) {
    it(`${route.what}: the database refusing the row after the upload is a 500 and leaves no object in the bucket`, async () => {
      const send = await route.prepare();
      const before = await s3.keys();
      const restore = await failWrites(t, route.table, { on: route.on, when: route.when });
      s3.forget();
      try {
        const res = await send();
        assert.equal(res.statusCode, 500, res.body);
      } finally {
        await restore();
      }
      // The server itself saw the objects written, then removed: the failure came after the upload.
      assert.equal(s3.written.length, route.puts, `written: ${s3.written.join(', ')}`);
      assert.deepEqual([...s3.removed].sort(), [...s3.written].sort());
      assert.deepEqual(await s3.keys(), before);
    });
  }

  it('the bucket failing after the second object landed (a lost answer) is a 500, and both objects are removed', async () => {
    const send = await failing[0]!.prepare();
    const before = await s3.keys();
    const watch = watchStorage(t, { failAfterPut: 2 });
    s3.forget();
    try {
      const res = await send();
      assert.equal(res.statusCode, 500, res.body);
    } finally {
      watch.restore();
    }
    assert.equal(s3.written.length, 2);
    assert.deepEqual([...s3.removed].sort(), [...s3.written].sort());
    assert.deepEqual(await s3.keys(), before);
  });

  it('the bucket unreachable: serving a file and uploading one are a retryable 503 (not a 404), and no row refers to a missing file', async () => {
    const { token } = await account(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: bearer(token),
      payload: form({ avatar: { data: SAMPLE_PNG, name: 'me.png', type: 'image/png' } }) as never,
    });
    const url = res.json().data.avatar as string;
    const real = t.deps.storage;
    const away = new S3FileStorage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      maxAttempts: 1,
    });
    t.deps.storage = away;
    try {
      const served = await get(url);
      assert.equal(served.statusCode, 503, served.body);
      assert.equal(served.json().code, 'SERVICE_UNAVAILABLE');
      assert.ok(served.headers['retry-after']);
      const upload = await t.app.inject({
        method: 'PUT',
        url: '/api/user/update',
        headers: bearer(token),
        payload: form({ avatar: { data: SAMPLE_PNG, name: 'new.png', type: 'image/png' } }) as never,
      });
      assert.equal(upload.statusCode, 503, upload.body);
    } finally {
      t.deps.storage = real;
      away.close();
    }
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
    assert.equal(profile.json().data.avatar, url, 'the failed upload changed nothing');
    assert.equal((await get(url)).statusCode, 200);
  });

  it('nothing at all was written under DATA_DIR', async () => {
    assert.deepEqual(await storedFiles(t), []);
  });
});

describe('STORAGE=s3 with a bucket that is not there: the instance refuses to start, naming S3_BUCKET', () => {
  let s3: S3Server;
  let dataDir: string;
  before(async () => {
    s3 = await startS3Server();
    dataDir = await mkdtemp(path.join(tmpdir(), 'stays-s3-start-'));
  });
  after(async () => {
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('createContainer throws a ConfigError before opening the database', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...s3.env,
      S3_BUCKET: 'not-created',
    });
    await assert.rejects(
      createContainer(config),
      (err: unknown) => err instanceof ConfigError && /S3_BUCKET: no bucket "not-created"/.test(err.message),
    );
  });

  it('the server process exits with 78 and prints the setting, no stack', async () => {
    const child = spawn(process.execPath, serverEntry(), {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        PORT: '0',
        DATA_DIR: dataDir,
        ...s3.env,
        S3_BUCKET: 'not-created',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 78, output);
    assert.match(output, /S3_BUCKET: no bucket "not-created"/);
    assert.doesNotMatch(output, /\bat .*\.ts:\d+/);
    // Checked before the embedded database starts (its initdb would stall the check's timers).
    assert.deepEqual(await readdir(dataDir), [], 'no database made in DATA_DIR');
    // The S3 client was made before the bucket was checked: the SDK's Node-version warning is not printed.
    assert.doesNotMatch(output, /NodeVersionSupportWarning|AWS SDK for JavaScript/);
  });
});

describe("the AWS SDK's Node-version warning", () => {
  // Node 20 (the SDK warns below 22); on Node 24 there is nothing to silence and this passes trivially.
  const run = () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { S3FileStorage } = await import('./src/adapters/s3/s3-file-storage.ts');
         new S3FileStorage({ bucket: 'b', region: 'us-east-1', endpoint: 'http://127.0.0.1:9' }).close();
         process.emitWarning('another warning, still shown');`,
      ],
      { cwd: root, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    return new Promise<{ code: number | null; stderr: string }>((resolve) =>
      child.on('exit', (code) => resolve({ code, stderr })),
    );
  };

  it('is not printed when the adapter makes its client on a supported Node; other warnings still are', async () => {
    const { code, stderr } = await run();
    assert.equal(code, 0, stderr);
    assert.doesNotMatch(stderr, /NodeVersionSupportWarning/);
    assert.match(stderr, /Warning: another warning, still shown/);
  });
});
