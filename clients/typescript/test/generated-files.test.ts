// The committed generated files are what the service serves: the service is started (as
// `npm run client:check` does), its /openapi.json fetched, the types generated again, and both
// files compared byte for byte with the committed ones.
// run-once: the committed client files against the document; the document does not depend on the database
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { differences, fetchDocument, generate, startService } from '../scripts/generate.ts';
import { serverEntry } from '../../../test/helpers/server-process.ts';
import { seededDataDir } from '../../../test/helpers/test-database.ts';

describe('client generated files', () => {
  it('match what a running server generates (npm run client:generate to update them)', async () => {
    const service = await startService({ entry: serverEntry(), dataDir: await seededDataDir('stays-client-gen-') });
    let files: Record<string, string>;
    try {
      files = await generate(await fetchDocument(service.url));
    } finally {
      await service.stop();
    }
    assert.deepEqual(
      await differences(files),
      [],
      'src/generated differs from the served document: run npm run client:generate and commit',
    );
  });
});
