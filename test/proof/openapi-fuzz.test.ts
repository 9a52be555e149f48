// Fuzzing from the service's own OpenAPI document (issue 9): for every operation of /openapi.json
// and the five principals, fast-check sends valid and deliberately broken requests — missing and
// wrong-typed members, extra members, `__proto__`, huge, odd and traversal strings, broken JSON,
// odd path and query values. Every answer must: not be a 5xx; have a status the document
// declares for the operation; match the declared schema when it is a 2xx JSON answer; never be a
// 2xx for input the published schema refuses (judged by ajv with the server's own options); and
// never show a stack trace or a server path, a server-only member (password hashes, storage keys,
// secrets) or the e-mail address of a user the caller has no business seeing. FUZZ_RUNS (default 100) cases per operation;
// FUZZ_SEED replays a run; FUZZ_ONLY=<substring of "METHOD /path"> narrows it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { breakageOf, breakBody, TRAVERSAL, valueOf, type Schema } from './schema-arbitraries.ts';
import { SECRET_KEYS, STACK, createOracle, type Oracle } from './fuzz-oracle.ts';
import { PRINCIPALS, seedWorld, type Principal, type World } from './fuzz-world.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
// One seed for the whole run (operation i uses SEED + i): the operations share the app's state,
// so replaying a failure means replaying every operation before it.
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const ONLY = process.env.FUZZ_ONLY ?? '';
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];
// Streams answer a signed-in caller with a response that never ends: they are fuzzed
// anonymously here (their signed-in behaviour is tested in src/modules/realtime).
const STREAMS = new Set(['GET /api/notifications/stream', 'GET /api/ws/notifications', 'GET /api/ws/chat']);
// Ending the caller's own session or account is fuzzed last so the other operations keep their principals.
const LAST = new Set(['POST /api/user/logout', 'DELETE /api/user/delete']);
interface Operation {
  key: string;
  method: string;
  path: string;
  op: Schema;
}

// The document is read before the tests are declared (one test per operation), from the app they fuzz.
const t: TestApp = await createTestApp({ start: new Date() });
const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/openapi.json' })).body) as Schema;
const operations: Operation[] = Object.entries<Schema>(doc.paths)
  .flatMap(([path, item]) => Object.entries<Schema>(item).filter(([m]) => METHOD_ORDER.includes(m)).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })))
  .filter((o) => o.key.includes(ONLY))
  .sort((a, b) => Number(LAST.has(a.key)) - Number(LAST.has(b.key)) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));

const jsonBodySchema = (op: Schema): Schema | undefined => op.requestBody?.content?.['application/json']?.schema;

function pathValues(name: string, schema: Schema, world: World): fc.Arbitrary<string> {
  const real = world.ids[name] ?? [];
  return fc.oneof(
    { weight: 6, arbitrary: real.length ? fc.constantFrom(...real.map(String)) : valueOf(schema).map(String) },
    { weight: 2, arbitrary: valueOf(schema).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '999999999', '99999999999999999999999', 'abc', '1.5', ' ', ...TRAVERSAL) },
  );
}

function queryValues(params: Schema[]): fc.Arbitrary<Record<string, string>> {
  if (!params.length) return fc.constant({});
  const shape = Object.fromEntries(params.map((p) => [p.name, fc.oneof(
    { weight: 5, arbitrary: valueOf(p.schema).map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))) },
    { weight: 1, arbitrary: fc.constantFrom('abc', '-1', '', '9'.repeat(30), '2026-13-45', ...TRAVERSAL) },
  )]));
  return fc.record(shape, { requiredKeys: params.filter((p) => p.required).map((p) => p.name) }) as fc.Arbitrary<Record<string, string>>;
}

describe('fuzzing every operation of /openapi.json', { concurrency: 1 }, () => {
  let world: World;
  let oracle: Oracle;
  before(async () => {
    world = await seedWorld(t);
    oracle = createOracle(doc);
  });
  after(async () => {
    await t.close();
  });

  it('documents every route the app serves, and serves every documented one', () => {
    const documented = new Set(Object.entries<Schema>(doc.paths).flatMap(([p, item]) => Object.keys(item).filter((m) => METHOD_ORDER.includes(m)).map((m) => `${m.toUpperCase()} ${p}`)));
    const served = new Set(t.app.routeTable.filter((r) => !r.hidden).map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`));
    assert.deepEqual([...served].filter((k) => !documented.has(k)).sort(), [], 'served but not in /openapi.json');
    assert.deepEqual([...documented].filter((k) => !served.has(k)).sort(), [], 'in /openapi.json but not served');
    console.log(`# ${served.size} routes served and documented; hidden on purpose: ${t.app.routeTable.filter((r) => r.hidden).map((r) => `${r.method} ${r.url}`).join(', ')}`);
  });

  it('prints the seed that replays this run', () => {
    console.log(`# fuzz seed ${SEED}: FUZZ_SEED=${SEED} replays this run`);
  });

  for (const [index, o] of operations.entries()) {
    it(o.key, async () => {
      await world.ensurePrincipals();
      const params: Schema[] = o.op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = jsonBodySchema(o.op);
      const hasBody = Boolean(o.op.requestBody);
      const principals: Principal[] = STREAMS.has(o.key) ? ['anonymous'] : [...PRINCIPALS];
      const pathArb = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValues(p.name, p.schema, world)]))) as fc.Arbitrary<Record<string, string>>;
      const bodyArb = hasBody
        ? fc.tuple(valueOf(bodySchema ?? { type: 'object' }), breakageOf(bodySchema)).map(([v, b]) => ({ raw: breakBody(v, b, bodySchema), kind: b.kind }))
        : fc.constant(null);
      let statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...principals), pathArb, queryValues(queryParams), bodyArb, async (who, pathValuesOf, query, body) => {
          const url = o.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(pathValuesOf[n] ?? ''));
          const res = await t.app.inject({
            method: o.method.toUpperCase() as 'GET',
            url,
            query,
            headers: { ...world.headers(who), ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { payload: body.raw } : {}),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const where = `${who} ${o.method.toUpperCase()} ${url}?${new URLSearchParams(query)} body=${body?.raw.slice(0, 300) ?? '-'} → ${res.statusCode} ${res.body.slice(0, 400)}`;
          assert.ok(res.statusCode < 500, `5xx: ${where}`);
          assert.ok(String(res.statusCode) in (o.op.responses ?? {}) || 'default' in (o.op.responses ?? {}), `undeclared status: ${where}`);
          assert.doesNotMatch(res.body.slice(0, 20_000), STACK, `internals in the answer: ${where}`);
          assert.doesNotMatch(res.body, SECRET_KEYS, `a server-only member in the answer: ${where}`);
          const seen = world.privateEmails(who).filter((email) => res.body.includes(email));
          // Staff see accounts by design; an earlier case of this operation may have made this principal staff.
          if (seen.length && !['admin', 'support'].includes((await world.roleNow(who)) ?? '')) assert.fail(`another user's e-mail (${seen[0]}) in the answer: ${where}`);
          const ok2xx = res.statusCode >= 200 && res.statusCode < 300;
          if (!ok2xx) return;
          const refused = oracle.refusedInput(o, pathValuesOf, query, body?.raw ?? null);
          assert.equal(refused, null, `2xx for input the document refuses (${refused}): ${where}`);
          const mismatch = oracle.responseMismatch(o, res.statusCode, res.headers['content-type'], res.body);
          assert.equal(mismatch, null, `answer does not match the declared schema (${mismatch}): ${where}`);
        }),
        { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
      );
      if (process.env.FUZZ_VERBOSE) console.log(o.key, Object.fromEntries(statuses));
      statuses = new Map();
    });
  }
});
