// The security headers on every kind of answer: a route's JSON, an error, a 404, a refusal before
// any route runs (401), and a hijacked SSE stream over real HTTP, with the one route that
// overrides one of them (a public media file, readable from other sites).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createUser, loginAs } from './helpers/factories.ts';
import { listen, openSse } from '../src/modules/realtime/realtime.test-support.ts';
import { securityHeaders } from '../src/platform/security-headers.ts';

// helmet 8's policy with the app's two options: no Content-Security-Policy (the API answers JSON;
// the docs page sets its own), and resources readable by our own sites only.
const EXPECTED: Record<string, string> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function assertSecurityHeaders(headers: Record<string, unknown>, what: string) {
  for (const [name, value] of Object.entries(EXPECTED)) assert.equal(headers[name], value, `${what}: ${name}`);
  assert.equal(headers['content-security-policy'], undefined, `${what}: no Content-Security-Policy`);
  assert.equal(headers['x-powered-by'], undefined, `${what}: no X-Powered-By`);
}

describe('security headers', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it("are what helmet sets for the app's options, each once", () => {
    const { set, removed } = securityHeaders({
      contentSecurityPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    assert.deepEqual(Object.fromEntries(set.map(([k, v]) => [k.toLowerCase(), v])), EXPECTED);
    assert.equal(new Set(set.map(([k]) => k.toLowerCase())).size, set.length);
    assert.deepEqual(removed, ['X-Powered-By']);
  });

  it("come with a route's answer, an error, a 404 and a refusal before the route", async () => {
    const cases = [
      { what: 'GET /healthz', url: '/healthz', status: 200 },
      { what: 'an unknown route', url: '/api/no-such-route', status: 404 },
      { what: 'a missing listing', url: '/api/properties/999999999', status: 404 },
      { what: 'no token on a signed-in route', url: '/api/notifications', status: 401 },
      { what: 'a bad query', url: '/api/properties/public?per_page=abc', status: 422 },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'GET', url: c.url });
      assert.equal(res.statusCode, c.status, `${c.what}: ${res.body}`);
      assertSecurityHeaders(res.headers, c.what);
    }
  });

  it('come with a hijacked SSE stream over real HTTP', async () => {
    const host = await listen(t.app);
    const token = await loginAs(t.app, await createUser(t.deps));
    const stream = await openSse(host, { token });
    try {
      assert.equal(stream.status, 200);
      assertSecurityHeaders(stream.headers, 'the SSE stream');
    } finally {
      stream.close();
    }
  });
});
