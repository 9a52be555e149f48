// How `npm test` deals its files into groups (one test process each) and orders them: by the
// seconds each file took in a recorded CI run (test/durations.json), longest first, so the two
// workers of a pass finish together. Dealt by size before, the lifecycle model (a 4 KB file that
// runs 96 s on PostgreSQL) came late and the pass ended on one busy core for a minute.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const DURATIONS_FILE = 'test/durations.json';

/** Seconds each file is expected to take in this pass ('pglite' or 'pg'); files not on record get the median. */
export function expectedSeconds(files, pass) {
  let recorded = {};
  try {
    recorded = JSON.parse(readFileSync(DURATIONS_FILE, 'utf8'))[pass] ?? {};
  } catch {
    // No table: every file weighs the same and the plan is the given order dealt round-robin.
  }
  const known = Object.values(recorded).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  return new Map(files.map((f) => [f, recorded[f.split(path.sep).join('/')] ?? median]));
}

/**
 * Groups of at most `size` files, as many as ⌈files / size⌉, filled longest file first into the
 * group expected to end soonest (LPT), and returned longest group first: the runner starts them
 * in that order as its workers free up. A group's own start (loading the app, a database) is
 * the same for all, so it is left out.
 */
export function planGroups(files, size, seconds) {
  const count = Math.ceil(files.length / size);
  const groups = Array.from({ length: count }, () => ({ files: [], total: 0 }));
  for (const f of [...files].sort((a, b) => seconds.get(b) - seconds.get(a) || a.localeCompare(b))) {
    const open = groups.filter((g) => g.files.length < size);
    const g = open.reduce((best, x) => (x.total < best.total ? x : best));
    g.files.push(f);
    g.total += seconds.get(f);
  }
  return groups.sort((a, b) => b.total - a.total);
}

/**
 * Seconds per file from a run's spec-reporter output (`npm test` or `.ci/run` log): each
 * top-level test's duration, charged to the file that names it. For `.ci/run`'s log, the part
 * before "== tests on PostgreSQL" is the PGlite pass.
 */
export function secondsFromLog(log, files) {
  const texts = files.map((f) => [f, readFileSync(f, 'utf8')]);
  const out = {};
  let unknown = 0;
  for (const m of log.matchAll(/^[✔✖﹣] (.+?) \(([0-9.]+)ms\)/gmu)) {
    const [, name, ms] = m;
    const quoted = [`'${name}'`, `"${name}"`, `\`${name}\``];
    const hit = texts.find(([, t]) => quoted.some((q) => t.includes(q))) ?? texts.find(([, t]) => t.includes(name.slice(0, 40)));
    if (!hit) unknown += Number(ms) / 1000;
    else out[hit[0]] = Math.round(((out[hit[0]] ?? 0) + Number(ms) / 1000) * 10) / 10;
  }
  return { seconds: out, unknown };
}

/** Every *.test.ts under the given folders, sorted. */
export function testFiles(dirs) {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === 'node_modules' || name.startsWith('.')) continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.test.ts')) out.push(full);
    }
  };
  dirs.forEach(walk);
  return out.sort();
}
