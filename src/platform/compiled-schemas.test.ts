// Compiled validators and serializers are kept for the process by schema content
// (platform/validation.ts), so the test suite's many apps compile each route once. What that must
// never do: hand one app a function compiled against another app's shared schemas, or against
// another route's schema of the same shape but different content.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { strictAjvOptions, strictSchemaController } from './validation.ts';

type AjvInstance = Parameters<NonNullable<NonNullable<FastifyServerOptions['ajv']>['onCreate']>>[0];

/** An app whose shared schema `thing` has the given properties, and a route using it for its body and its answer. */
async function appWith(shared: Record<string, { type: string }>) {
  const app = Fastify({ ajv: strictAjvOptions, schemaController: strictSchemaController() });
  app.addSchema({
    $id: 'thing',
    type: 'object',
    properties: shared,
    required: Object.keys(shared),
    additionalProperties: false,
  });
  app.post(
    '/echo',
    { schema: { body: { $ref: 'thing#' }, response: { 200: { $ref: 'thing#' } } } },
    async (req) => req.body,
  );
  // Same shape as /echo's answer but its own content: a different schema, a different serializer.
  app.get(
    '/fixed',
    { schema: { response: { 200: { type: 'object', properties: { kept: { type: 'string' } } } } } },
    async () => ({ kept: 'yes', dropped: 'no' }),
  );
  await app.ready();
  return app;
}

describe('compiled schemas kept for the process', () => {
  it('each app validates and serializes with its own shared schemas, even under one $id', async () => {
    const a = await appWith({ name: { type: 'string' } });
    const b = await appWith({ count: { type: 'integer' } });
    try {
      const okA = await a.inject({ method: 'POST', url: '/echo', payload: { name: 'x' } });
      assert.equal(okA.statusCode, 200, okA.body);
      assert.deepEqual(okA.json(), { name: 'x' });
      const okB = await b.inject({ method: 'POST', url: '/echo', payload: { count: 3 } });
      assert.equal(okB.statusCode, 200, okB.body);
      assert.deepEqual(okB.json(), { count: 3 });
      // A's body is not B's: B requires count, A requires name.
      assert.equal((await b.inject({ method: 'POST', url: '/echo', payload: { name: 'x' } })).statusCode, 400);
      assert.equal((await a.inject({ method: 'POST', url: '/echo', payload: { count: 3 } })).statusCode, 400);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('an Ajv plugin of one app does not reach another app without it', async () => {
    const even = (ajv: AjvInstance) =>
      ajv.addKeyword({
        keyword: 'even',
        type: 'number',
        schemaType: 'boolean',
        validate: (want: boolean, n: number) => !want || n % 2 === 0,
      });
    const route = (app: ReturnType<typeof Fastify>) =>
      app.post(
        '/n',
        { schema: { body: { type: 'object', properties: { n: { type: 'integer', even: true } }, required: ['n'] } } },
        async () => ({ ok: true }),
      );
    const withPlugin = Fastify({
      ajv: { ...strictAjvOptions, plugins: [even] },
      schemaController: strictSchemaController(),
    });
    route(withPlugin);
    await withPlugin.ready();
    const without = Fastify({ ajv: strictAjvOptions, schemaController: strictSchemaController() });
    route(without);
    try {
      assert.equal((await withPlugin.inject({ method: 'POST', url: '/n', payload: { n: 3 } })).statusCode, 400);
      assert.equal((await withPlugin.inject({ method: 'POST', url: '/n', payload: { n: 4 } })).statusCode, 200);
      // Ajv's strict mode refuses a keyword it was not given: the app without the plugin cannot build that route.
      await assert.rejects(async () => without.ready(), /unknown keyword|even/);
    } finally {
      await withPlugin.close();
      await without.close().catch(() => {});
    }
  });

  it('a second app with the same schemas answers exactly as the first', async () => {
    const first = await appWith({ name: { type: 'string' } });
    const second = await appWith({ name: { type: 'string' } });
    try {
      for (const app of [first, second]) {
        const fixed = await app.inject({ method: 'GET', url: '/fixed' });
        assert.equal(fixed.body, '{"kept":"yes"}');
        const echo = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'y' } });
        assert.equal(echo.body, '{"name":"y"}');
      }
    } finally {
      await first.close();
      await second.close();
    }
  });
});
