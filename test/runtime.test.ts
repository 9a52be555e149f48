// The commands that run the service, as an operator or a newcomer types them: the production build
// (`npm run build`, then `node dist/src/server.js` or `npm run start:prod`) and `npm start` (the
// TypeScript through tsx, no build). A SIGTERM to the process the command started must stop the
// server itself: it drains and exits 0, its port closes, and nothing is left running (before,
// `npm start` was npm → sh → tsx → node, and a SIGTERM to npm left the server running, orphaned).
// Each server runs the embedded default (PGlite in a DATA_DIR of its own), on the Node running
// this test (`.ci/run` runs it on Node 20 and 24).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, root, START_GUARD_MS } from './helpers/server-process.ts';
import { seededDataDir } from './helpers/test-database.ts';

// Inside the project, so the build finds node_modules, as dist/ does.
const work = path.join(root, '.test-cache', `runtime-${process.pid}`);
const outDir = path.join(work, 'dist');

interface Started {
  child: ChildProcess;
  port: number;
  /** The process serving HTTP: the pid its log lines carry (npm's child for the npm scripts). */
  serverPid: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs `command` in `cwd` and waits until /healthz answers. `fresh`: an empty DATA_DIR (the first
 * start a newcomer makes: PGlite's initdb and every migration), else one holding the migrated
 * template (the test is about signals, and each first start costs seconds). `group`: in a process
 * group of its own, as a command typed in a terminal is.
 */
async function start(
  command: string,
  args: string[],
  cwd: string,
  opts: { fresh: boolean; group?: boolean },
): Promise<Started> {
  const port = await freePort();
  const dataDir = opts.fresh
    ? await mkdtemp(path.join(tmpdir(), 'stays-runtime-'))
    : await seededDataDir('stays-runtime-');
  const child = spawn(command, args, {
    cwd,
    env: {
      // npm and its scripts find the node running this test first.
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: process.env.HOME ?? tmpdir(),
      npm_config_update_notifier: 'false',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      JWT_SECRET: 'runtime-test-secret-0123456789abcdef',
      SHUTDOWN_DRAIN_MS: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.group ?? false,
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  void exited.then(() => rm(dataDir, { recursive: true, force: true }));
  const deadline = Date.now() + START_GUARD_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      assert.fail(`${command} ${args.join(' ')} exited during start:\n${output}`);
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      assert.fail(`${command} ${args.join(' ')} did not become healthy:\n${output}`);
    }
    await sleep(100);
  }
  const logged = output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { pid?: number })[0];
  assert.ok(logged?.pid, `no JSON log line with a pid:\n${output}`);
  return { child, port, serverPid: logged.pid, output: () => output, exited };
}

/** Whether the process runs (a zombie, exited but not yet reaped by its parent, does not). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    if (existsSync('/proc/self/stat')) return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Checks /healthz and /readyz, stops the started process (SIGTERM to it, or Ctrl-C: SIGINT to its
 * whole process group, as a terminal sends it), and checks that the server drained and is gone.
 */
async function checkServesAndStops(s: Started, how: 'SIGTERM' | 'Ctrl-C' = 'SIGTERM'): Promise<void> {
  const signal = how === 'Ctrl-C' ? 'SIGINT' : 'SIGTERM';
  try {
    for (const route of ['/healthz', '/readyz']) {
      const res = await fetch(`http://127.0.0.1:${s.port}${route}`);
      assert.equal(res.status, 200, `${route}: ${await res.text()}`);
    }
    if (how === 'Ctrl-C') process.kill(-s.child.pid!, 'SIGINT');
    else s.child.kill('SIGTERM');
    const result = await Promise.race([s.exited, sleep(15_000).then(() => null)]);
    assert.ok(result, `still running 15 s after ${how}:\n${s.output()}`);
    assert.deepEqual(result, { code: 0, signal: null }, s.output());
    // The server, when it is not the process signalled, must not outlive it.
    const deadline = Date.now() + 10_000;
    while (running(s.serverPid) && Date.now() < deadline) await sleep(100);
    assert.equal(
      running(s.serverPid),
      false,
      `server process ${s.serverPid} still running after its parent exited:\n${s.output()}`,
    );
    assert.equal(await portOpen(s.port), false, 'the port still accepts connections');
    const lines = s
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; signal?: string; pid?: number });
    assert.ok(
      lines.some((l) => l.msg === 'shutting down' && l.signal === signal && l.pid === s.serverPid),
      s.output(),
    );
    assert.ok(
      lines.some((l) => l.msg === 'shutdown complete'),
      s.output(),
    );
    // Ctrl-C reaches the server twice (from the terminal and forwarded by npm): one shutdown, not an abrupt exit.
    assert.equal(lines.filter((l) => l.msg === 'shutting down').length, 1, s.output());
    assert.ok(!s.output().includes(`second ${signal}`), s.output());
  } finally {
    if (running(s.serverPid)) process.kill(s.serverPid, 'SIGKILL');
    s.child.kill('SIGKILL');
  }
}

const npm = (script: string): [string, string[]] =>
  process.env.npm_execpath?.endsWith('.js')
    ? [process.execPath, [process.env.npm_execpath, 'run', script]]
    : ['npm', ['run', script]];

describe('running the service', () => {
  before(() => {
    // `npm test` has built the service already (TEST_SERVER_BUILD: `scripts/build.mjs --out-dir
    // <dir> --no-check`, the command below): that build is the one checked and run, under dist/
    // as `npm run start:prod` expects it, instead of a second one (about 8 s of CPU a pass).
    // --no-check: the same JavaScript as the type-checking build without its 35–45 s of CPU (the
    // suite's own typecheck, and CI's, check the types).
    if (process.env.TEST_SERVER_BUILD) {
      mkdirSync(work, { recursive: true });
      symlinkSync(process.env.TEST_SERVER_BUILD, outDir, 'dir');
    } else {
      const built = spawnSync(process.execPath, ['scripts/build.mjs', '--out-dir', outDir, '--no-check'], {
        cwd: root,
        encoding: 'utf8',
      });
      assert.equal(built.status, 0, `npm run build failed:\n${built.stdout}${built.stderr}`);
    }
    // `npm run start:prod` as written in package.json, run from a folder holding this build.
    copyFileSync(path.join(root, 'package.json'), path.join(work, 'package.json'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('npm run build emits JavaScript importing JavaScript, without the tests or their support, with the migrations beside the code', () => {
    const files = readdirSync(path.join(outDir, 'src'), { recursive: true }).map(String);
    assert.ok(files.includes('server.js'));
    assert.deepEqual(
      files.filter((f) => f.endsWith('.ts') || /\.test[.-]/.test(f)),
      [],
    );
    const migrations = readdirSync(path.join(outDir, 'src/db/migrations'));
    assert.deepEqual(
      migrations.filter((f) => f.endsWith('.sql')),
      readdirSync(path.join(root, 'src/db/migrations')).filter((f) => f.endsWith('.sql')),
    );
    const importsTs = files.filter(
      (f) =>
        f.endsWith('.js') &&
        /\bfrom\s+['"]\.{1,2}\/[^'"]*\.ts['"]/.test(readFileSync(path.join(outDir, 'src', f), 'utf8')),
    );
    assert.deepEqual(importsTs, []);
  });

  it('the build reads a calendar on a worker thread: the pool loads its runner and the reader as JavaScript', () => {
    const { href } = pathToFileURL(path.join(outDir, 'src/'));
    const script = `
      const { PiscinaWorkerPool } = await import('${href}adapters/worker-threads/piscina-worker-pool.js');
      const pool = new PiscinaWorkerPool({ threads: 1, maxHeapMb: 64, maxQueue: 1 });
      const text = ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'UID:a', 'DTSTART;VALUE=DATE:20300112', 'DTEND;VALUE=DATE:20300114', 'END:VEVENT', 'END:VCALENDAR'].join('\\r\\n');
      const out = await pool.run({
        file: '${href}modules/ical/read-calendar.worker.js',
        name: 'readCalendar',
        input: { text, window: { from: '2030-01-10', to: '2031-01-10', timeZone: 'UTC' }, maxOccurrences: 10, timeoutMs: 5000 },
        timeoutMs: 10000,
      });
      await pool.close();
      console.log(JSON.stringify([...out.nights.keys()]));`;
    // No TypeScript loader: what `node dist/src/server.js` has.
    const ran = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    assert.equal(ran.status, 0, ran.stderr);
    assert.equal(ran.stdout.trim(), JSON.stringify(['2030-01-12', '2030-01-13']));
  });

  it('node dist/src/server.js serves on a fresh DATA_DIR (migrated from the built folder) and exits 0 on SIGTERM', async () => {
    await checkServesAndStops(
      await start(process.execPath, [path.join(outDir, 'src/server.js')], root, { fresh: true }),
    );
  });

  it('npm run start:prod: SIGTERM to npm stops the server', async () => {
    const [command, args] = npm('start:prod');
    const s = await start(command, args, work, { fresh: false });
    assert.notEqual(s.serverPid, s.child.pid);
    await checkServesAndStops(s);
  });

  it('npm start (TypeScript, no build) on a fresh DATA_DIR: SIGTERM to npm stops the server', async () => {
    const [command, args] = npm('start');
    const s = await start(command, args, root, { fresh: true });
    assert.notEqual(s.serverPid, s.child.pid);
    await checkServesAndStops(s);
  });

  it('npm start, Ctrl-C in its terminal (SIGINT to npm and the server at once): one graceful shutdown, exit 0', async () => {
    const [command, args] = npm('start');
    await checkServesAndStops(await start(command, args, root, { fresh: false, group: true }), 'Ctrl-C');
  });
});
