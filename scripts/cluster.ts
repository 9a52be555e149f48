// `npm run cluster`: the scaled topology on one machine, for an operator to try: N instances of the
// server on one PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL), behind HAProxy configured as
// scripts/lib/haproxy.ts recommends. Ctrl-C stops it all (instances drain first); SIGHUP to this
// process restarts the instances one at a time, as a rolling deploy does.
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster -- [--instances 3] [--port 8080]
//     [--base-port 3001] [--env-file cluster.env] [--dist | --entry <server.js or .ts>]
//
// The other settings (STORAGE=s3 and S3_*, SMTP_URL, PAYMENT_PROCESSOR…) are passed on to every
// instance as they are. With --env-file, the file's settings go over the environment and are read
// again before each instance starts or restarts: edit the file, then SIGHUP rolls the new settings
// out (key rotation: docs/operations.md). METRICS_PORT is the first instance's metrics port, the
// others take the next ones. Without STORAGE=s3 the instances share DATA_DIR's files folder, which
// only works because they run on one machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { JWT_SECRET_FILE, storedJwtSecret } from '../src/platform/jwt-secret-file.ts';
import { drainDetectionMs, haproxyBinary, startBalancer, type Balancer } from './lib/haproxy.ts';
import {
  dataDirOf,
  instanceEnv,
  metricsBasePort,
  readSettings,
  settingsProblem,
  type ClusterLayout,
  type Settings,
} from './lib/cluster-settings.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    'base-port': { type: 'string', default: '3001' },
    host: { type: 'string', default: '127.0.0.1' },
    dist: { type: 'boolean', default: false },
    entry: { type: 'string' },
    'env-file': { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`cluster: ${message}`);
  process.exit(78);
}

const count = Number(args.instances);
const layout: ClusterLayout = { host: args.host, port: Number(args.port), basePort: Number(args['base-port']) };
if (!Number.isInteger(count) || count < 1 || count > 16)
  fail(`--instances: a whole number from 1 to 16 (got ${args.instances})`);
for (const [name, p] of [
  ['--port', layout.port],
  ['--base-port', layout.basePort],
] as const)
  if (!Number.isInteger(p) || p < 1 || p > 65535 - count) fail(`${name}: a port number (got ${p})`);
const envFile = args['env-file'] ? path.resolve(args['env-file']) : undefined;
const settingsNow = () => readSettings(process.env, envFile);
const first = await settingsNow().catch((err: Error) => fail(err.message));
if (!first.DATABASE_URL)
  fail(
    'DATABASE_URL is required: the instances share one PostgreSQL database (the embedded PGlite serves one process only)',
  );
if (!first.REDIS_URL) fail('REDIS_URL is required: the instances share events, rate limits and presence through Redis');
const bin = haproxyBinary();
if (!bin) fail('haproxy not found (Debian/Ubuntu: apt-get install haproxy; or set HAPROXY_BIN)');
const entry = path.resolve(
  root,
  args.entry ?? (args.dist ? path.join(root, 'dist/src/server.js') : path.join(root, 'src/server.ts')),
);
if (!existsSync(entry)) fail(`${path.relative(root, entry)} not found${args.dist ? ': run npm run build first' : ''}`);

const drainMs = Number(first.SHUTDOWN_DRAIN_MS || 2000);
if (drainMs <= drainDetectionMs()) {
  fail(
    `SHUTDOWN_DRAIN_MS=${drainMs} is not longer than the balancer needs to see a draining instance (${drainDetectionMs()} ms): requests would reach stopped instances`,
  );
}
try {
  for (let i = 0; i < count; i++) {
    const problem = settingsProblem(instanceEnv(first, layout, i));
    if (problem) fail(problem);
  }
} catch (err) {
  fail((err as Error).message);
}
if (!first.JWT_SECRET) {
  // Made here, before the instances start at once: each would otherwise make its own.
  const dir = dataDirOf(first, root);
  const { made } = await storedJwtSecret(dir);
  console.warn(
    `cluster: JWT_SECRET is not set; the instances share the key in ${path.join(dir, JWT_SECRET_FILE)} (${made ? 'made now' : 'kept from before'}). In production set JWT_SECRET.`,
  );
}

const instances = new Map<string, { child: ChildProcess; env: Settings }>();
// Instances this script stopped on purpose (a rolling restart): their exit is not news.
const stopped = new Set<ChildProcess>();
let stopping = false;
let rolling = false;

const nameOf = (i: number) => `app${i + 1}`;
const names = Array.from({ length: count }, (_, i) => nameOf(i));

function startInstance(i: number, env: Settings): ChildProcess {
  const name = nameOf(i);
  const child = spawn(process.execPath, entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry], {
    cwd: root,
    // Its own process group: Ctrl-C reaches this script only, which then stops the instances in order.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  child.once('exit', (code, signal) => {
    if (instances.get(name)?.child === child) instances.delete(name);
    if (!stopping && !stopped.has(child)) console.error(`cluster: ${name} exited (${signal ?? `code ${code}`})`);
  });
  instances.set(name, { child, env });
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Until the balancer has the instance UP; an instance that exits first (a bad setting: 78) ends the wait. */
async function inRotation(lb: Balancer, name: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; ; await sleep(100)) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited while starting (${child.signalCode ?? `code ${child.exitCode}`}; see its lines)`);
    const row = (await lb.servers()).find((r) => r.svname === name);
    if (row?.status.startsWith('UP')) return;
    if (Date.now() > end) throw new Error(`${name} not UP in the balancer within ${timeoutMs} ms`);
  }
}

/** The names of the settings that differ (never their values: some are secrets). */
const changed = (a: Settings, b: Settings) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => (a[k] || '') !== (b[k] || '')).sort();

const work = await mkdtemp(path.join(tmpdir(), 'stays-cluster-'));
let balancer: Balancer | undefined;

async function stopAll(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  console.log('cluster: stopping the instances (each drains, then exits), then the balancer');
  await Promise.all(
    [...instances.values()].map(({ child }) => {
      child.kill('SIGTERM');
      return exited(child);
    }),
  );
  await balancer?.stop();
  await rm(work, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
// Whatever ends this script (an error included) ends what it started: they have process groups of their own.
process.on('exit', () => {
  for (const { child } of instances.values()) child.kill('SIGKILL');
  balancer?.child.kill('SIGKILL');
});
process.on('SIGTERM', () => void stopAll(0));

// SIGHUP: a rolling restart, one instance at a time: read the settings again and check them, then
// SIGTERM the instance, wait for its exit, start it with them, wait until the balancer has it back.
// A bad setting or an instance that does not come back stops the roll there; the others keep
// serving on what they run.
process.on('SIGHUP', async () => {
  if (rolling || stopping || !balancer) return;
  rolling = true;
  const began = Date.now();
  try {
    for (const [i, name] of names.entries()) {
      if (stopping) break;
      const env = instanceEnv(await settingsNow(), layout, i);
      const problem = settingsProblem(env);
      if (problem) throw new Error(`${name} and the ones after it keep their settings: ${problem}`);
      const old = instances.get(name);
      const diff = old ? changed(old.env, env) : [];
      console.log(`cluster: restarting ${name} (${diff.length ? `changed: ${diff.join(', ')}` : 'same settings'})`);
      if (old) {
        stopped.add(old.child);
        old.child.kill('SIGTERM');
        await exited(old.child);
      }
      await inRotation(balancer, name, startInstance(i, env));
    }
    console.log(`cluster: rolling restart done in ${Date.now() - began} ms`);
  } catch (err) {
    console.error(`cluster: rolling restart stopped: ${(err as Error).message}`);
  } finally {
    rolling = false;
  }
});

try {
  // All at once: on a fresh database one migrates and the others wait for it (the migration lock).
  const children = names.map((_, i) => startInstance(i, instanceEnv(first, layout, i)));
  const lb = await startBalancer({
    dir: work,
    host: layout.host,
    port: layout.port,
    statsSocket: path.join(work, 'haproxy.sock'),
    servedByHeader: true,
    servers: names.map((name, i) => ({ name, host: '127.0.0.1', port: layout.basePort + i })),
  });
  balancer = lb;
  await Promise.all(children.map((child, i) => inRotation(lb, nameOf(i), child)));
} catch (err) {
  console.error(`cluster: ${(err as Error).message}`);
  await stopAll(1);
}

const publicUrl = instanceEnv(first, layout, 0).PUBLIC_BASE_URL;
const metrics = metricsBasePort(first);
console.log(
  [
    '',
    `cluster: ${count} instance${count > 1 ? 's' : ''} (${names.map((n, i) => `${n} on :${layout.basePort + i}`).join(', ')}) behind HAProxy`,
    `  ${publicUrl}        the service (every answer says which instance served it: X-Served-By)`,
    `  ${publicUrl}/docs   the API documentation`,
    ...(metrics === null
      ? []
      : [`  metrics: ${names.map((n, i) => `${n} http://127.0.0.1:${metrics + i}/metrics`).join(', ')}`]),
    `  haproxy.cfg in ${work}; Ctrl-C stops everything; kill -HUP ${process.pid} restarts the instances one at a time${envFile ? `, each with the settings of ${envFile} as they are then` : ''}`,
    '',
  ].join('\n'),
);
