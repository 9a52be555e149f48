// A PostgreSQL cluster of the test's own (initdb in a temp directory, its own port), for tests
// that stop and start the database server: the machine's shared server must never be stopped
// under other tests. PostgreSQL refuses to run as root, so as root it runs as `postgres`.
import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

const run = promisify(execFile);

export interface PrivatePostgres {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

async function binDir(): Promise<string | null> {
  const base = '/usr/lib/postgresql';
  const versions = await readdir(base).catch(() => [] as string[]);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(base, newest, 'bin') : null;
}

/** Null when this machine has no PostgreSQL server binaries (the caller skips, saying why). */
export async function createPrivatePostgres(): Promise<PrivatePostgres | null> {
  const bin = await binDir();
  if (!bin) return null;
  const dir = await mkdtemp(path.join(tmpdir(), 'stays-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  let uid = 0;
  let gid = 0;
  if (asRoot) {
    const id = await run('id', ['-u', 'postgres']).then((r) => Number(r.stdout.trim()));
    uid = id;
    gid = await run('id', ['-g', 'postgres']).then((r) => Number(r.stdout.trim()));
    await chown(dir, uid, gid);
    await chmod(dir, 0o700);
  }
  const as = (cmd: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]) : run(path.join(bin, cmd), args);
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const pg: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await as('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    },
    // fast: connections are cut at once, as when a database server goes away under load.
    stop: async () => {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    destroy: async () => {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
  await pg.start();
  return pg;
}
