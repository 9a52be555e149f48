// The /docs page without a browser: the document's caching and compression, the page's head, and
// the Swagger UI plugin's prune() (docs-page-subtrees.ts) on small documents and on the real one.
// The page itself in Chromium: docs-page.browser.test.ts.
// run-once: the /docs page and its document bytes; no database behaviour
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { loadPrune } from '../src/platform/docs-page-subtrees.ts';
import { parseJsonDocumentPlugin } from '../src/platform/docs-page-json.ts';
import { documentOutline } from '../src/platform/docs-page-outline.ts';

type Doc = Record<string, any>;
const prune = loadPrune() as (spec: unknown, path: unknown[]) => Doc;

describe('/docs and the document it shows', () => {
  let t: TestApp;
  let doc: Doc;
  let body: string;
  before(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    body = res.body;
    doc = res.json();
  });
  after(async () => t?.close());

  it('the document has an ETag, is revalidated (304) and compressed once for clients that accept it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers['cache-control'], 'no-cache');
    assert.match(String(plain.headers.vary), /accept-encoding/i);
    const etag = String(plain.headers.etag);
    assert.match(etag, /^W\/"[\w-]+"$/);

    const page = await t.app.inject({ method: 'GET', url: '/docs/json' });
    assert.equal(page.headers.etag, etag);
    assert.equal(page.body, body);

    const again = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'if-none-match': `"other", ${etag}` },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const stale = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'if-none-match': 'W/"other"' },
    });
    assert.equal(stale.statusCode, 200);

    const gzip = await t.app.inject({ method: 'GET', url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzip.rawPayload).toString('utf8'), body);
    assert.ok(gzip.rawPayload.length < body.length / 4, `${gzip.rawPayload.length} bytes of gzip for ${body.length}`);
    const br = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'gzip;q=0.5, br' },
    });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.rawPayload).toString('utf8'), body);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'gzip;q=0, br;q=0' },
    });
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.equal(refused.body, body);

    // Only the document's routes: other answers are left as they are.
    const other = await t.app.inject({ method: 'GET', url: '/api/countries', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(other.statusCode, 200);
    assert.equal(other.headers.etag, undefined);
    assert.equal(other.headers['content-encoding'], undefined);
  });

  it("the page is titled with the document's title, without the framework's favicon", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes(`<title>${doc.info.title}</title>`));
    assert.doesNotMatch(res.body, /favicon|rel="icon"/);
    const init = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    assert.match(init.body, /"layout":"BaseLayout"/);
    assert.match(init.body, /prunesDocument/);
  });

  it('the outline the page reads first has every operation row, every schema name and the security schemes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/docs/outline.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.match(String(res.headers.etag), /^W\/"[\w-]+"$/);
    const text = gunzipSync(res.rawPayload).toString('utf8');
    const outline = JSON.parse(text) as Doc;
    assert.deepEqual(JSON.parse(text), documentOutline(doc));
    assert.ok(text.length < body.length / 8, `${text.length} bytes of outline for ${body.length}`);
    assert.deepEqual(outline.info, doc.info);
    assert.deepEqual(outline.servers, doc.servers);
    assert.deepEqual(outline.components.securitySchemes, doc.components.securitySchemes);
    assert.deepEqual(Object.keys(outline.components.schemas), Object.keys(doc.components.schemas));
    assert.deepEqual(Object.keys(outline.paths), Object.keys(doc.paths));
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Doc>>)) {
      assert.deepEqual(Object.keys(outline.paths[path]), Object.keys(item), path);
      for (const [method, op] of Object.entries(item)) {
        const row = outline.paths[path][method];
        assert.deepEqual(
          row,
          { tags: op.tags, summary: op.summary, operationId: op.operationId, security: op.security },
          `${method} ${path}`,
        );
      }
    }
  });

  it('the page has the outline fetched early, and an empty standalone preset in place of 268 kB', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    assert.equal(page.headers.link, '</docs/outline.json>; rel=preload; as=fetch; crossorigin=anonymous');
    assert.match(page.body, /swagger-ui-standalone-preset\.js/);
    const preset = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-standalone-preset.js' });
    assert.equal(preset.statusCode, 200);
    assert.match(String(preset.headers['content-type']), /javascript/);
    assert.ok(preset.body.length < 100, `${preset.body.length} bytes`);
    const sandbox: { window: { SwaggerUIStandalonePreset?: () => unknown[] } } = { window: {} };
    new Function('window', preset.body)(sandbox.window);
    assert.deepEqual(sandbox.window.SwaggerUIStandalonePreset?.(), [], 'a preset that adds no plugin');
    // Swagger UI's own files are still served from the package.
    const bundle = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    assert.equal(bundle.statusCode, 200);
    const init = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    assert.match(init.body, /parseToJson/);
  });

  it('the JSON plugin reads a JSON document with JSON.parse, and hands anything else to Swagger UI', () => {
    const calls: Array<[string, unknown]> = [];
    const system = {
      specSelectors: { specStr: () => '{"openapi":"3.1.0","paths":{}}' },
      errActions: { clear: (what: unknown) => calls.push(['clear', what]) },
      specActions: { updateJsonSpec: (json: unknown) => calls.push(['updateJsonSpec', json]) },
    };
    type Parse = (text?: string) => void;
    const plugin = parseJsonDocumentPlugin(system) as {
      statePlugins: { spec: { wrapActions: { parseToJson: (original: Parse, sys: typeof system) => Parse } } };
    };
    const parseWithYaml = (text: unknown) => calls.push(['yaml', text]);
    const parse = plugin.statePlugins.spec.wrapActions.parseToJson(parseWithYaml, system);
    parse(' {"openapi":"3.1.0","info":{"title":"T"}}');
    parse();
    parse('openapi: 3.1.0\n');
    parse('{"unfinished": ');
    parse('[1, 2]');
    assert.deepEqual(calls, [
      ['clear', { source: 'parser' }],
      ['updateJsonSpec', { openapi: '3.1.0', info: { title: 'T' } }],
      ['clear', { source: 'parser' }],
      ['updateJsonSpec', { openapi: '3.1.0', paths: {} }],
      ['yaml', 'openapi: 3.1.0\n'],
      ['yaml', '{"unfinished": '],
      ['yaml', '[1, 2]'],
    ]);
  });

  it('prune() keeps, for every operation of the real document, every component its $refs reach', () => {
    const pointers = (node: unknown, out: string[] = []): string[] => {
      if (Array.isArray(node)) for (const v of node) pointers(v, out);
      else if (node && typeof node === 'object')
        for (const [k, v] of Object.entries(node))
          k === '$ref' && typeof v === 'string' ? out.push(v) : pointers(v, out);
      return out;
    };
    const at = (d: Doc, pointer: string) =>
      pointer
        .slice(2)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<any>((n, k) => n?.[k], d);
    let operations = 0;
    for (const [url, item] of Object.entries<Doc>(doc.paths)) {
      for (const method of Object.keys(item)) {
        const cut = prune(doc, ['paths', url, method]);
        assert.notEqual(cut, doc, `${method} ${url} fell back to the whole document`);
        assert.deepEqual(Object.keys(cut.paths), [url]);
        for (const ref of pointers(cut))
          assert.notEqual(at(cut, ref), undefined, `${method} ${url}: ${ref} is missing`);
        operations++;
      }
    }
    assert.ok(operations >= 100, `${operations} operations`);
    assert.ok(JSON.stringify(prune(doc, ['paths', '/healthz', 'get'])).length < body.length / 10);
  });

  it('prune() follows $refs transitively, keeps the security schemes and the root, and leaves the rest out', () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      security: [{ key: [] }],
      paths: {
        '/a': { get: { responses: { 200: { $ref: '#/components/responses/Ok' } } } },
        '/b': {
          get: {
            responses: {
              200: {
                description: 'b',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/C' } } },
              },
            },
          },
        },
      },
      webhooks: { hook: {} },
      components: {
        securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-key' } },
        responses: {
          Ok: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } },
        },
        schemas: {
          A: {
            type: 'object',
            properties: {
              b: { $ref: '#/components/schemas/B/properties/n' },
              self: { $ref: '#/components/schemas/A' },
            },
          },
          B: {
            type: 'object',
            properties: { n: { type: 'number' } },
            discriminator: { propertyName: 'k', mapping: { d: '#/components/schemas/D' } },
          },
          C: { type: 'string' },
          D: { type: 'object' },
          'E/F': { type: 'string' },
          Unused: { type: 'boolean' },
        },
      },
    };
    const a = prune(spec, ['paths', '/a', 'get']);
    assert.deepEqual(Object.keys(a.paths), ['/a']);
    assert.equal(a.webhooks, undefined);
    assert.deepEqual(a.info, spec.info);
    assert.deepEqual(a.security, spec.security);
    assert.deepEqual(a.components.securitySchemes, spec.components.securitySchemes);
    assert.deepEqual(Object.keys(a.components.responses), ['Ok']);
    assert.deepEqual(Object.keys(a.components.schemas).sort(), ['A', 'B', 'D']);

    const escaped = prune(
      { ...spec, paths: { '/e': { get: { responses: { 200: { $ref: '#/components/schemas/E~1F' } } } } } },
      ['paths', '/e', 'get'],
    );
    assert.deepEqual(Object.keys(escaped.components.schemas), ['E/F']);

    const schemes = prune(spec, ['components', 'securitySchemes']);
    assert.deepEqual(schemes.paths, {});
    assert.deepEqual(Object.keys(schemes.components), ['securitySchemes']);
    assert.deepEqual(Object.keys(prune(spec, ['components', 'schemas', 'C']).components.schemas), ['C']);
    assert.deepEqual(Object.keys(prune(spec, ['components', 'schemas']).components.schemas).sort(), [
      'A',
      'B',
      'C',
      'D',
      'E/F',
      'Unused',
    ]);
  });

  it('prune() hands back the whole document when it cannot tell what a subtree needs', () => {
    const base = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      components: { schemas: { A: { type: 'string' } } },
    };
    const withRef = (ref: string) => ({
      ...base,
      paths: { '/a': { get: { responses: { 200: { $ref: ref } } } }, '/b': { get: {} } },
    });
    for (const ref of [
      '#/paths/~1b/get',
      '#/components/schemas/Missing',
      'other.json#/A',
      'https://example.com/a.json',
    ]) {
      const spec = withRef(ref);
      assert.equal(prune(spec, ['paths', '/a', 'get']), spec, ref);
    }
    const spec = withRef('#/components/schemas/A');
    assert.equal(prune(spec, ['paths', '/missing', 'get']), spec);
    assert.equal(prune(spec, ['info']), spec);
    assert.equal(prune(spec, []), spec);
    const swagger2 = { swagger: '2.0', paths: {} };
    assert.equal(prune(swagger2, ['paths', '/a']), swagger2);
    // A string that merely looks like a pointer (an example, a description) does not matter.
    const example = {
      ...base,
      paths: { '/a': { get: { description: '#/components/schemas/Nowhere', responses: {} } } },
    };
    assert.notEqual(prune(example, ['paths', '/a', 'get']), example);
  });
});
