#!/usr/bin/env node
// `npm test`: builds the template database, then runs every *.test.ts with node's test runner.
// PGlite by default; TEST_DATABASE_URL=postgres://… runs the same suite on a PostgreSQL server.
// Extra arguments are test files (or folders) to run instead of all.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function collect(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) continue;
    if (statSync(full).isDirectory()) collect(full, out);
    else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

const args = process.argv.slice(2);
const files = (args.length ? args : ['src', 'test']).flatMap((p) => (statSync(p).isDirectory() ? collect(p) : [p])).sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

const env = { ...process.env, NODE_ENV: 'test' };
const prep = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prepare-test-db.ts'], { stdio: 'inherit', env });
if (prep.status !== 0) process.exit(prep.status ?? 1);

const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
