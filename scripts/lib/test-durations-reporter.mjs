// A node:test reporter beside the spec one (scripts/run-tests.mjs): the seconds each test file's
// top-level tests took, as JSON ({ "src/…/x.test.ts": 12.3 }), for ordering the next run's files
// (scripts/lib/test-schedule.mjs). An event's `file` is the file that declared the test, not the
// group file that imported it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default async function* durationsReporter(source) {
  const seconds = {};
  for await (const event of source) {
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0 || !event.data.file)
      continue;
    const file = event.data.file.startsWith('file:') ? fileURLToPath(event.data.file) : event.data.file;
    const key = path.relative(process.cwd(), file).split(path.sep).join('/');
    seconds[key] = (seconds[key] ?? 0) + (event.data.details?.duration_ms ?? 0) / 1000;
  }
  const rounded = Object.fromEntries(
    Object.entries(seconds)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([f, s]) => [f, Math.round(s * 10) / 10]),
  );
  yield `${JSON.stringify(rounded, null, 1)}\n`;
}
