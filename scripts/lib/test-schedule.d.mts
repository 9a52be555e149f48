// Types of test-schedule.mjs (plain JavaScript: scripts/run-tests.mjs runs before any TypeScript loader).
export interface TestGroup {
  files: string[];
  /** The group's expected seconds: the sum of its files' estimates. */
  seconds: number;
}
export function estimator(durations: Record<string, number>, sizeOf: (file: string) => number): (file: string) => number;
export function scheduleGroups(files: string[], estimate: (file: string) => number, options: { concurrency: number; maxSize: number; target?: number }): TestGroup[];
export function makespan(groups: TestGroup[], concurrency: number): number;
