// The examples of /openapi.json: every request body has one that fits its own schema, the main
// answers have one that fits theirs, and — on a database seeded by `npm run seed:demo` and a real
// server — every example that needs nothing replaced is accepted as it is (2xx), as "Try it" sends it.
// run-once: the document's examples; the operations they call are tested on both databases elsewhere
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { killServer, startServer, type ServerProcess } from './helpers/server-process.ts';
import { runScript } from './helpers/run-script.ts';
import { DEMO_LOGINS, requestExamples, type DemoAccount } from '../src/platform/openapi-examples.ts';
import { RESPONSE_EXAMPLES } from '../src/platform/openapi-response-examples.ts';
import { seededDataDir } from './helpers/test-database.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
type Json = Record<string, any>;

function operations(doc: Json) {
  return Object.entries(doc.paths as Json).flatMap(([p, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ path: p, method, op: op as Json })),
  );
}

const pointer = (...parts: string[]) =>
  `openapi.json#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

describe('the examples of /openapi.json', () => {
  let t: TestApp;
  let doc: Json;
  let ajv: Ajv;
  before(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Json;
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(doc, 'openapi.json');
  });
  after(() => t.close());

  it('gives every request body an example that fits its own schema', () => {
    const missing: string[] = [];
    const unfit: string[] = [];
    for (const { path: p, method, op } of operations(doc)) {
      for (const [media, body] of Object.entries((op.requestBody?.content ?? {}) as Json)) {
        if (body.example === undefined) missing.push(`${op.operationId} ${media}`);
        else if (
          !ajv.validate({ $ref: pointer('paths', p, method, 'requestBody', 'content', media, 'schema') }, body.example)
        ) {
          unfit.push(`${op.operationId} ${media}: ${ajv.errorsText()}`);
        }
      }
    }
    assert.deepEqual(missing, []);
    assert.deepEqual(unfit, []);
  });

  it('gives the main answers (login, listing, search, preview, booking, payment) an example that fits', () => {
    const byId = new Map(operations(doc).map((o) => [o.op.operationId as string, o]));
    for (const id of [
      'login',
      'getProperty',
      'searchProperties',
      'listPublicProperties',
      'previewReservation',
      'createReservation',
      'getReservation',
      'processPayment',
    ]) {
      const { path: p, method } = byId.get(id)!;
      const status = RESPONSE_EXAMPLES[id]!.status;
      const media = doc.paths[p][method].responses[status].content['application/json'];
      assert.ok(media.example, `${id} ${status} has an example`);
      assert.ok(
        ajv.validate(
          { $ref: pointer('paths', p, method, 'responses', status, 'content', 'application/json', 'schema') },
          media.example,
        ),
        `${id}: ${ajv.errorsText()}`,
      );
    }
  });

  it('counts stay dates from today, so they are in the future', () => {
    const body = requestExamples(new Date()).createReservation!.body as { checkin_date: string };
    assert.ok(body.checkin_date > new Date().toISOString().slice(0, 10));
  });
});

describe('the examples sent as they are to a server seeded by npm run seed:demo', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;
  const tokens = new Map<DemoAccount, string>();
  before(async () => {
    dataDir = await seededDataDir('stays-examples-');
    const env = { DATA_DIR: dataDir, JWT_SECRET: 'openapi-examples-secret-0123456789abcdef', LOG_LEVEL: 'warn' };
    const seeded = await runScript('seed-demo.ts', env);
    assert.equal(seeded.code, 0, seeded.stdout + seeded.stderr);
    server = await startServer(env);
  });
  after(async () => {
    if (server) await killServer(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function token(who: DemoAccount): Promise<string> {
    if (!tokens.has(who)) {
      const res = await fetch(`${server!.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_LOGINS[who]),
      });
      assert.equal(res.status, 200, await res.clone().text());
      tokens.set(who, ((await res.json()) as Json).data.token);
    }
    return tokens.get(who)!;
  }

  it('accepts every example that needs nothing replaced (2xx), in the order of the table', {
    timeout: 120_000,
  }, async () => {
    const doc = (await (await fetch(`${server!.url}/openapi.json`)).json()) as Json;
    const byId = new Map(operations(doc).map((o) => [o.op.operationId as string, o]));
    const refused: string[] = [];
    let sent = 0;
    for (const [id, ex] of Object.entries(requestExamples(new Date()))) {
      if (ex.replace || ex.needs) continue;
      const { path: p, method, op } = byId.get(id) ?? assert.fail(`no operation ${id}`);
      // What "Try it" sends: the document's own example and path parameter examples.
      const body = Object.values(op.requestBody.content as Json)[0].example;
      const url = p.replace(/\{(\w+)\}/g, (_, name: string) =>
        String((op.parameters as Json[]).find((q) => q.in === 'path' && q.name === name)?.example),
      );
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (ex.as) headers.authorization = `Bearer ${await token(ex.as)}`;
      const res = await fetch(server!.url + url, { method: method.toUpperCase(), headers, body: JSON.stringify(body) });
      sent += 1;
      if (res.status >= 300) refused.push(`${id} ${method.toUpperCase()} ${url}: ${res.status} ${await res.text()}`);
    }
    assert.deepEqual(refused, []);
    assert.ok(sent >= 45, `${sent} examples sent`);
  });
});
