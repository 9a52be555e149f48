// A real PgBouncer (Debian's package) in transaction pooling mode in front of the test
// PostgreSQL server, started by the test on a free port with a config of its own in a temp
// directory: any database name is passed through to the server, any user is let in and connects
// there as the server URL's user (auth_type = any). PgBouncer refuses to run as root, so as root
// it runs as `postgres` (spawned with that uid). `stop()` ends it and removes the directory; an exit hook stops a
// PgBouncer the test did not.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { access, chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { freePort } from './server-process.ts';
import { testDatabaseUrl } from './test-database.ts';

const CANDIDATES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'];

async function binary(): Promise<string | null> {
  for (const file of CANDIDATES) {
    if (
      await access(file).then(
        () => true,
        () => false,
      )
    )
      return file;
  }
  return null;
}

/** Why a PgBouncer cannot run here (the caller skips, printing it), or null when it can. */
export async function pgbouncerUnavailable(): Promise<string | null> {
  if (!testDatabaseUrl) return 'needs TEST_DATABASE_URL: PgBouncer pools connections to a PostgreSQL server';
  if (!(await binary())) return `no pgbouncer binary (looked in ${CANDIDATES.join(', ')}; .ci/run installs it)`;
  return null;
}

export interface PgBouncer {
  /** The URL of `serverUrl`'s database through PgBouncer. */
  urlFor(serverUrl: string): string;
  stop(): Promise<void>;
}

const running = new Set<() => void>();
process.once('exit', () => {
  for (const stop of running) stop();
});

/** Starts one in front of `serverUrl`'s server (default TEST_DATABASE_URL's; the benchmark passes its own). */
export async function startPgBouncer(opts: { poolSize?: number; serverUrl?: string } = {}): Promise<PgBouncer> {
  const serverUrl = opts.serverUrl ?? testDatabaseUrl;
  const bin = await binary();
  if (!serverUrl || !bin) throw new Error((await pgbouncerUnavailable()) ?? 'no pgbouncer binary');
  const server = new URL(serverUrl);
  const dir = await mkdtemp(path.join(tmpdir(), 'stays-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(server.username || 'postgres');
  const ini = [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || '5432'} user=${user}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    "unix_socket_dir = ''",
    'auth_type = any',
    'pool_mode = transaction',
    `default_pool_size = ${opts.poolSize ?? 8}`,
    'max_client_conn = 1000',
    // node-postgres sends none of these by default; clients that do are not refused for it.
    'ignore_startup_parameters = extra_float_digits,options',
    `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
  ];
  const config = path.join(dir, 'pgbouncer.ini');
  await writeFile(config, `${ini.join('\n')}\n`);
  let as: { uid: number; gid: number } | undefined;
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    await chown(dir, uid, gid);
    await chown(config, uid, gid);
    await chmod(dir, 0o700);
    as = { uid, gid };
  }
  // SIGTERM stops it at once (SIGINT would wait for clients to finish).
  const child: ChildProcess = spawn(bin, [config], { stdio: 'ignore', ...as });
  const kill = () => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  running.add(kill);
  try {
    await listening(port, child);
  } catch (err) {
    kill();
    running.delete(kill);
    throw err;
  }
  return {
    urlFor(serverUrl) {
      const u = new URL(serverUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async stop() {
      running.delete(kill);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function listening(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode} before listening`);
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`pgbouncer did not listen on ${port} within 10 s`);
}
