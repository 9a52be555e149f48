// Two deployments on one Redis server: each hears only its own events. Redis pub/sub ignores
// database numbers, and outbox ids are only unique per database, so a shared channel made one
// deployment drop (or deliver to the wrong user) the other's events. Channels and keys now start
// with the deployment's prefix (config.redisPrefix: derived from its database unless REDIS_PREFIX).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, onPostgres, type TestDatabase } from './helpers/test-database.ts';
import { deploymentPrefix } from '../src/config.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const why = !redisUrl ? 'needs TEST_REDIS_URL: the deployments share a Redis server' : null;
if (why) console.log(`# redis-namespaces.test.ts skipped: ${why}`);

describe('deployments sharing one Redis server', { skip: why ?? false }, () => {
  const apps: TestApp[] = [];
  const databases: TestDatabase[] = [];

  // A deployment: its own database (on PostgreSQL named in DATABASE_URL as in production; on
  // PGlite its own copy in its own DATA_DIR), and `instances` apps on it.
  async function deployment(instances: number): Promise<TestApp[]> {
    const database = await createTestDatabase();
    databases.push(database);
    const env = { REDIS_URL: redisUrl!, ...(database.url ? { DATABASE_URL: database.url } : {}) };
    const made: TestApp[] = [];
    for (let i = 0; i < instances; i++) made.push(await createTestApp({ database, env }));
    for (const t of made) await (t.deps.bus as unknown as { whenReady(): Promise<void> }).whenReady();
    apps.push(...made);
    return made;
  }

  before(async () => {
    // Two instances of one deployment only on PostgreSQL (PGlite is one process's database).
    await deployment(onPostgres ? 2 : 1);
    await deployment(1);
  });
  after(async () => {
    for (const app of apps.reverse()) await app.close();
    for (const d of databases) await d.close();
  });

  it('hears its own instances and not the other deployment', async () => {
    const [a, a2b, b2] = apps;
    const a2 = onPostgres ? a2b : undefined;
    const b = onPostgres ? b2 : a2b;
    assert.notEqual(a!.deps.config.redisPrefix, b!.deps.config.redisPrefix);
    const heard = { b: 0, a2: 0 };
    const stops = [b!.deps.bus.subscribe('test.ping', () => void heard.b++)];
    if (a2) stops.push(a2.deps.bus.subscribe('test.ping', () => void heard.a2++));
    await a!.deps.bus.publish('test.ping', { n: 1 });
    for (let i = 0; i < 50 && a2 && heard.a2 === 0; i++) await sleep(20);
    await sleep(200);
    for (const stop of stops) stop();
    assert.equal(heard.b, 0, 'another deployment heard nothing');
    if (a2) assert.equal(heard.a2, 1, 'an instance of the same deployment heard it once');
  });

  it('derives one prefix per database, whoever connects to it', () => {
    const p = (url?: string, dir = '/srv/data') => deploymentPrefix(url, dir);
    assert.equal(
      p('postgres://app:secret@db.example:5432/stays'),
      p('postgresql://other:pw@DB.example/stays?sslmode=require'),
    );
    assert.notEqual(p('postgres://app@db.example/stays'), p('postgres://app@db.example/stays_staging'));
    assert.notEqual(p('postgres://app@db.example/stays'), p('postgres://app@db2.example/stays'));
    assert.notEqual(p(undefined, '/srv/a'), p(undefined, '/srv/b'));
    assert.match(p(undefined), /^stays:[0-9a-f]{12}$/);
  });
});
