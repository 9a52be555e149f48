// `npm run seed:demo` while `npm start` serves the same DATA_DIR used to corrupt the embedded
// database (foreign-key 500s on demo logins, then a login spinning at full CPU after a restart).
// Now the seed refuses, naming the server's process, and the server is unharmed; seeded with the
// server stopped, the restarted server serves the demo accounts.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { root, startServer, type ServerProcess } from './helpers/server-process.ts';
import { seededDataDir } from './helpers/test-database.ts';

const SECRET = 'seed-beside-server-secret-0123456789abcdef';
const ADMIN = { email: 'first-admin@example.test', password: 'first-admin-pass' };
const TRAVELLER = { login: 'traveller@demo.stays.test', password: 'demo-traveller-pass', type: 'client' };

/** Runs `npm run seed:demo`'s script on `dataDir`; resolves with its exit code and output. */
function runSeed(dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

async function login(server: ServerProcess, body: { login: string; password: string; type: string }): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  assert.equal(res.status, 200, `login of ${body.login}: ${text}\n${server.output()}`);
  return JSON.parse(text).data.token;
}

async function stop(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const result = await Promise.race([server.exited, sleep(20_000).then(() => null)]);
  if (!result) server.child.kill('SIGKILL');
  assert.equal(result?.code, 0, `the server did not stop cleanly:\n${server.output()}`);
}

describe('seed:demo and a running server on one DATA_DIR', () => {
  let dataDir = '';
  const servers: ServerProcess[] = [];
  after(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to seed beside the server, naming it; seeded while it is stopped, the restarted server logs the demo accounts in', {
    timeout: 300_000,
  }, async () => {
    dataDir = await seededDataDir('stays-seed-');
    // The embedded database in DATA_DIR whatever the test run uses: the lock is PGlite's matter.
    // No drain before stopping (2 s a stop otherwise): no balancer watches these servers.
    const env = {
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
    };
    const first = await startServer(env);
    servers.push(first);

    const refused = await runSeed(dataDir);
    assert.equal(refused.code, 1, refused.output);
    assert.match(
      refused.output,
      new RegExp(
        `DATA_DIR ${dataDir} is in use by process ${first.child.pid} \\(node (?:src/server\\.ts|\\S+/src/server\\.js), since [0-9T:.-]+Z\\); stop it first or use another DATA_DIR`,
      ),
    );
    assert.match(refused.output, /stop the server, run the seed, then start the server again/);
    assert.doesNotMatch(refused.output, /Demo accounts/);

    // The server was not disturbed: it logs in and writes (a session) as before.
    const adminToken = await login(first, { login: ADMIN.email, password: ADMIN.password, type: 'admin' });
    const me = await fetch(`${first.url}/api/user/profile`, { headers: { authorization: `Bearer ${adminToken}` } });
    assert.equal(me.status, 200, await me.text());
    await stop(first);
    assert.equal(existsSync(path.join(dataDir, '.stays.lock')), false, 'the stopped server released its lock');

    const seeded = await runSeed(dataDir);
    assert.equal(seeded.code, 0, seeded.output);
    assert.match(seeded.output, /Demo accounts/);

    const second = await startServer(env);
    servers.push(second);
    const token = await login(second, TRAVELLER);
    const list = await fetch(`${second.url}/api/reservations`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(list.status, 200, await list.clone().text());
    assert.ok(((await list.json()) as { data: unknown[] }).data.length > 0, 'the demo reservations are there');
    await login(second, { login: ADMIN.email, password: ADMIN.password, type: 'admin' });
    await stop(second);
  });
});
