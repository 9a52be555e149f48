import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../test/helpers/factories.ts';
import { findBadText } from './text-guard.ts';

describe('text PostgreSQL cannot store is refused before any query', () => {
  let t: TestApp;
  let token: string;
  before(async () => {
    t = await createTestApp();
    token = await loginAs(t.app, await createUser(t.deps, { role: 'admin' }));
  });
  after(async () => t?.close());

  it('names the first field holding a NUL character or an unpaired surrogate', () => {
    assert.equal(findBadText({ a: 'ok', b: [{ c: 'x\u0000y' }] }), 'b.0.c');
    assert.equal(findBadText({ name: 'broken \ud800 text' }), 'name');
    assert.equal(findBadText({ 'k\u0000': 1 }), 'k\u0000');
    assert.equal(findBadText({ fine: 'emoji 😀, accents é, RTL \u202e' }), null);
  });

  it('answers 422 naming the field, and writes nothing', async () => {
    for (const name of ['Zqxv\u0000', 'Zqxv \udc00']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/property-types',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: JSON.stringify({ name }),
      });
      assert.equal(res.statusCode, 422, res.body);
      assert.deepEqual(Object.keys(res.json().errors), ['name']);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/property-types' });
    assert.ok(!list.body.includes('Zqxv'), 'nothing was created');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/property-types',
      headers: bearer(token),
      payload: { name: 'Zqxv 😀' },
    });
    assert.equal(ok.statusCode, 201, ok.body);
  });

  it('answers 404 to a URL that names no route, whatever its body holds, dot segments included', async () => {
    // "/./" is resolved before routing (RFC 3986 §5.2.4): this names /api/history_chatbots/response.
    for (const url of ['/api/no-such-route', '/api/history_chatbots/./response', '/api/history_chatbots/a/../response'])
      for (const payload of ['{"content":"\\u0000"}', '{"content":"fine"}']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload,
        });
        assert.equal(res.statusCode, 404, `${url} ${payload}: ${res.body}`);
      }
  });
});
