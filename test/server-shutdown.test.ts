import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, onPostgres, type TestDatabase } from './helpers/test-database.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Starts the real entry point and resolves once /healthz answers. */
async function startServer(dataDir: string, database: TestDatabase | null): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      JWT_SECRET: 'shutdown-test-secret-0123456789abcdef',
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await sleep(100);
  }
  return { child, port, output: () => output, exited };
}

/** Sends a request whose body is held back until `finish` is called; resolves with the raw answer. */
function heldRequest(port: number, body: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (c) => (answer += c));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  socket.on('error', () => {});
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  return { finish: () => socket.write(body.slice(half)), closed, destroy: () => socket.destroy() };
}

describe('server shutdown', () => {
  let dataDir: string;
  let database: TestDatabase | null = null;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'stays-shutdown-'));
    // On PostgreSQL the server uses a test copy; otherwise its own PGlite under DATA_DIR, which
    // the second start reuses (a clean shutdown must leave it usable, and it starts faster).
    if (onPostgres) database = await createTestDatabase();
  });
  after(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits 0 on SIGTERM within a few seconds, logging that it is shutting down', async () => {
    const server = await startServer(dataDir, database);
    try {
      const sent = Date.now();
      server.child.kill('SIGTERM');
      const result = await Promise.race([server.exited, sleep(10_000).then(() => null)]);
      assert.ok(result, `still running 10 s after SIGTERM:\n${server.output()}`);
      assert.equal(result.signal, null, server.output());
      assert.equal(result.code, 0, server.output());
      assert.ok(result.at - sent < 5000, `took ${result.at - sent} ms`);
      const lines = server.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
      const shutting = lines.find((l) => l.msg === 'shutting down');
      assert.ok(shutting, server.output());
      assert.equal(shutting.signal, 'SIGTERM');
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('lets a request in flight finish before exiting, and takes no new connections', async () => {
    const server = await startServer(dataDir, database);
    const held = heldRequest(server.port, JSON.stringify({ login: 'nobody@example.test', password: 'not-the-password' }));
    try {
      // Give the server time to read the request head, so the request is truly in flight.
      await sleep(300);
      server.child.kill('SIGTERM');
      await sleep(500);
      assert.equal(server.child.exitCode, null, `exited with a request in flight:\n${server.output()}`);
      await assert.rejects(fetch(`http://127.0.0.1:${server.port}/healthz`), 'a new connection was accepted while shutting down');
      held.finish();
      const answer = await held.closed;
      const answeredAt = Date.now();
      assert.match(answer, /^HTTP\/1\.1 401 /, answer);
      assert.match(answer, /"code":"INVALID_CREDENTIALS"/);
      const result = await Promise.race([server.exited, sleep(10_000).then(() => null)]);
      assert.ok(result, `still running after the request finished:\n${server.output()}`);
      assert.equal(result.code, 0, server.output());
      assert.ok(result.at >= answeredAt - 50);
    } finally {
      held.destroy();
      server.child.kill('SIGKILL');
    }
  });
});
