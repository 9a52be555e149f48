#!/usr/bin/env node
// Refreshes test/durations.json (how `npm test` orders its files: scripts/lib/test-schedule.mjs)
// from a CI log: `node scripts/test-durations.mjs ci.log`. The PGlite pass is the part before
// "== tests on PostgreSQL", the PostgreSQL pass the part after. A stale table costs only time.
import { readFileSync, writeFileSync } from 'node:fs';
import { DURATIONS_FILE, secondsFromLog, testFiles } from './lib/test-schedule.mjs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/test-durations.mjs <.ci/run log>');
  process.exit(2);
}
const log = readFileSync(file, 'utf8');
const cut = log.indexOf('== tests on PostgreSQL');
if (cut < 0) {
  console.error('no "== tests on PostgreSQL" line: not a .ci/run log');
  process.exit(1);
}
const files = testFiles(['src', 'test', 'clients']);
const table = {};
for (const [pass, part] of [['pglite', log.slice(0, cut)], ['pg', log.slice(cut)]]) {
  const { seconds, unknown } = secondsFromLog(part, files);
  table[pass] = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
  console.log(`${pass}: ${Object.keys(seconds).length} files, ${Object.values(seconds).reduce((a, b) => a + b, 0).toFixed(0)} s; ${unknown.toFixed(1)} s not traced to a file`);
}
writeFileSync(DURATIONS_FILE, `${JSON.stringify(table, null, 1)}\n`);
