// One process per embedded data directory. PGlite keeps no lock of its own, and two processes on
// one directory corrupt it (`npm run seed:demo` beside `npm start` gave foreign-key errors, then a
// login spinning at full CPU after a restart). So whoever opens it first leaves a lock file naming
// itself; the next one refuses, naming the holder, until the holder is gone.
//
// Decisions:
// - The file appears complete or not at all: written under a private name, then hard-linked to
//   the lock's name, which fails when it exists (O_EXCL's guarantee, and never seen half-written).
// - A lock is stale when its holder is dead: same host, and its pid is not running, or is running
//   but started at another moment (Linux: /proc start time), i.e. a reused pid, or is our own pid
//   (a container restarted with the same pid) while this process does not hold it. A lock from
//   another host cannot be judged and is never taken over; the message says how to clear it.
// - A stale lock is moved aside with one rename (atomic): of two processes taking over the same
//   stale lock only one moves it; the other finds the winner's fresh lock and refuses.
// - Released on close and on process exit, and only while it is still ours.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE = '.stays.lock';

/** What the lock file holds (JSON). */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** When the lock was taken (ISO 8601). */
  since: string;
  command: string;
  /** Linux: the process's start time in clock ticks since boot, which tells a reused pid apart. */
  proc_start?: string;
}

export class DataDirInUseError extends Error {}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

// Lock files this process holds: a second open of the same directory in-process is refused too.
const held = new Set<string>();

/** Takes `dataDir`'s lock or throws DataDirInUseError naming the process that holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  // Absolute in messages: `./data` says little in a log or beside another working directory.
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    since: new Date().toISOString(),
    command: commandLine(),
    proc_start: procStart(process.pid),
  };
  const text = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(file, text)) return hold(file, text);
    const seen = readOrNull(file);
    if (seen === null) continue;
    const owner = parse(seen);
    if (owner && !isStale(owner, file)) throw new DataDirInUseError(inUseMessage(dir, file, owner));
    moveAside(file, seen);
  }
  throw new DataDirInUseError(`DATA_DIR ${dir}: could not take ${file}; another process keeps taking it`);
}

function create(file: string, text: string): boolean {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, text, { mode: 0o644 });
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(tmp);
  }
}

function hold(file: string, text: string): DataDirLock {
  held.add(file);
  const release = () => {
    if (!held.delete(file)) return;
    process.removeListener('exit', release);
    // Someone may have taken a lock we lost (deleted by hand, then taken over): leave theirs alone.
    if (readOrNull(file) === text) unlinkSync(file);
  };
  process.on('exit', release);
  return { file, release };
}

function isStale(owner: LockOwner, file: string): boolean {
  if (owner.hostname !== hostname()) return false;
  if (owner.pid === process.pid) return !held.has(file);
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
  const started = procStart(owner.pid);
  return Boolean(owner.proc_start && started && owner.proc_start !== started);
}

function moveAside(file: string, seen: string): void {
  const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  // Between our read and the rename another process may have taken over: put its lock back.
  if (readOrNull(aside) !== seen) {
    try {
      linkSync(aside, file);
    } catch {
      // a third one took it meanwhile; the next attempt reads whoever holds it now
    }
  }
  unlinkSync(aside);
}

function inUseMessage(dir: string, file: string, owner: LockOwner): string {
  const where = owner.hostname === hostname() ? '' : ` on host ${owner.hostname}`;
  const clear = where ? ` If that process is gone, delete ${file}.` : '';
  return `DATA_DIR ${dir} is in use by process ${owner.pid}${where} (${owner.command}, since ${owner.since}); stop it first or use another DATA_DIR.${clear}`;
}

function parse(text: string): LockOwner | null {
  try {
    const o = JSON.parse(text) as LockOwner;
    return Number.isSafeInteger(o.pid) && typeof o.hostname === 'string' ? o : null;
  } catch {
    return null;
  }
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function commandLine(): string {
  const script = process.argv[1];
  return [path.basename(process.argv0), ...(script ? [path.relative(process.cwd(), script) || script] : [])].join(' ');
}

function procStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; counted after the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
