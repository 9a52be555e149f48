// A real streaming replica of the test PostgreSQL server (TEST_DATABASE_URL), made with the
// machine's own PostgreSQL binaries: pg_basebackup -R into a temp directory, then pg_ctl on a port
// of its own. The server must accept replication connections from loopback (.ci/run's
// allow_replication). PostgreSQL refuses to run as root, so as root it runs as `postgres`.
// `destroy()` stops it and removes the directory; a process that exits without calling it still
// stops the replica (an exit hook), so no server is left running behind a failed test file.
import { execFile, execFileSync } from 'node:child_process';
import { chmod, chown, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.ts';
import { testDatabaseUrl } from './test-database.ts';

const run = promisify(execFile);

export interface Replica {
  /** The replica's URL for a database of the primary (by its name in `primaryUrl`). */
  urlFor(primaryUrl: string): string;
  /** Stops replaying WAL (pg_wal_replay_pause): the replica falls behind while the primary writes. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the replica has replayed everything the primary had written when called. */
  caughtUp(): Promise<void>;
  /** pg_ctl stop -m fast: connections are cut at once, as when a replica goes away. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** Why a replica cannot be made here (the caller skips, printing it), or null when it can. */
export async function replicaUnavailable(): Promise<string | null> {
  if (!testDatabaseUrl) return 'needs TEST_DATABASE_URL: a streaming replica is of a PostgreSQL server, not PGlite';
  if (!(await binDir())) return 'no PostgreSQL server binaries under /usr/lib/postgresql';
  return null;
}

async function binDir(): Promise<string | null> {
  const base = '/usr/lib/postgresql';
  const versions = await readdir(base).catch(() => [] as string[]);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(base, newest, 'bin') : null;
}

const live = new Set<() => void>();
process.once('exit', () => {
  for (const stop of live) stop();
});

/**
 * Makes and starts a replica of `serverUrl`'s server (default TEST_DATABASE_URL's; the benchmark
 * passes its own); its settings follow the primary's.
 */
export async function createReplica(opts: { serverUrl?: string } = {}): Promise<Replica> {
  const serverUrl = opts.serverUrl ?? testDatabaseUrl;
  const bin = await binDir();
  if (!serverUrl || !bin) throw new Error((await replicaUnavailable()) ?? 'no PostgreSQL server binaries');
  const primary = new URL(serverUrl);
  const dir = await mkdtemp(path.join(tmpdir(), 'stays-replica-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? await ids() : null;
  if (user) {
    await chown(dir, user.uid, user.gid);
    await chmod(dir, 0o700);
  }
  const argv = (cmd: string, args: string[]) =>
    user ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
  const as = (cmd: string, args: string[]) => {
    const [file, list] = argv(cmd, args) as [string, string[]];
    return run(file, list);
  };
  const port = await freePort();
  const hard = () => {
    const [file, list] = argv('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']) as [string, string[]];
    try {
      execFileSync(file, list, { stdio: 'ignore' });
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true });
  };
  live.add(hard);
  try {
    await as('pg_basebackup', [
      ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', decodeURIComponent(primary.username)],
      ...['-D', data, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync'],
    ]);
    // A hot standby needs these at least as high as the primary's; Debian keeps the primary's
    // postgresql.conf and pg_hba.conf outside its data directory, so the copy has neither.
    const primaryAdmin = new pg.Client({ connectionString: serverUrl });
    await primaryAdmin.connect();
    const settings = await primaryAdmin
      .query<{ name: string; setting: string }>(
        `SELECT name, setting FROM pg_settings WHERE name IN
          ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
      )
      .finally(() => primaryAdmin.end());
    const conf = [
      ...settings.rows.map((r) => `${r.name} = ${r.setting}`),
      'hot_standby = on',
      'fsync = off',
      // A replica query the replay would cancel waits this long first; short, so a paused or
      // lagging test replica never holds a test for half a minute.
      'max_standby_streaming_delay = 1s',
    ];
    await writeFile(path.join(data, 'postgresql.conf'), `${conf.join('\n')}\n`);
    await writeFile(path.join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    if (user) {
      await chown(path.join(data, 'postgresql.conf'), user.uid, user.gid);
      await chown(path.join(data, 'pg_hba.conf'), user.uid, user.gid);
    }
  } catch (err) {
    hard();
    live.delete(hard);
    throw err;
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const admin = () => `postgres://${primary.username || 'postgres'}@127.0.0.1:${port}/postgres`;
  const onReplica = async <T extends pg.QueryResultRow>(text: string): Promise<T[]> => {
    const c = new pg.Client({ connectionString: admin() });
    await c.connect();
    try {
      return (await c.query<T>(text)).rows;
    } finally {
      await c.end();
    }
  };
  const replica: Replica = {
    urlFor(primaryUrl) {
      const u = new URL(primaryUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    pauseReplay: async () => void (await onReplica('SELECT pg_wal_replay_pause()')),
    resumeReplay: async () => void (await onReplica('SELECT pg_wal_replay_resume()')),
    async caughtUp() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      const target = await c.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn').finally(() => c.end());
      const lsn = target.rows[0]!.lsn;
      for (let i = 0; i < 600; i++) {
        const [row] = await onReplica<{ done: boolean }>(`SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`);
        if (row?.done) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`the replica did not replay up to ${lsn} within 30 s`);
    },
    start: async () => {
      await as('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    },
    stop: async () => {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    destroy: async () => {
      live.delete(hard);
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await replica.start();
  } catch (err) {
    await replica.destroy();
    throw err;
  }
  return replica;
}

async function ids(): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  return { uid, gid };
}
