#!/usr/bin/env node
// `npm test`: builds the template database, then runs every *.test.ts (src, test, clients) with node's test runner.
// PGlite by default; TEST_DATABASE_URL=postgres://… runs the same suite on a PostgreSQL server.
// Extra arguments are test files (or folders) to run instead of all.
//
// Files run several to a process (TEST_GROUP_SIZE, default 10; 1 = a process per file): starting a
// process and loading the app's TypeScript through tsx costs about 2 s a file, half of a typical
// file's time. Each file still builds its own app on its own database copy, and node's runner
// runs the files of one process one after another, so they share no state but loaded modules (and,
// on PGlite, a database handed on reset to the template: test/helpers/pglite-reuse.ts). Ten rather
// than six a process: the PGlite pass 707 s → 581 s of wall time on a 2-vCPU VM (2026-11-27).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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

const args = process.argv.slice(2);
const found = (args.length ? args : ['src', 'test', 'clients']).flatMap((p) => (statSync(p).isDirectory() ? collect(p) : [p])).sort();
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
const serverBuild = files.some((f) => readFileSync(f, 'utf8').includes('helpers/server-process.ts')) ? buildServer() : null;
if (serverBuild) env.TEST_SERVER_BUILD = serverBuild;

const groupSize = Math.max(1, Number(process.env.TEST_GROUP_SIZE ?? 10) || 1);
// Three processes at a time on two CPUs: a test process spends part of its time waiting (servers
// starting, outages and drains timed in seconds, PostgreSQL working), and with two the CPUs stood
// idle about a third of a pass. Measured on a 2-vCPU VM (2026-11-27 night, back to back): the
// PostgreSQL pass 389 s → 357 s, the PGlite pass 347 s → 318 s.
const concurrency = process.env.TEST_CONCURRENCY ?? '3';
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...groupFiles(files, groupSize)],
  { stdio: 'inherit', env },
);
process.exit(run.status ?? 1);

/**
 * The service compiled (`npm run build -- --no-check`) for the server processes tests start
 * (test/helpers/server-process.ts): a start under tsx costs about twice the CPU of the compiled
 * one (8 s against 4 s on the CI machine), and the PostgreSQL pass starts some thirty. Built once
 * per content of src/ (its tests aside) and the build's settings, kept in .test-cache/ (older
 * builds removed).
 */
function buildServer() {
  const hash = createHash('sha256');
  for (const f of [...collect('src', (name) => !name.endsWith('.test.ts')), 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.mjs', 'package-lock.json'].sort()) {
    hash.update(f).update('\0').update(readFileSync(f)).update('\0');
  }
  const name = `server-build-${hash.digest('hex').slice(0, 16)}`;
  const dir = path.join('.test-cache', name);
  if (existsSync(path.join(dir, 'src', 'server.js'))) return path.resolve(dir);
  mkdirSync('.test-cache', { recursive: true });
  for (const old of readdirSync('.test-cache')) if (old.startsWith('server-build-')) rmSync(path.join('.test-cache', old), { recursive: true, force: true });
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--out-dir', dir, '--no-check'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) process.exit(built.status ?? 1);
  return path.resolve(dir);
}

/**
 * One entry file per group of test files, importing them in order. The slowest files (by size, a
 * fair proxy here: the proof suites and the process-spawning tests are the largest) are dealt
 * first and round-robin, so the two workers finish close together.
 */
function groupFiles(list, size) {
  if (size === 1 || list.length === 1) return list;
  const dir = path.resolve('.test-cache', `groups-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const bySize = [...list].sort((a, b) => statSync(b).size - statSync(a).size);
  const count = Math.ceil(list.length / size);
  const groups = Array.from({ length: count }, () => []);
  bySize.forEach((f, i) => groups[i % count].push(f));
  return groups.map((group, i) => {
    const entry = path.join(dir, `group-${String(i + 1).padStart(2, '0')}.test.mjs`);
    writeFileSync(entry, group.map((f) => `import ${JSON.stringify(pathToFileURL(path.resolve(f)).href)};\n`).join(''));
    return entry;
  });
}
