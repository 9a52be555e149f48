// What the real entry point says when it starts, stops, or cannot start: one line naming what the
// instance runs on, one when shutdown is complete, and for an unusable setting a message naming
// the variable and exit code 78 (EX_CONFIG) instead of a stack trace.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '../src/platform/logger.ts';
import { createTestApp } from './helpers/test-app.ts';
import {
  createTestDatabase,
  onPostgres,
  testDatabaseUrl,
  type TestDatabase,
  serverDataDir,
} from './helpers/test-database.ts';
import { freePort, root, serverEntry, startServer } from './helpers/server-process.ts';

/**
 * Runs the server (serverEntry: the compiled service under `npm test`) with `env` until it exits;
 * resolves with its exit code and everything it printed.
 */
async function runToExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, serverEntry(), {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      JWT_SECRET: 'start-up-test-secret-0123456789abcdef',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

const jsonLines = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>);
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

describe('start-up and shutdown lines', () => {
  let dataDir: string;
  let database: TestDatabase | null = null;
  before(async () => {
    dataDir = await serverDataDir('stays-start-up-');
    if (onPostgres) database = await createTestDatabase();
  });
  after(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says in one line what the instance runs on, and when shutdown is complete', async () => {
    const server = await startServer({
      DATA_DIR: dataDir,
      // No JWT secret configured: the line must say one was generated.
      JWT_SECRET: '',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      SHUTDOWN_DRAIN_MS: '500',
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    });
    try {
      const ready = () => jsonLines(server.output()).find((l) => String(l.msg).startsWith('Stays ready'));
      for (let i = 0; i < 50 && !ready(); i++) await sleep(100);
      const line = ready();
      assert.ok(line, server.output());
      assert.equal(line.level, 30);
      const i = line.instance;
      assert.equal(i.listening, `127.0.0.1:${server.port}`);
      assert.equal(i.docs, `http://127.0.0.1:${server.port}/docs`);
      // PORT is not 3000 here: the default public address follows it.
      assert.equal(i.public_base_url, `http://127.0.0.1:${server.port}`);
      if (database?.url) {
        const u = new URL(database.url);
        assert.equal(i.database, `PostgreSQL at ${u.hostname}:${u.port || 5432}, database ${u.pathname.slice(1)}`);
        assert.ok(!u.password || !server.output().includes(u.password), 'the database password was logged');
      } else {
        assert.equal(i.database, `PGlite in ${dataDir}/pgdata`);
      }
      assert.match(i.redis, /^none/);
      assert.match(i.mail, /^outbox/);
      assert.match(i.payments, /^local checkout/);
      assert.equal(i.storage, `disk in ${dataDir}/files`);
      assert.equal(i.jwt_secret, `generated now, kept in ${dataDir}/jwt-secret`);
      assert.equal(i.metrics, 'off');
      for (const part of [
        i.docs,
        i.database,
        'mail: outbox',
        'payments: local checkout',
        `storage: disk in ${dataDir}/files`,
        'JWT secret generated now',
      ]) {
        assert.ok(line.msg.includes(part), `the message lacks ${part}: ${line.msg}`);
      }

      server.child.kill('SIGTERM');
      const result = await Promise.race([server.exited, sleep(15_000).then(() => null)]);
      assert.ok(result, `still running after SIGTERM:\n${server.output()}`);
      assert.equal(result.code, 0, server.output());
      const lines = jsonLines(server.output());
      const done = lines.findIndex((l) => l.msg === 'shutdown complete');
      assert.ok(done >= 0, server.output());
      assert.equal(lines[done]!.signal, 'SIGTERM');
      assert.ok(done > lines.findIndex((l) => l.msg === 'shutting down'));
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
  });

  it('refuses a HOST that is not an address of this machine, naming HOST (exit 78)', async () => {
    const { code, output } = await runToExit({
      // 192.0.2.1 is TEST-NET-1: never a local address.
      HOST: '192.0.2.1',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    });
    assert.equal(code, 78, output);
    assert.match(output, /HOST: 192\.0\.2\.1 is not an address of this machine \(EADDRNOTAVAIL\)/);
    assert.doesNotMatch(output, STACK_FRAME);
  });
});

describe('an unreachable DATABASE_URL at start', () => {
  it('exits 78 naming DATABASE_URL and the server, without the password or a stack trace', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stays-no-db-'));
    try {
      const { code, output } = await runToExit({
        DATABASE_URL: `postgres://stays:Hunter2-db-pw@127.0.0.1:${port}/stays_prod`,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
      });
      assert.equal(code, 78, output);
      assert.match(
        output,
        new RegExp(
          `DATABASE_URL: cannot use PostgreSQL at 127\\.0\\.0\\.1:${port} \\(database "stays_prod", user "stays"\\): ECONNREFUSED`,
        ),
      );
      assert.ok(!output.includes('Hunter2-db-pw'), output);
      assert.doesNotMatch(output, STACK_FRAME);
      assert.doesNotMatch(output, /listening/i);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a DATABASE_URL naming a database the server does not have', () => {
  const why = onPostgres ? false : 'needs a PostgreSQL server (TEST_DATABASE_URL)';
  if (why) console.log(`# start-up.test.ts: the missing-database case skipped: ${why}`);
  it('exits 78 naming DATABASE_URL and the missing database', { skip: why }, async () => {
    const url = new URL(testDatabaseUrl!);
    url.pathname = '/stays_no_such_database';
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stays-no-db-'));
    try {
      const { code, output } = await runToExit({
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
      });
      assert.equal(code, 78, output);
      assert.match(
        output,
        new RegExp(
          `DATABASE_URL: cannot use PostgreSQL at ${url.hostname.replace(/\./g, '\\.')}:${url.port || 5432} \\(database "stays_no_such_database", user "${decodeURIComponent(url.username)}"\\): 3D000: database "stays_no_such_database" does not exist`,
        ),
      );
      assert.doesNotMatch(output, STACK_FRAME);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('an unreachable REDIS_URL at start', () => {
  it('starts without it, warning with REDIS_URL and the server named', async () => {
    const port = await freePort();
    let text = '';
    const out = new Writable({
      write(chunk, _enc, cb) {
        text += String(chunk);
        cb();
      },
    });
    const t = await createTestApp({
      env: { REDIS_URL: `redis://:Redis-pw-77@127.0.0.1:${port}` },
      log: createLogger('warn', out),
    });
    try {
      assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
      const warning = jsonLines(text).find((l) => String(l.msg).startsWith('REDIS_URL:'));
      assert.ok(warning, text);
      assert.equal(warning.level, 40);
      assert.match(
        warning.msg,
        new RegExp(
          `^REDIS_URL: Redis at 127\\.0\\.0\\.1:${port} not reachable within 5000 ms \\(ECONNREFUSED\\); starting without it`,
        ),
      );
      assert.ok(!text.includes('Redis-pw-77'), 'the Redis password was logged');
    } finally {
      await t.close();
    }
  });
});
