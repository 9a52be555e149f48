#!/usr/bin/env node
// `npm test`: builds the template database, then runs every *.test.ts (src, test, clients) with node's test runner.
// PGlite by default; TEST_DATABASE_URL=postgres://… runs the same suite on a PostgreSQL server.
// Extra arguments are test files (or folders) to run instead of all.
//
// Files run several to a process (TEST_GROUP_SIZE, default 20; 1 = a process per file): starting a
// process and loading the app's TypeScript through tsx costs about 2 s a file, half of a typical
// file's time. Each file still builds its own app on its own database copy, and node's runner
// runs the files of one process one after another, so they share no state but loaded modules (and,
// on PGlite, a database handed on reset to the template: test/helpers/pglite-reuse.ts). Ten rather
// than six a process: the PGlite pass 707 s → 581 s of wall time on a 2-vCPU VM (2026-11-27).
// Twenty rather than ten (the groups' length in seconds still bounded, so only the short files'
// groups grow; 24–25 processes a pass → 17–18). On a slow 2-vCPU VM whose speed drifted during
// the runs (2026-11-28), PGlite passes in this order: ten 589 s (1,167 s of CPU), twenty 506 s
// (995), forty 461 s (900), ten again 523 s (1,029); PostgreSQL: ten 615 s (1,167), twenty 488 s
// (923), forty 525 s (996). Twenty is no worse than forty on either, and a process is cheaper the
// longer it lives (its code compiled and warm, PGlite's too).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { estimator, makespan, scheduleGroups } from './lib/test-schedule.mjs';

// Appended to each group's entry: once all its tests have ended, a handle a test left open (a
// server, a timer, a socket) would keep the process, and so the whole run, alive for ever. Named
// and cut short after 10 s instead; the process's results were reported before this runs.
const EXIT_GUARD = `import { after } from 'node:test';
after(() => {
  setTimeout(() => {
    console.error('[test] left open after the last test: ' + process.getActiveResourcesInfo().join(', ') + '; exiting');
    process.exit();
  }, 10_000).unref();
});
`;

/** The files under `dir` whose name `keep` accepts (node_modules and dot-names left out). */
function collect(dir, keep = (name) => name.endsWith('.test.ts'), out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) continue;
    if (statSync(full).isDirectory()) collect(full, keep, out);
    else if (keep(name)) out.push(full);
  }
  return out;
}

// Measured seconds per file and database: the committed table (what CI's fresh clone has),
// overlaid by this checkout's last runs (.test-cache/). `--save-durations` writes the latter
// into the former (`npm run test:durations`), after a full pass on each database.
const DURATIONS = 'test/durations.json';
const measuredFile = (kind) => path.join('.test-cache', `test-durations-${kind}.json`);
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
// The checkout's own measurements only order the files: one left unreadable (a run killed while
// writing it) is set aside with a word, not a reason for `npm test` to stop.
const readMeasured = (kind) => {
  try {
    return readJson(measuredFile(kind));
  } catch (err) {
    console.error(`[test] ${measuredFile(kind)} left aside: ${err.message}`);
    return {};
  }
};
if (process.argv[2] === '--save-durations') {
  const table = readJson(DURATIONS);
  for (const kind of ['pglite', 'postgres']) table[kind] = sortedKeys({ ...table[kind], ...readMeasured(kind) });
  writeFileSync(DURATIONS, `${JSON.stringify(table, null, 1)}\n`);
  console.log(
    `${DURATIONS}: ${Object.keys(table.pglite).length} files on PGlite, ${Object.keys(table.postgres).length} on PostgreSQL`,
  );
  process.exit(0);
}

const args = process.argv.slice(2);
const found = (args.length ? args : ['src', 'test', 'clients'])
  .flatMap((p) => (statSync(p).isDirectory() ? collect(p) : [p]))
  .sort();
// A file whose outcome depends on neither the database nor the Node version (the document, the
// generated client, pages in a browser) says so in a `// run-once: <why>` line. CI's second pass
// (.ci/run sets TEST_RUN_ONCE_DONE=1) leaves those out, naming each: they ran in the first pass.
const RUN_ONCE = /^\/\/ run-once: (.+)$/m;
const files = found.filter((f) => {
  if (process.env.TEST_RUN_ONCE_DONE !== '1') return true;
  const why = RUN_ONCE.exec(readFileSync(f, 'utf8'))?.[1];
  if (why) console.log(`[test] not in this pass (ran in the first): ${f} — ${why}`);
  return !why;
});
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

const env = { ...process.env, NODE_ENV: 'test' };
const prep = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prepare-test-db.ts'], { stdio: 'inherit', env });
if (prep.status !== 0) process.exit(prep.status ?? 1);
const serverBuild = files.some((f) => readFileSync(f, 'utf8').includes('helpers/server-process.ts'))
  ? buildServer()
  : null;
if (serverBuild) env.TEST_SERVER_BUILD = serverBuild;

const groupSize = Math.max(1, Number(process.env.TEST_GROUP_SIZE ?? 20) || 1);
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
// Three processes at a time on two CPUs: a test process spends part of its time waiting (servers
// starting, outages and drains timed in seconds, PostgreSQL working), and with two the CPUs stood
// idle about a third of a pass. Measured on a 2-vCPU VM (2026-11-27 night, back to back): the
// PostgreSQL pass 389 s → 357 s, the PGlite pass 347 s → 318 s.
const concurrency = process.env.TEST_CONCURRENCY ?? '3';
mkdirSync('.test-cache', { recursive: true });
const thisRun = path.join('.test-cache', `test-durations-${kind}.${process.pid}.json`);
// A hung test (an await that never settles, a handle that keeps a group's process alive) must fail
// the run with its name, not hold CI until its own limit. node applies TEST_TIMEOUT_MS to each
// test file (here each group of files) as well as to each test: 30 min (a group takes 1 to 4 on
// CI); the whole run gets TEST_RUN_TIMEOUT_MS (45 min; a pass takes 5 to 10), after which the
// runner is asked to stop, reporting what was still running, and its process group is killed
// 30 s later. `npm run test:soak` raises both.
const testTimeoutMs = Number(process.env.TEST_TIMEOUT_MS ?? 30 * 60_000);
const runTimeoutMs = Number(process.env.TEST_RUN_TIMEOUT_MS ?? 45 * 60_000);
const run = await runDetached(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${concurrency}`,
    `--test-timeout=${testTimeoutMs}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/lib/test-durations-reporter.mjs',
    `--test-reporter-destination=${thisRun}`,
    ...groupFiles(files, groupSize),
  ],
  { env, timeoutMs: runTimeoutMs },
);
// This run's times replace the earlier ones of the same files (a run of some files keeps the others').
try {
  writeFileSync(
    measuredFile(kind),
    `${JSON.stringify(sortedKeys({ ...readMeasured(kind), ...readJson(thisRun) }), null, 1)}\n`,
  );
} catch (err) {
  console.error(`[test] could not keep this run's durations: ${err.message}`);
}
rmSync(thisRun, { force: true });
process.exit(run.status ?? 1);

/** Runs the test runner in a process group of its own, stopped as a whole past `timeoutMs`. */
function runDetached(command, args, { env, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env, detached: true });
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {}
    };
    const onInterrupt = () => killGroup('SIGTERM');
    process.on('SIGINT', onInterrupt).on('SIGTERM', onInterrupt);
    let killer;
    const timer = setTimeout(() => {
      console.error(`[test] the run passed TEST_RUN_TIMEOUT_MS (${timeoutMs} ms): stopping it; still running above`);
      child.kill('SIGTERM');
      killer = setTimeout(() => killGroup('SIGKILL'), 30_000);
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killer);
      killGroup('SIGKILL');
      resolve({ status: code ?? (signal ? 1 : 0) });
    });
  });
}

function sortedKeys(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The service compiled (`npm run build -- --no-check`) for the server processes tests start
 * (test/helpers/server-process.ts): a start under tsx costs about twice the CPU of the compiled
 * one (8 s against 4 s on the CI machine), and the PostgreSQL pass starts some thirty. Built once
 * per content of src/ (its tests aside) and the build's settings, kept in .test-cache/ (older
 * builds removed).
 */
function buildServer() {
  const hash = createHash('sha256');
  for (const f of [
    ...collect('src', (name) => !name.endsWith('.test.ts')),
    'tsconfig.json',
    'tsconfig.build.json',
    'scripts/build.mjs',
    'package-lock.json',
  ].sort()) {
    hash.update(f).update('\0').update(readFileSync(f)).update('\0');
  }
  const name = `server-build-${hash.digest('hex').slice(0, 16)}`;
  const dir = path.join('.test-cache', name);
  if (existsSync(path.join(dir, 'src', 'server.js'))) return path.resolve(dir);
  mkdirSync('.test-cache', { recursive: true });
  for (const old of readdirSync('.test-cache'))
    if (old.startsWith('server-build-') && old !== name)
      rmSync(path.join('.test-cache', old), { recursive: true, force: true });
  // Built aside and renamed into place: CI runs both passes at once, and each may build.
  const building = path.join('.test-cache', `building-${process.pid}`);
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--out-dir', building, '--no-check'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // the other pass's build, of the same content, came first
  }
  if (!existsSync(path.join(dir, 'src', 'server.js'))) throw new Error(`no server build in ${dir}`);
  return path.resolve(dir);
}

/**
 * One entry file per group of test files, importing them in order: the files ordered and packed by
 * their measured durations on this database (scripts/lib/test-schedule.mjs), longest groups first.
 */
function groupFiles(list, size) {
  if (size === 1 || list.length === 1) return list;
  const dir = path.resolve('.test-cache', `groups-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const key = (f) => path.relative(process.cwd(), path.resolve(f)).split(path.sep).join('/');
  const durations = { ...readJson(DURATIONS)[kind], ...readMeasured(kind) };
  const estimate = estimator(durations, (f) => (existsSync(f) ? statSync(f).size : 0));
  const groups = scheduleGroups(list.map(key), estimate, { concurrency: Number(concurrency) || 1, maxSize: size });
  console.log(
    `[test] ${list.length} files in ${groups.length} groups, longest first; expected ${Math.round(makespan(groups, Number(concurrency) || 1))} s of test time a process (${kind}, ${DURATIONS})`,
  );
  return groups.map((group, i) => {
    const entry = path.join(dir, `group-${String(i + 1).padStart(2, '0')}.test.mjs`);
    const imports = group.files.map((f) => `import ${JSON.stringify(pathToFileURL(path.resolve(f)).href)};\n`);
    writeFileSync(entry, [...imports, EXIT_GUARD].join(''));
    return entry;
  });
}
