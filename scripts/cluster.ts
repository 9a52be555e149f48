// `npm run cluster`: the scaled topology on one machine, for an operator to try: N instances of the
// server on one PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL), behind HAProxy configured as
// scripts/lib/haproxy.ts recommends. Ctrl-C stops it all (instances drain first); SIGHUP to this
// process restarts the instances one at a time, as a rolling deploy does.
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster -- [--instances 3] [--port 8080] [--base-port 3001] [--dist]
//
// The other settings (STORAGE=s3 and S3_*, SMTP_URL, PAYMENT_PROCESSOR…) are passed on to every
// instance as they are. Without STORAGE=s3 the instances share DATA_DIR's files folder, which only
// works because they run on one machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { drainDetectionMs, haproxyBinary, startBalancer, type Balancer } from './lib/haproxy.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    'base-port': { type: 'string', default: '3001' },
    host: { type: 'string', default: '127.0.0.1' },
    dist: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`cluster: ${message}`);
  process.exit(78);
}

const count = Number(args.instances);
const port = Number(args.port);
const basePort = Number(args['base-port']);
if (!Number.isInteger(count) || count < 1 || count > 16) fail(`--instances: a whole number from 1 to 16 (got ${args.instances})`);
for (const [name, p] of [['--port', port], ['--base-port', basePort]] as const) if (!Number.isInteger(p) || p < 1 || p > 65535 - count) fail(`${name}: a port number (got ${p})`);
if (!process.env.DATABASE_URL) fail('DATABASE_URL is required: the instances share one PostgreSQL database (the embedded PGlite serves one process only)');
if (!process.env.REDIS_URL) fail('REDIS_URL is required: the instances share events, rate limits and presence through Redis');
const bin = haproxyBinary();
if (!bin) fail('haproxy not found (Debian/Ubuntu: apt-get install haproxy; or set HAPROXY_BIN)');
const entry = args.dist ? path.join(root, 'dist/src/server.js') : path.join(root, 'src/server.ts');
if (!existsSync(entry)) fail(`${path.relative(root, entry)} not found${args.dist ? ': run npm run build first' : ''}`);

const drainMs = Number(process.env.SHUTDOWN_DRAIN_MS ?? 2000);
if (drainMs <= drainDetectionMs()) {
  fail(`SHUTDOWN_DRAIN_MS=${drainMs} is not longer than the balancer needs to see a draining instance (${drainDetectionMs()} ms): requests would reach stopped instances`);
}
const publicUrl = process.env.PUBLIC_BASE_URL ?? `http://${args.host}:${port}`;
let jwtSecret = process.env.JWT_SECRET;
if (!jwtSecret && !process.env.JWT_SECRETS) {
  jwtSecret = randomBytes(32).toString('base64url');
  console.warn('cluster: JWT_SECRET is not set; this run shares a generated one (sessions end when the cluster stops). Set JWT_SECRET to keep them.');
}

const names = Array.from({ length: count }, (_, i) => `app${i + 1}`);
const instances = new Map<string, ChildProcess>();
let stopping = false;
let rolling = false;

function startInstance(i: number): ChildProcess {
  const name = names[i]!;
  const child = spawn(process.execPath, args.dist ? [entry] : ['--import', 'tsx', entry], {
    cwd: root,
    // Its own process group: Ctrl-C reaches this script only, which then stops the instances in order.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...(jwtSecret ? { JWT_SECRET: jwtSecret } : {}),
      PORT: String(basePort + i),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: publicUrl,
      // The balancer sends X-Forwarded-For: rate limits and logs see the client, not HAProxy.
      TRUST_PROXY: 'true',
    },
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
    if (instances.get(name) === child) instances.delete(name);
    if (!stopping && !rolling) console.error(`cluster: ${name} exited (${signal ?? `code ${code}`})`);
  });
  instances.set(name, child);
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

const work = await mkdtemp(path.join(tmpdir(), 'stays-cluster-'));
let balancer: Balancer | undefined;

async function stopAll(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  console.log('cluster: stopping the instances (each drains, then exits), then the balancer');
  await Promise.all([...instances.values()].map((child) => (child.kill('SIGTERM'), exited(child))));
  await balancer?.stop();
  await rm(work, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
// Whatever ends this script (an error included) ends what it started: they have process groups of their own.
process.on('exit', () => {
  for (const child of instances.values()) child.kill('SIGKILL');
  balancer?.child.kill('SIGKILL');
});
process.on('SIGTERM', () => void stopAll(0));

// SIGHUP: a rolling restart, one instance at a time: SIGTERM, wait for its exit, start it again,
// wait until the balancer has it back.
process.on('SIGHUP', async () => {
  if (rolling || stopping) return;
  rolling = true;
  const began = Date.now();
  try {
    for (let i = 0; i < count && !stopping; i++) {
      const old = instances.get(names[i]!);
      console.log(`cluster: restarting ${names[i]}`);
      if (old) {
        old.kill('SIGTERM');
        await exited(old);
      }
      startInstance(i);
      await balancer!.until('UP', [names[i]!], 120_000);
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
  names.forEach((_, i) => startInstance(i));
  balancer = await startBalancer({
    dir: work,
    host: args.host,
    port,
    statsSocket: path.join(work, 'haproxy.sock'),
    servedByHeader: true,
    servers: names.map((name, i) => ({ name, host: '127.0.0.1', port: basePort + i })),
  });
  await balancer.until('UP', names, 120_000);
} catch (err) {
  console.error(`cluster: ${(err as Error).message}`);
  await stopAll(1);
}

console.log(
  [
    '',
    `cluster: ${count} instance${count > 1 ? 's' : ''} (${names.map((n, i) => `${n} on :${basePort + i}`).join(', ')}) behind HAProxy`,
    `  ${publicUrl}        the service (every answer says which instance served it: X-Served-By)`,
    `  ${publicUrl}/docs   the API documentation`,
    `  haproxy.cfg in ${work}; Ctrl-C stops everything; kill -HUP ${process.pid} restarts the instances one at a time`,
    '',
  ].join('\n'),
);
