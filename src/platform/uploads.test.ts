// File fields of multipart bodies, with several apps in one process (several test files per
// process, or two instances side by side): compiling the route schemas must not change them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { account, Recorder } from '../modules/owner-onboarding/owner-onboarding.test-support.ts';
import { bearer } from '../../test/helpers/factories.ts';
import { createProperty } from '../../test/helpers/catalog-factories.ts';
import { SAMPLE_PNG } from '../modules/owner-onboarding/sample-kyc-files.ts';
import { fileFieldsAsBinary } from './uploads.ts';

describe('multipart file fields', () => {
  let first: TestApp;
  let second: TestApp;
  before(async () => {
    first = await createTestApp();
    second = await createTestApp({ database: first.database });
  });
  after(async () => {
    await second.close();
    await first.close();
  });

  it('are accepted by every app built in the process, not only the first', async () => {
    for (const t of [first, second]) {
      const res = await new Recorder(t).apply((await account(t)).token);
      assert.equal(res.statusCode, 201, res.body);
    }
  });

  it('refuse a text value where a file is expected, naming the field', async () => {
    const t = second;
    const res = await new Recorder(t).apply((await account(t)).token, { id_reco_path: 'not-a-file' });
    assert.equal(res.statusCode, 422, res.body);
    assert.ok(res.json().errors.id_reco_path, res.body);
  });

  it('refuse a field name holding NUL, and a NUL in the name of any of several files sent under one field, naming the field (422)', async () => {
    const t = second;
    const { user, token } = await account(t, 'owner');
    const property = await createProperty(t.deps, user.id);
    const named = new FormData();
    named.append('jo\u0000b', 'Pilot');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: bearer(token),
      payload: named as never,
    });
    assert.equal(res.statusCode, 422, res.body);
    assert.deepEqual(Object.keys(res.json().errors), ['jo\\0b']);
    const files = new FormData();
    for (const name of ['a.png', 'b\u0000.png'])
      files.append('files', new Blob([new Uint8Array(SAMPLE_PNG)], { type: 'image/png' }), name);
    const many = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${property.id}/medias`,
      headers: bearer(token),
      payload: files as never,
    });
    assert.equal(many.statusCode, 422, many.body);
    assert.deepEqual(Object.keys(many.json().errors), ['files']);
  });

  it('are documented as binary strings in /openapi.json', async () => {
    const doc = (await second.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const body = doc.paths['/api/user/become-owner'].post.requestBody.content['multipart/form-data'].schema;
    assert.deepEqual(
      { type: body.properties.id_reco_path.type, format: body.properties.id_reco_path.format },
      { type: 'string', format: 'binary' },
    );
    assert.ok(!JSON.stringify(doc).includes('isFile'), 'the ajv keyword leaks into the document');
  });

  it('documents only the keyword as binary, keeping a member merely named isFile', () => {
    const schema = {
      type: 'object',
      properties: { doc: { isFile: true, description: 'd' }, isFile: { type: 'boolean' } },
    };
    assert.deepEqual(fileFieldsAsBinary(schema), {
      type: 'object',
      properties: { doc: { type: 'string', format: 'binary', description: 'd' }, isFile: { type: 'boolean' } },
    });
    assert.deepEqual(
      schema.properties.doc,
      { isFile: true, description: 'd' },
      'the route schema itself is left as it was',
    );
  });
});
