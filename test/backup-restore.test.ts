// `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts) run as an operator
// runs them, as child processes under the service's settings: data made through the API (a guest
// who registered and booked, a listing with a photo) is backed up while the service runs, the
// database and the files are destroyed, and after the restore a fresh app serves the same
// reservation and the photo's bytes. On PostgreSQL (TEST_DATABASE_URL) with the files in a bucket
// (s3rver); on the embedded database with the files on disk, where the backup needs the server
// stopped (it refuses while one holds DATA_DIR) and the generated signing key travels with it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { closeContainer, createContainer } from '../src/container.ts';
import { buildApp, type App } from '../src/app.ts';
import type { Deps } from '../src/kernel/deps.ts';
import { openDatabase } from '../src/db/connection.ts';
import { platformRepository } from '../src/platform/platform.repository.ts';
import { S3FileStorage, s3StorageOptions } from '../src/adapters/s3/s3-file-storage.ts';
import { form } from '../src/modules/users/users.test-support.ts';
import { createTestApp, TEST_JWT_SECRET } from './helpers/test-app.ts';
import {
  createTestDatabase,
  onPostgres,
  seededDataDir,
  testDatabaseUrl,
  type TestDatabase,
} from './helpers/test-database.ts';
import { bearer, createUser, loginAs } from './helpers/factories.ts';
import { createProperty } from './helpers/catalog-factories.ts';
import { png } from './helpers/image-files.ts';
import { startS3Server, type S3Server } from './helpers/s3-server.ts';
import { runScript } from './helpers/run-script.ts';
import type { BackupManifest } from '../scripts/lib/backup-manifest.ts';

const script = (name: 'backup' | 'restore', env: Record<string, string>, args: string[]) =>
  runScript(`${name}.ts`, env, args);

const manifestOf = async (dir: string) =>
  JSON.parse(await readFile(path.join(dir, 'backup.json'), 'utf8')) as BackupManifest;
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const PASSWORD = 'a-long-password-1';

interface World {
  email: string;
  token: string;
  reservationId: number;
  /** GET /api/reservations/:id as the guest saw it before the backup. */
  reservation: unknown;
  /** The photo's and its thumbnail's routes, and the bytes they served. */
  media: Array<{ url: string; bytes: Buffer }>;
}

/** A guest registers, verifies and logs in; an owner's listing gets a photo; the guest books it. All through the routes. */
async function createWorld(app: App, deps: Deps): Promise<World> {
  const email = `backup-${process.pid}-${Date.now()}@example.test`;
  const post = (url: string, payload: object, token?: string) =>
    app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const reg = await post('/api/auth/register', {
    username: `backup${Date.now()}`,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    first_name: 'Bea',
    last_name: 'Backup',
  });
  assert.equal(reg.statusCode, 201, reg.body);
  const mails = await platformRepository(deps.db).listMail(email);
  const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')![1]!;
  assert.equal((await post('/api/auth/verify-email', { email, code })).statusCode, 200);
  const login = await post('/api/auth/login', { login: email, password: PASSWORD });
  assert.equal(login.statusCode, 200, login.body);
  const token = login.json().data.token as string;

  const owner = await createUser(deps, { role: 'owner' });
  const listing = await createProperty(deps, owner.id);
  const upload = await app.inject({
    method: 'POST',
    url: `/api/properties/${listing.id}/medias`,
    headers: bearer(await loginAs(app, owner)),
    payload: form({ files: { data: await png(96, 64), name: 'view.png', type: 'image/png' } }) as never,
  });
  assert.equal(upload.statusCode, 201, upload.body);
  const [photo] = upload.json().data;
  const media = [];
  for (const url of [photo.url, photo.thumbnail_url] as string[]) {
    const res = await app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, 200, res.body);
    media.push({ url, bytes: res.rawPayload });
  }

  const booked = await post(
    '/api/reservations',
    { property_id: listing.id, checkin_date: day(20), checkout_date: day(23), guests: { adults: 2 } },
    token,
  );
  assert.equal(booked.statusCode, 201, booked.body);
  const reservationId = booked.json().data.id as number;
  const shown = await app.inject({ method: 'GET', url: `/api/reservations/${reservationId}`, headers: bearer(token) });
  assert.equal(shown.statusCode, 200, shown.body);
  return { email, token, reservationId, reservation: shown.json(), media };
}

/** The guest logs in again and finds the same reservation; the photo's routes serve the same bytes. */
async function sameWorld(app: App, world: World): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login: world.email, password: PASSWORD },
  });
  assert.equal(login.statusCode, 200, login.body);
  const token = login.json().data.token as string;
  const shown = await app.inject({
    method: 'GET',
    url: `/api/reservations/${world.reservationId}`,
    headers: bearer(token),
  });
  assert.equal(shown.statusCode, 200, shown.body);
  assert.deepEqual(shown.json(), world.reservation);
  for (const m of world.media) {
    const res = await app.inject({ method: 'GET', url: m.url });
    assert.equal(res.statusCode, 200, `${m.url}: ${res.body}`);
    assert.ok(res.rawPayload.equals(m.bytes), `${m.url} serves other bytes after the restore`);
  }
  return token;
}

describe('backup and restore on PostgreSQL, files in an S3 bucket', {
  skip: onPostgres
    ? false
    : 'needs TEST_DATABASE_URL: pg_dump and pg_restore work on a PostgreSQL server (the embedded variant below runs in the PGlite run)',
}, () => {
  let database: TestDatabase;
  let s3: S3Server;
  let dataDir: string;
  let backupDir: string;
  before(async () => {
    database = await createTestDatabase();
    s3 = await startS3Server();
    dataDir = await mkdtemp(path.join(tmpdir(), 'stays-backup-data-'));
    backupDir = path.join(await mkdtemp(path.join(tmpdir(), 'stays-backup-')), 'nightly');
  });
  after(async () => {
    await database?.close();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(path.dirname(backupDir), { recursive: true, force: true });
  });

  it('backs up while the service runs; after the database is dropped and the bucket emptied, restores the same reservation and photo', async () => {
    const redis: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};
    const t = await createTestApp({ database, env: { ...s3.env, ...redis } });
    let world: World;
    const env = { DATABASE_URL: database.url!, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ...s3.env };
    try {
      world = await createWorld(t.app, t.deps);
      const backup = await script('backup', env, ['--to', backupDir]);
      assert.equal(backup.code, 0, backup.stderr);
      assert.match(
        backup.stdout,
        /^backup: complete; database postgres \d+ rows in \d+ tables .*; files 2 \(.*\): 2 copied, 0 already there, 0 vanished, 0 failed/,
      );
    } finally {
      await t.close();
    }
    const keys = await s3.keys();
    const m = await manifestOf(backupDir);
    assert.equal(m.complete, true);
    assert.equal(m.database!.kind, 'postgres');
    assert.equal(m.database!.tables['public.reservations'], 1);
    assert.deepEqual({ count: m.files!.count, vanished: m.files!.vanished }, { count: keys.length, vanished: 0 });
    assert.deepEqual(
      (await readdir(path.join(backupDir, 'files'), { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(path.join(backupDir, 'files'), path.join(e.parentPath, e.name)))
        .sort(),
      keys,
    );

    // The disaster: the database gone (recreated empty), the bucket emptied (the restore goes to a
    // new one: what the app serves afterwards can only come from the backup).
    const name = new URL(database.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const bucket = new S3FileStorage(s3StorageOptions(loadConfig(s3.env)));
    for (const key of keys) await bucket.delete(key);
    bucket.close();
    assert.deepEqual(await s3.keys(), []);

    // Settings that cannot take this backup: refused (78), naming the setting, before anything is written.
    s3.forget();
    const wrong: Array<[Record<string, string>, RegExp]> = [
      [{ ...env, DATABASE_URL: '' }, /DATABASE_URL: the backup is of a PostgreSQL database/],
      [{ ...env, S3_ACCESS_KEY_ID: 'NOT-S3RVER' }, /S3_ACCESS_KEY_ID: access to .* refused \(403\)/],
    ];
    for (const [settings, message] of wrong) {
      const run = await script('restore', settings, ['--from', backupDir]);
      assert.equal(run.code, 78, run.stderr);
      assert.match(run.stderr, message);
    }
    assert.deepEqual(s3.written, []);

    // Into a bucket that does not exist yet (a drill into a scratch bucket): the restore makes it.
    const freshBucket = { ...env, S3_BUCKET: 'restored-files' };
    const restore = await script('restore', freshBucket, ['--from', backupDir]);
    assert.equal(restore.code, 0, restore.stderr);
    assert.match(restore.stderr, /made the bucket s3:\/\/restored-files .*: it did not exist/);
    assert.doesNotMatch(restore.stderr, /NodeVersionSupportWarning/);
    assert.match(
      restore.stdout,
      /^restore: complete; database postgres \d+ rows in \d+ tables as of .*, as the backup counted; files 2 \(.*\): 2 copied, 0 already there, 0 failed/,
    );
    const restoredBucket = new S3FileStorage(s3StorageOptions(loadConfig(freshBucket)));
    const restoredKeys: string[] = [];
    for await (const f of restoredBucket.list()) restoredKeys.push(f.key);
    restoredBucket.close();
    assert.deepEqual(restoredKeys.sort(), keys);

    // Into a database that is not empty: refused without --yes, nothing touched, no bucket made.
    s3.forget();
    const again = await script('restore', { ...env, S3_BUCKET: 'never-made' }, ['--from', backupDir]);
    assert.equal(again.code, 2, again.stderr);
    assert.match(again.stderr, /database "stays_t_[0-9a-f]+" is not empty \(\d+ tables\).*--yes/);
    assert.deepEqual(s3.written, []);
    const neverMade = new S3FileStorage(s3StorageOptions(loadConfig({ ...env, S3_BUCKET: 'never-made' })));
    assert.match(String(await neverMade.problem()), /S3_BUCKET: no bucket "never-made"/);
    neverMade.close();

    const restored = await openDatabase({ url: database.url!, poolSize: 2 });
    const fresh = await createTestApp({ database: restored, env: { ...s3.env, S3_BUCKET: 'restored-files' } });
    try {
      await sameWorld(fresh.app, world);
    } finally {
      await fresh.close();
      await restored.close();
    }
  });
});

// It never touches TEST_DATABASE_URL: the suite's PGlite run covers it, the PostgreSQL run need not repeat it.
describe('backup and restore of the embedded database (PGlite in DATA_DIR, files on disk)', {
  skip: onPostgres ? 'the embedded variant runs in the PGlite run of the suite (it uses no PostgreSQL server)' : false,
}, () => {
  let dataDir: string;
  let backupDir: string;
  const env = () => ({ DATA_DIR: dataDir });
  before(async () => {
    // DATA_DIR/pgdata starts as a copy of the migrated test template (migrating from nothing takes seconds).
    dataDir = await seededDataDir('stays-backup-embedded-');
    backupDir = path.join(await mkdtemp(path.join(tmpdir(), 'stays-backup-')), 'nightly');
  });
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(path.dirname(backupDir), { recursive: true, force: true });
  });

  /** The service as `npm start` runs it on DATA_DIR (no JWT_SECRET: it generates its key there). */
  async function start(): Promise<{ app: App; deps: Deps; close(): Promise<void> }> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JOBS_ENABLED: 'false',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      PUBLIC_BASE_URL: 'http://app.test',
    });
    const deps = await createContainer(config);
    const app = await buildApp(deps);
    await app.ready();
    return {
      app,
      deps,
      close: async () => {
        await app.close();
        await closeContainer(deps);
      },
    };
  }

  it('refuses while the server holds DATA_DIR; with it stopped, backs up, and a restore into an emptied DATA_DIR brings back the data, the photo and the sessions', async () => {
    const service = await start();
    let world: World;
    try {
      world = await createWorld(service.app, service.deps);
      const busy = await script('backup', env(), ['--to', backupDir]);
      assert.equal(busy.code, 75, busy.stderr);
      assert.match(
        busy.stderr,
        new RegExp(`DATA_DIR .* is in use by process ${process.pid} .*stop it, run the backup, start it again`, 's'),
      );
      assert.equal(busy.stdout, '');
    } finally {
      await service.close();
    }
    const backup = await script('backup', env(), ['--to', backupDir]);
    assert.equal(backup.code, 0, backup.stderr);
    assert.match(
      backup.stdout,
      /^backup: complete; database pglite \d+ rows in \d+ tables .*; files 2 \(.*\): 2 copied, 0 already there, 0 vanished, 0 failed/,
    );
    const m = await manifestOf(backupDir);
    assert.deepEqual(
      [m.complete, m.database!.kind, m.database!.tables['public.reservations'], m.files!.count, m.jwt_secret],
      [true, 'pglite', 1, 2, true],
    );
    const secret = await readFile(path.join(dataDir, 'jwt-secret'), 'utf8');

    // The disaster: DATA_DIR emptied (database, files, the generated key).
    for (const entry of await readdir(dataDir)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
    const restore = await script('restore', env(), ['--from', backupDir]);
    assert.equal(restore.code, 0, restore.stderr);
    assert.match(
      restore.stdout,
      /^restore: complete; database pglite \d+ rows in \d+ tables as of .*, as the backup counted; files 2 \(.*\): 2 copied/,
    );
    assert.equal(await readFile(path.join(dataDir, 'jwt-secret'), 'utf8'), secret);

    // Over a database: refused without --yes; with it, the old one is kept aside and no file is copied twice.
    const refused = await script('restore', env(), ['--from', backupDir]);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /pgdata holds a database: run again with --yes/);
    const replaced = await script('restore', env(), ['--from', backupDir, '--yes']);
    assert.equal(replaced.code, 0, replaced.stderr);
    assert.match(replaced.stdout, /files 2 \(.*\): 0 copied, 2 already there, 0 failed/);
    assert.equal((await readdir(dataDir)).filter((f) => f.startsWith('pgdata.before-restore-')).length, 1);

    const fresh = await start();
    try {
      await sameWorld(fresh.app, world);
      // The key came back with the database: a token issued before the backup is still good.
      const res = await fresh.app.inject({
        method: 'GET',
        url: `/api/reservations/${world.reservationId}`,
        headers: bearer(world.token),
      });
      assert.equal(res.statusCode, 200, res.body);
    } finally {
      await fresh.close();
    }

    // A backup missing a file is refused before anything changes.
    const [file] = (await readdir(path.join(backupDir, 'files'), { recursive: true, withFileTypes: true })).filter(
      (e) => e.isFile(),
    );
    await unlink(path.join(file!.parentPath, file!.name));
    const damaged = await script('restore', env(), ['--from', backupDir, '--yes']);
    assert.equal(damaged.code, 2, damaged.stderr);
    assert.match(damaged.stderr, /holds 1 files .* the manifest says 2 .*: the backup is damaged/);
  });
});
