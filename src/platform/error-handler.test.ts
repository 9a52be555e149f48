import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { AppError } from './errors.ts';
import { errorResponses } from './envelope.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INTERNALS = 'SELECT password_hash FROM users WHERE id = $1';

/** Asserts the contract's error body and returns it. */
function errorBody(
  res: { statusCode: number; headers: Record<string, unknown>; body: string; json(): any },
  status: number,
  code: string,
) {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = res.json();
  assert.equal(body.success, false);
  assert.equal(body.code, code);
  assert.equal(typeof body.message, 'string');
  assert.ok(body.message.length > 0);
  // A 500 alone names its request id, for the client to quote to support.
  const allowed =
    status === 500 ? ['success', 'message', 'code', 'request_id'] : ['success', 'message', 'code', 'errors'];
  for (const k of Object.keys(body)) assert.ok(allowed.includes(k), `unexpected key ${k}`);
  assert.ok(res.headers['x-request-id'], 'every answer carries X-Request-Id');
  if (status === 500) assert.equal(body.request_id, res.headers['x-request-id']);
  return body;
}

describe('error handling and platform routes', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      env: { BODY_LIMIT_BYTES: '2048' },
      extraRoutes: async (api) => {
        api.get('/test/crash', async () => {
          const err = new Error(INTERNALS);
          Object.assign(err, { detail: 'Key (email)=(a@b.c) already exists.', query: INTERNALS });
          throw err;
        });
        // With the error schemas every route declares, so serialisation must keep request_id.
        api.get(
          '/test/crash-declared',
          { schema: { response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses() } } },
          async () => {
            throw new Error(INTERNALS);
          },
        );
        api.get('/test/crash-later', async () => {
          await new Promise((r) => setImmediate(r));
          throw new TypeError("Cannot read properties of undefined (reading 'secret')");
        });
        api.post(
          '/test/echo',
          {
            schema: {
              body: Type.Object({
                email: Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$' }),
                age: Type.Integer({ minimum: 18 }),
                address: Type.Object({ city: Type.String({ minLength: 1 }) }),
              }),
              querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1 })) }),
            },
          },
          async (req) => ({ success: true, message: 'OK', data: req.body }),
        );
        api.get('/test/app-error', async () => {
          throw new AppError('RATE_LIMITED', 'Slow down', undefined, { 'retry-after': '7' });
        });
      },
    });
  });
  after(() => t.close());

  it('answers 404 ROUTE_NOT_FOUND in JSON for an unknown route', async () => {
    for (const [method, url] of [
      ['GET', '/nope'],
      ['POST', '/api/does-not-exist?x=1'],
      ['DELETE', '/api/auth/login'],
    ] as const) {
      const body = errorBody(await t.app.inject({ method, url }), 404, 'ROUTE_NOT_FOUND');
      assert.doesNotMatch(body.message, /\?x=1/);
    }
  });

  it('answers 400 MALFORMED_JSON for a body that is not JSON', async () => {
    for (const payload of ['{"login": ', '{login: "a"}', 'nul']) {
      errorBody(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload,
        }),
        400,
        'MALFORMED_JSON',
      );
    }
  });

  it('answers 413 for a body over BODY_LIMIT_BYTES, and accepts one under it', async () => {
    const big = JSON.stringify({ email: 'a@b.c', age: 20, address: { city: 'x'.repeat(3000) } });
    errorBody(
      await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: big,
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const small = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'a@b.c', age: 20, address: { city: 'x'.repeat(1500) } },
    });
    assert.equal(small.statusCode, 200, small.body);
  });

  it('answers 415 for a content type the route does not read', async () => {
    for (const type of [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/xml',
      'application/x-www-form-urlencoded',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type },
        payload: '{"login":"a@b.c","password":"secret-123"}',
      });
      errorBody(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('answers 422 VALIDATION_FAILED with messages per field, nested ones by dotted path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-email', age: 12, address: {} },
    });
    const errors = errorBody(res, 422, 'VALIDATION_FAILED').errors;
    assert.deepEqual(Object.keys(errors).sort(), ['address.city', 'age', 'email']);
    for (const messages of Object.values(errors))
      assert.ok(Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string'));
    assert.deepEqual(errors['address.city'], ['is required']);
    const query = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?page=0',
      payload: { email: 'a@b.c', age: 20, address: { city: 'Lyon' } },
    });
    assert.deepEqual(Object.keys(errorBody(query, 422, 'VALIDATION_FAILED').errors), ['page']);
  });

  it('answers 500 INTERNAL_ERROR for an unexpected error, with its request id and no stack, SQL or error text', async () => {
    for (const url of ['/api/test/crash', '/api/test/crash-later', '/api/test/crash-declared']) {
      const res = await t.app.inject({ method: 'GET', url });
      const body = errorBody(res, 500, 'INTERNAL_ERROR');
      assert.equal(body.errors, undefined);
      for (const leak of [
        'SELECT',
        'password_hash',
        'Key (email)',
        'stack',
        'TypeError',
        'Cannot read',
        'secret',
        '.ts:',
        '    at ',
      ]) {
        assert.ok(!res.body.includes(leak), `body leaks ${JSON.stringify(leak)}: ${res.body}`);
      }
    }
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/api/test/crash-declared',
      headers: { 'x-request-id': 'support-ticket-42' },
    });
    assert.equal(errorBody(echoed, 500, 'INTERNAL_ERROR').request_id, 'support-ticket-42');
  });

  it('passes an AppError through with its status, code and headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/app-error' });
    errorBody(res, 429, 'RATE_LIMITED');
    assert.equal(res.headers['retry-after'], '7');
  });

  it('echoes a sane X-Request-Id and replaces one that is not', async () => {
    const sane = 'req-123.abc:X_y';
    assert.equal(
      (await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': sane } })).headers[
        'x-request-id'
      ],
      sane,
    );
    assert.equal(
      (await t.app.inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': sane } })).headers['x-request-id'],
      sane,
    );
    for (const bad of ['x'.repeat(300), 'abc 123', 'a\tb', 'id;drop', '<script>', '']) {
      const id = (await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } })).headers[
        'x-request-id'
      ];
      assert.match(String(id), UUID, `for ${JSON.stringify(bad)}`);
    }
    const a = (await t.app.inject({ method: 'GET', url: '/healthz' })).headers['x-request-id'];
    const b = (await t.app.inject({ method: 'GET', url: '/api/test/crash' })).headers['x-request-id'];
    assert.match(String(a), UUID);
    assert.match(String(b), UUID);
    assert.notEqual(a, b);
  });

  it('sends x-content-type-options: nosniff, on errors too', async () => {
    for (const url of ['/healthz', '/nope', '/api/test/crash']) {
      assert.equal((await t.app.inject({ method: 'GET', url })).headers['x-content-type-options'], 'nosniff', url);
    }
  });

  it('answers GET /healthz and GET /readyz with 200', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(health.statusCode, 200);
    assert.deepEqual(health.json(), { status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json(), { status: 'ready' });
  });

  it('serves an OpenAPI 3.1 document listing /api/auth/login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    assert.match(doc.openapi, /^3\.1\./);
    assert.ok(doc.paths['/api/auth/login']?.post, Object.keys(doc.paths).join(', '));
    assert.ok(doc.paths['/healthz']?.get && doc.paths['/readyz']?.get, 'the health routes are documented too');
  });

  it('serves the API docs as HTML at /docs', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/docs' });
    for (let hops = 0; hops < 3 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      res = await t.app.inject({
        method: 'GET',
        url: new URL(String(res.headers.location), 'http://app.test/docs').pathname,
      });
    }
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.body, /<html/i);
  });
});

describe('GET /readyz without a database', () => {
  it('answers 503 once the database is closed', async () => {
    const t = await createTestApp();
    try {
      assert.equal((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(res.statusCode, 503);
      assert.notEqual(res.json().status, 'ready');
      assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});

describe('GET /readyz while draining', () => {
  // The balancer's check must see the drain (server.ts, on SIGTERM) and take the instance out
  // before it stops listening; the route's own 503 shape, not a 500 from a failed serialisation.
  it('answers 503 { status: draining } with Retry-After, and other routes the retryable 503', async () => {
    const t = await createTestApp();
    try {
      t.app.startDraining();
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 503);
      assert.deepEqual(ready.json(), { status: 'draining' });
      assert.equal(ready.headers['retry-after'], '1');
      const other = await t.app.inject({ method: 'GET', url: '/healthz' });
      assert.equal(other.statusCode, 503);
      assert.equal(other.json().code, 'SERVICE_UNAVAILABLE');
      assert.equal(other.headers['retry-after'], '1');
    } finally {
      await t.close();
    }
  });
});
