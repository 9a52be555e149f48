// `npm run bench:first-start`: how long a fresh clone's first `npm start` takes to answer /healthz
// (issue 51 item 4), and the second start on the same DATA_DIR. Runs `npm start`'s own command
// (node --import tsx src/server.ts) on an empty temporary DATA_DIR with the default settings,
// polls /healthz every 50 ms, then stops the server with SIGTERM. The server's log lines (pino,
// with times) are kept to show where the time went: its "Stays ready" line carries `startMs`.
// FIRST_START_RUNS=n repeats the pair (first, second) n times; the figures are the medians.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// FIRST_START_ROOT: another checkout to measure (e.g. the main branch, for a before/after).
const root = process.env.FIRST_START_ROOT ?? path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

// The machine is shared: wall time moves with everyone else's load, the CPU the start spends
// hardly does (utime + stime of every thread, /proc/<pid>/stat; 100 ticks a second on Linux).
function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

interface Start {
  ms: number;
  /** CPU time the server had spent when /healthz first answered. */
  cpuMs: number | null;
  /** The server's own account (its "Stays ready" line): ms per step, `modules` since the process began. */
  phases: Record<string, number>;
}

/** One `npm start` on `dataDir`: ms to the first 200 from /healthz, and the phases it logged. */
async function startOnce(dataDir: string, tmpDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    // TMPDIR of the run's own: tsx keeps its compiled files there, and a fresh clone has none yet.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TMPDIR: tmpDir,
      DATA_DIR: dataDir,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let ms = -1;
  let cpuMs: number | null = null;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.status === 200) {
        ms = performance.now() - started;
        cpuMs = cpuMsOf(child.pid!);
        break;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 180_000) throw new Error(`no /healthz within 180 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGTERM');
  await exited;
  const ready = /"startMs":(\{[^}]*\})/.exec(out);
  return { ms: Math.round(ms), cpuMs, phases: ready ? JSON.parse(ready[1]!) : {} };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const runs = Number(process.env.FIRST_START_RUNS ?? 1);
const firsts: Start[] = [];
const seconds: Start[] = [];
for (let i = 0; i < runs; i++) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-first-start-'));
  const dataDir = path.join(dir, 'data');
  const tmpDir = await mkdtemp(path.join(dir, 'tmp-'));
  try {
    firsts.push(await startOnce(dataDir, tmpDir));
    seconds.push(await startOnce(dataDir, tmpDir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const report = {
  date: new Date().toISOString().slice(0, 10),
  cpus: os.cpus().length,
  load: os.loadavg().map((l) => Number(l.toFixed(1))),
  runs,
  first_start_ms: median(firsts.map((s) => s.ms)),
  second_start_ms: median(seconds.map((s) => s.ms)),
  first_start_cpu_ms: median(firsts.map((s) => s.cpuMs ?? 0)),
  second_start_cpu_ms: median(seconds.map((s) => s.cpuMs ?? 0)),
  first_phases: firsts[0]!.phases,
  second_phases: seconds[0]!.phases,
};
console.log(JSON.stringify(report, null, 2));
