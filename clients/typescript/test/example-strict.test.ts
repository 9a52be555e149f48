// The example app (clients/typescript/example) type-checks with `tsc --strict` (and
// noUncheckedIndexedAccess) against the browser's library only: the client's sources and generated
// types included, as an app importing @stays/client compiles them.
// run-once: tsc on the example app; no database, no service
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const project = fileURLToPath(new URL('../example/tsconfig.json', import.meta.url));

describe('client example app', () => {
  it('compiles with tsc --strict', () => {
    const run = spawnSync(process.execPath, [tsc, '-p', project, '--strict', '--noEmit', '--listFiles'], { encoding: 'utf8' });
    assert.equal(run.status, 0, `tsc --strict failed:\n${run.stdout}${run.stderr}`);
    // What was checked: the example and the client it imports, generated types included.
    for (const file of ['example/book-a-stay.ts', 'src/client.ts', 'src/generated/schema.ts']) assert.ok(run.stdout.includes(`clients/typescript/${file}`), `${file} was compiled`);
  });
});
