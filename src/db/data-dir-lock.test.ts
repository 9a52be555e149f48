// The embedded data directory's lock: one holder, named when another process is refused, taken
// over only from a dead holder on this host, released on close.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { DataDirInUseError, LOCK_FILE, lockDataDir, type LockOwner } from './data-dir-lock.ts';
import { openDatabase } from './connection.ts';
import { seededDataDir } from '../../test/helpers/test-database.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stays-lock-'));
  dirs.push(dir);
  return dir;
};
const ownerOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockOwner;
const writeLock = (dir: string, owner: Partial<LockOwner>) =>
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({
      hostname: hostname(),
      since: '2024-01-01T00:00:00.000Z',
      command: 'node src/server.ts',
      ...owner,
    }),
  );

/** A node process that runs until killed. */
async function liveProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await once(child, 'spawn');
  return child;
}

/** The pid of a process that has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

const procStart = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};

describe('data directory lock', () => {
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('names its holder in the file and removes it on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    const owner = ownerOf(dir);
    assert.equal(owner.pid, process.pid);
    assert.equal(owner.hostname, hostname());
    assert.ok(!Number.isNaN(Date.parse(owner.since)));
    assert.match(owner.command, /node/);
    lock.release();
    assert.deepEqual(readdirSync(dir), []);
  });

  it('refuses while a live process holds it, naming that process', async () => {
    const dir = freshDir();
    const holder = await liveProcess();
    try {
      writeLock(dir, {
        pid: holder.pid!,
        ...(process.platform === 'linux' ? { proc_start: procStart(holder.pid!) } : {}),
      });
      assert.throws(
        () => lockDataDir(dir),
        (err: Error) => {
          assert.ok(err instanceof DataDirInUseError);
          assert.equal(
            err.message,
            `DATA_DIR ${dir} is in use by process ${holder.pid} (node src/server.ts, since 2024-01-01T00:00:00.000Z); stop it first or use another DATA_DIR.`,
          );
          return true;
        },
      );
      assert.equal(ownerOf(dir).pid, holder.pid, 'the holder keeps its lock');
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a stale lock whose process is dead, leaving nothing else behind', async () => {
    const dir = freshDir();
    writeLock(dir, { pid: await deadPid() });
    const lock = lockDataDir(dir);
    assert.equal(ownerOf(dir).pid, process.pid);
    assert.deepEqual(readdirSync(dir), [LOCK_FILE]);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (Linux: another start time), or to this process', {
    skip: process.platform !== 'linux' && 'needs /proc',
  }, async () => {
    const dir = freshDir();
    const other = await liveProcess();
    try {
      writeLock(dir, { pid: other.pid!, proc_start: '1' });
      lockDataDir(dir).release();
    } finally {
      other.kill('SIGKILL');
    }
    // A restarted container's process often gets its predecessor's pid.
    writeLock(dir, { pid: process.pid, proc_start: '1' });
    lockDataDir(dir).release();
  });

  it('never takes over a lock of another host, and says how to clear it', () => {
    const dir = freshDir();
    writeLock(dir, { pid: 1, hostname: 'elsewhere.example' });
    assert.throws(
      () => lockDataDir(dir),
      (err: Error) => {
        assert.match(
          err.message,
          new RegExp(
            `in use by process 1 on host elsewhere\\.example .*If that process is gone, delete ${path.join(dir, LOCK_FILE).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`,
          ),
        );
        return true;
      },
    );
  });

  it('refuses a second holder in the same process, and leaves a lock that is no longer its own on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    assert.throws(() => lockDataDir(dir), new RegExp(`in use by process ${process.pid} `));
    writeLock(dir, { pid: 1, hostname: 'elsewhere.example' });
    lock.release();
    assert.equal(ownerOf(dir).hostname, 'elsewhere.example');
  });

  it('is held by an open embedded database and released by its close', async () => {
    // A DATA_DIR holding the migrated template: an empty one costs PGlite's initdb (~10 s in CI).
    const dir = await seededDataDir('stays-lock-');
    dirs.push(dir);
    const first = await openDatabase({ dataDir: path.join(dir, 'pgdata') });
    // Closed should it open after all, so a failure here does not keep the test process alive.
    await assert.rejects(
      openDatabase({ dataDir: path.join(dir, 'pgdata') }).then((db) => db.close()),
      DataDirInUseError,
    );
    await first.ping();
    await first.close();
    assert.ok(!readdirSync(dir).includes(LOCK_FILE));
  });
});
