// The committed dist/ (what apps install) is what the TypeScript compiler makes of src/ now.
// run-once: tsc on the client's sources; no database, no service
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildFiles, differences } from '../scripts/build.ts';

describe('client built files', () => {
  it('match what src/ compiles to (npm run client:build to update them)', async () => {
    const files = buildFiles();
    assert.ok(files['index.js'] && files['index.d.ts'], 'the entry point and its declarations are built');
    assert.deepEqual(await differences(files), [], 'dist/ differs from src/: run npm run client:build and commit');
  });
});
