// Starts the real entry point (`src/server.ts`, compiled under `npm test`) as a child process, for
// the tests that need a process to signal, kill or run several of: shutdown, crash recovery,
// outages, instances.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A port free now, for a process started later to listen on; with `count`, the first of that many
 * consecutive free ports. It is taken below the kernel's ephemeral range: a port from that range
 * (what listen(0) and outgoing connections get) could be handed to another test of the parallel
 * suite before the process binds it, and a balancer would then check someone else's server.
 */
export async function freePort(count = 1): Promise<number> {
  const below = ephemeralRangeStart();
  const lowest = Math.max(1_024, Math.min(20_000, below - 4_000));
  if (below - lowest < 1_000) return kernelPort();
  for (;;) {
    const base = lowest + randomInt(below - lowest - count);
    let free = true;
    for (let i = 0; i < count && free; i++) free = await bindable(base + i);
    if (free) return base;
  }
}

/** A port the kernel picks (listen(0)): only where no range lies below the ephemeral one. */
async function kernelPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

function ephemeralRangeStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/**
 * The compiled service when `npm test` built it (TEST_SERVER_BUILD: scripts/run-tests.mjs), as
 * production runs it and at half the start-up CPU of tsx; the sources under tsx otherwise (a file
 * run on its own with `node --test`). `npm start` on the TypeScript entry has tests of its own
 * (test/runtime.test.ts).
 */
export function serverEntry(): string[] {
  const build = process.env.TEST_SERVER_BUILD;
  return build ? [path.join(build, 'src', 'server.js')] : ['--import', 'tsx', 'src/server.ts'];
}

/**
 * How long a started server may take to answer /healthz: a guard against a hang, not a speed check
 * (bench:first-start measures that); starts slow down several-fold under the suite's load.
 */
export const START_GUARD_MS = 240_000;

/**
 * Starts a server with `env` (on top of a minimal test environment) and resolves once /healthz
 * answers. `port`: a given one (a restart behind a balancer keeps its address); `entry`: another
 * build's server.js or server.ts (a deploy; TypeScript runs under tsx).
 */
export async function startServer(
  env: Record<string, string>,
  opts: { timeoutMs?: number; port?: number; entry?: string } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const entry = opts.entry
    ? opts.entry.endsWith('.ts')
      ? ['--import', 'tsx', opts.entry]
      : [opts.entry]
    : serverEntry();
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'server-process-test-secret-0123456789abcdef',
      // These servers live seconds and send no code mails: the renderer's ~1 s of CPU at each
      // start is left out (test/runtime.test.ts starts its servers with the default, which loads
      // it before listening; a test may pass MAIL_WARM_UP in `env`).
      MAIL_WARM_UP: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const deadline = Date.now() + (opts.timeoutMs ?? START_GUARD_MS);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during start:\n${output}`);
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
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** SIGKILLs the server (if still running) and waits for the exit. */
export async function killServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/**
 * fetch as a well-behaved client: a 503 with Retry-After (load shedding on a busy test machine)
 * is sent again after the delay it asks for, up to `tries` times, and each retry is printed. For
 * tests that mean "the server works" while they send several requests at once; a test that
 * asserts a refusal uses plain fetch. (A shed request was refused before any work, so sending it
 * again is safe even for a POST.)
 */
export async function fetchAsClient(url: string, init: RequestInit = {}, tries = 5): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, init);
    const retryAfter = res.headers.get('retry-after');
    if (res.status !== 503 || !retryAfter || attempt >= tries) return res;
    const body = await res.text();
    console.log(
      `# ${init.method ?? 'GET'} ${new URL(url).pathname}: 503 Retry-After ${retryAfter} (${body}), retried as a client would`,
    );
    await sleep(Number(retryAfter) * 1000);
  }
}
