// The server under test runs as its own process, as operators run it: the build of `npm run build`
// under plain node (docs/operations.md), so the load generator never competes with it for the same
// event loop and what is measured is what production runs.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface ServerOptions {
  /** Repository root: the working directory of the server. */
  root: string;
  /** PostgreSQL server to create the run's database on; PGlite in DATA_DIR without it. */
  databaseUrl?: string;
  /** Extra node flags for the server, e.g. `--cpu-prof` to profile it under load. */
  nodeArgs?: string[];
  /**
   * A script run by node instead of the service's own server, with SERVICE_DIST naming the
   * compiled service's folder to import it from (the service with a bench-only route added:
   * post-floor-server.mjs). It must serve /healthz on HOST:PORT like the service.
   */
  script?: string;
  /** CPU list (taskset syntax) the server is confined to, all its threads included. */
  cpus?: string;
  /**
   * A generated catalogue to start from instead of an empty database: a PGlite data directory
   * (copied into the run's DATA_DIR) or a PostgreSQL database (the run's database is created
   * from it as a template). The original is never written to.
   */
  dataset?: { kind: 'pglite'; pgdata: string } | { kind: 'postgres'; database: string };
  /**
   * Runs once the run's database exists and before the server starts: fixtures no public route
   * can create (thousands of signed-in guests) are written straight into it. PGlite's data
   * directory is free then, since only one process may open it at a time.
   */
  beforeStart?: (target: ServerTarget) => Promise<void>;
  /**
   * Settings added to the server's environment after the defaults above, e.g. the run's own
   * ADMIN_EMAIL / ADMIN_PASSWORD (a throwaway admin with a random password, for scenarios that
   * need one) or MAX_REQUESTS_IN_FLIGHT.
   */
  env?: Record<string, string>;
}

/** What the server will run on: its DATA_DIR, its PostgreSQL database if any, its JWT_SECRET. */
export interface ServerTarget {
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
}

export interface RunningServer {
  baseUrl: string;
  /** The server process (taskset execs node in place, so it is node's pid). */
  pid: number;
  database: 'pglite' | 'postgres';
  /** CPU seconds the server process has used so far (all threads); null where /proc is missing. */
  cpuSeconds(): number | null;
  /** SIGTERM, wait for the graceful shutdown, then remove the run's data. Safe to call twice. */
  stop(): Promise<void>;
}

export interface BenchAdmin {
  email: string;
  password: string;
  /** For `ServerOptions.env`. */
  env: Record<string, string>;
}

/**
 * An admin of the run's own: the server creates it at start from ADMIN_EMAIL / ADMIN_PASSWORD
 * (ensure-first-admin.ts) in the run's fresh database, with a random password; scenarios that
 * need an admin (sending notifications) log it in with `type: 'admin'`.
 */
export function benchAdmin(): BenchAdmin {
  const email = 'bench-admin@example.com';
  const password = `bench-${randomBytes(12).toString('base64url')}`;
  return { email, password, env: { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } };
}

const STARTUP_TIMEOUT_MS = 60_000;
// close-with-grace waits up to 15 s for in-flight requests; a little more before SIGKILL.
const SHUTDOWN_TIMEOUT_MS = 20_000;
const FORWARDED_LINES_MAX = 20;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onAdmin(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Brings the run's database to rest before anything is measured, as pgbench vacuums before its
 * runs: the fixtures (the booking history alone is about 1.5 million rows) and the copy of a
 * catalogue leave tuples whose first reads set their hint bits (page writes), stale statistics,
 * and a WAL whose checkpoints, spread over minutes, went on during the first scenarios' rounds
 * (PostgreSQL's log of 2026-11-27 00:28–00:37 UTC). VACUUM (ANALYZE) sets the hint bits and the
 * statistics, CHECKPOINT writes the dirty pages out. It did not cure the collapse of that night's
 * booking rounds (bench/README.md, "Latest full runs"), whose cause is still open.
 */
async function settle(url: string): Promise<void> {
  const started = Date.now();
  await onAdmin(url, 'VACUUM (ANALYZE)');
  await onAdmin(url, 'CHECKPOINT');
  process.stderr.write(
    `[bench] database vacuumed and checkpointed before the server starts (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
}

function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Which code the server runs: the compiled build (the default), or the TypeScript sources. */
export type ServerCode = 'build' | 'sources';

export function serverCode(): ServerCode {
  const v = process.env.BENCH_SERVER ?? 'build';
  if (v !== 'build' && v !== 'sources') throw new Error(`BENCH_SERVER must be build or sources, got "${v}"`);
  return v;
}

// Inside the project, where the build finds node_modules (scripts/build.mjs insists).
const BUILD_DIR = '.bench-cache/dist';
let built: string | undefined;

/**
 * The server's entry and loader flags. `build`: the service compiled by `npm run build` into
 * .bench-cache/dist, once per benchmark process, run by plain node as in production. `sources`
 * (BENCH_SERVER=sources): `node --import tsx src/server.ts` as `npm start` runs it for development,
 * which costs more per request: tsx compiles with esbuild's keepNames, so every function created
 * while serving (each closure, each callback) also gets a `__name` call defining its name.
 */
function serverEntry(root: string): string[] {
  if (serverCode() === 'sources') return ['--import', 'tsx', 'src/server.ts'];
  return [path.join(compiledService(root), 'src/server.js')];
}

/** The service compiled by `npm run build` into .bench-cache/dist (once per benchmark process); its folder, relative to `root`. */
function compiledService(root: string): string {
  if (!built) {
    process.stderr.write(
      `[bench] compiling the service (npm run build -- --out-dir ${BUILD_DIR} --no-check); BENCH_SERVER=sources runs the sources under tsx instead\n`,
    );
    const run = spawnSync(process.execPath, ['scripts/build.mjs', '--out-dir', BUILD_DIR, '--no-check'], {
      cwd: root,
      stdio: ['ignore', 2, 2],
    });
    if (run.status !== 0)
      throw new Error(`npm run build failed (exit ${run.status}): the benchmark measures the compiled service`);
    built = BUILD_DIR;
  }
  return built;
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const cleanups: Array<() => Promise<void>> = [];
  let child: ChildProcess | undefined;
  const recent: string[] = [];
  let forwarded = 0;

  const stop = async () => {
    if (child && !(await stopChild(child))) process.stderr.write('[bench] server ignored SIGTERM; killed\n');
    child = undefined;
    while (cleanups.length)
      await cleanups.pop()!().catch((err) => process.stderr.write(`[bench] cleanup failed: ${err}\n`));
  };

  try {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (opts.databaseUrl) {
      const name = `stays_bench_${randomBytes(5).toString('hex')}`;
      const template = opts.dataset?.kind === 'postgres' ? ` TEMPLATE "${opts.dataset.database}"` : '';
      await onAdmin(opts.databaseUrl, `CREATE DATABASE "${name}"${template}`);
      // FORCE: a server killed after the timeout may leave connections behind.
      cleanups.push(() => onAdmin(opts.databaseUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      databaseUrl = withDatabase(opts.databaseUrl, name);
    } else if (opts.dataset?.kind === 'pglite') {
      await cp(opts.dataset.pgdata, path.join(dataDir, 'pgdata'), { recursive: true });
    }

    const jwtSecret = randomBytes(32).toString('base64url');
    await opts.beforeStart?.({ dataDir, databaseUrl, jwtSecret });
    if (databaseUrl) await settle(databaseUrl);
    const topology = databaseUrl ? await databaseTopology(opts.databaseUrl!, databaseUrl, cleanups) : {};

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      JWT_SECRET: jwtSecret,
      // Outlives any BENCH_DURATION, so an expiring token can never show up as errors.
      ACCESS_TOKEN_TTL: '24h',
    };
    // The benchmark must not mail anyone or create accounts beyond its own (`opts.env` may add
    // an admin of the run's own).
    for (const key of ['SMTP_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) delete env[key];
    if (!databaseUrl) delete env.DATABASE_URL;
    Object.assign(env, topology, opts.env);
    if (opts.script) env.SERVICE_DIST = path.join(opts.root, compiledService(opts.root));

    const node = [
      process.execPath,
      ...(opts.nodeArgs ?? []),
      ...(opts.script ? [opts.script] : serverEntry(opts.root)),
    ];
    // taskset execs node in place, so the child pid is still the server's (signals, CPU time).
    const argv = opts.cpus ? ['taskset', '-c', opts.cpus, ...node] : node;
    child = spawn(argv[0]!, argv.slice(1), {
      cwd: opts.root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        recent.push(line);
        if (recent.length > 50) recent.shift();
        // LOG_LEVEL=warn: anything that gets here deserves attention, but not a flood.
        if (forwarded++ < FORWARDED_LINES_MAX) process.stderr.write(`[server] ${line}\n`);
        else if (forwarded === FORWARDED_LINES_MAX + 1) process.stderr.write('[server] … further output suppressed\n');
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);

    await waitForHealth(baseUrl, child, recent);
    const pid = child.pid!;
    return { baseUrl, pid, database: databaseUrl ? 'postgres' : 'pglite', stop, cpuSeconds: () => cpuSecondsOf(pid) };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The server's extra node flags from BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), split on spaces. */
export function benchNodeArgs(): string[] {
  return (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/**
 * Splits the machine: the server gets CPU 0, this process (the load generator) the rest.
 * Unpinned, the scheduler moves both around and a 2-CPU machine gave ±40% between identical
 * runs; pinned, the rounds agree within a few percent. Returns the server's CPU list, or
 * undefined when there is nothing to split or no taskset.
 */
export function pinCpus(): string | undefined {
  const n = os.availableParallelism();
  if (process.platform !== 'linux' || n < 2) return undefined;
  try {
    execFileSync('taskset', ['-a', '-cp', `1-${n - 1}`, String(process.pid)], { stdio: 'ignore' });
    return '0';
  } catch {
    return undefined;
  }
}

let ticksPerSecond: number | undefined;

// Throughput on a shared machine moves with everyone else's load; the CPU the server spends per
// request does not, so it is measured alongside. Linux only (utime + stime in /proc/<pid>/stat).
function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name, which may itself contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

async function stopChild(child: ChildProcess): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  child.kill('SIGTERM');
  if (await exited(child, SHUTDOWN_TIMEOUT_MS)) return true;
  child.kill('SIGKILL');
  await exited(child, 5_000);
  return false;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, recent: string[]): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited during startup (${child.exitCode ?? child.signalCode}):\n${recent.join('\n')}`);
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer /healthz within ${STARTUP_TIMEOUT_MS / 1000} s:\n${recent.join('\n')}`);
}

/**
 * BENCH_REPLICA=1: the server reads public data from a streaming replica of the run's server,
 * made now (test/helpers/replica.ts); BENCH_POOLER=1: it reaches the database through PgBouncer in
 * transaction pooling mode (test/helpers/pgbouncer.ts, 20 server connections). The fixtures and
 * the raw-SQL baseline still write to the server directly.
 */
async function databaseTopology(
  serverUrl: string,
  databaseUrl: string,
  cleanups: Array<() => Promise<void>>,
): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  if (process.env.BENCH_REPLICA === '1') {
    const { createReplica } = await import('../test/helpers/replica.ts');
    const replica = await createReplica({ serverUrl });
    cleanups.push(() => replica.destroy());
    await replica.caughtUp();
    env.DATABASE_READ_URL = replica.urlFor(databaseUrl);
    process.stderr.write('[bench] public reads from a streaming replica (BENCH_REPLICA=1)\n');
  }
  if (process.env.BENCH_POOLER === '1') {
    const { startPgBouncer } = await import('../test/helpers/pgbouncer.ts');
    const bouncer = await startPgBouncer({ serverUrl, poolSize: 20 });
    cleanups.push(() => bouncer.stop());
    env.DATABASE_URL = bouncer.urlFor(databaseUrl);
    env.DATABASE_POOLER = 'transaction';
    process.stderr.write('[bench] the server reaches PostgreSQL through PgBouncer (BENCH_POOLER=1)\n');
  }
  return env;
}
