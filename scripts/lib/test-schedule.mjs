// How `npm test` deals its files to processes (scripts/run-tests.mjs). Node's runner starts the
// group files in the order given, `concurrency` at a time, each as soon as a slot frees. Groups
// dealt by file size alone left the slowest files wherever round-robin put them: on a slow
// 2-vCPU VM (2026-11-28) the PostgreSQL pass ended with one group of the lifecycle model and the
// crash-recovery test running alone for 110 s at 61% CPU, after 630 s at 99%. So files are
// ordered by how long they took (test/durations.json, per database, refreshed with
// `npm run test:durations`), the longest first, and packed into groups of about equal length:
// the longest groups start first, and the pass ends on short ones (longest processing time first).

/** Seconds a file is expected to take: its last measured time, else the median of the measured ones scaled by size. */
export function estimator(durations, sizeOf) {
  // Files measured once but gone since (size 0) say nothing about seconds per byte.
  const known = Object.entries(durations).filter(([f, s]) => Number.isFinite(s) && s > 0 && sizeOf(f) > 0);
  const perByte = median(known.map(([f, s]) => s / sizeOf(f))) ?? 1e-4;
  return (file) => {
    const measured = durations[file];
    return Number.isFinite(measured) && measured > 0 ? measured : perByte * Math.max(1, sizeOf(file));
  };
}

function median(values) {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The files in groups of at most `maxSize`, each group at most `target` seconds (a file longer
 * than that is a group of its own; two long files are never put together), ordered longest group
 * first. `target` defaults to the total over four groups per process, so every process takes
 * several groups and the last ones are short (each group is a process start: about 3 s of CPU
 * loading the app's TypeScript; six or eight groups per process came out no better in a
 * simulation over the measured durations).
 * Ties are broken by name, so the same table always gives the same groups.
 */
export function scheduleGroups(files, estimate, { concurrency, maxSize, target }) {
  const sorted = [...files].sort((a, b) => estimate(b) - estimate(a) || (a < b ? -1 : 1));
  const total = sorted.reduce((sum, f) => sum + estimate(f), 0);
  const goal = target ?? total / (Math.max(1, concurrency) * 4);
  const groups = [];
  let current = null;
  for (const file of sorted) {
    if (!current || current.files.length >= maxSize || current.seconds + estimate(file) > goal)
      groups.push((current = { files: [], seconds: 0 }));
    current.files.push(file);
    current.seconds += estimate(file);
  }
  return groups.sort((a, b) => b.seconds - a.seconds || (a.files[0] < b.files[0] ? -1 : 1));
}

/** When the last group ends if `concurrency` slots each take the next group as soon as they are free (seconds). */
export function makespan(groups, concurrency) {
  const slots = Array.from({ length: Math.max(1, concurrency) }, () => 0);
  for (const g of groups) {
    const i = slots.indexOf(Math.min(...slots));
    slots[i] += g.seconds;
  }
  return Math.max(...slots);
}
