// Fuzzing from the service's own OpenAPI document (issues 9 and 20): for every operation of
// /openapi.json and the five principals, fast-check sends valid and deliberately broken requests —
// missing and wrong-typed members, extra members, `__proto__`, huge, odd and traversal strings,
// broken JSON, odd path and query values; numerals that are not plain decimal or not finite
// (Infinity, 1e999, 0x1, ' 1', '01' …) in every integer and number member, path and query
// parameter; impossible and out-of-range dates in every date member; NUL in multipart fields and
// file names; IPv6-wrapped loopback and private URLs in URL members; now and then an oversized
// header (over real HTTP: inject() skips Node's parser). Every answer must: come within
// FUZZ_CASE_LIMIT_MS, with /healthz still answering after it; not be a 5xx; have a status the
// document declares for the operation (an oversized header: 431 in the error envelope), in a
// declared media type, its JSON body matching the declared schema; never be a 2xx for input the
// published document refuses — judged by the oracle of fuzz-oracle.ts from /openapi.json alone
// (its own validator, the document's own words for text, numerals and dates); never show a stack
// trace or a server path, a server-only member or the e-mail address of a user the caller has no
// business seeing; and no request may reach the loopback canary the URLs point at. FUZZ_RUNS
// (default 100) cases per operation; FUZZ_SEED replays a run; FUZZ_ONLY=<substring of
// "METHOD /path"> narrows it. The last test prints how many cases of each class were sent.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  breakageOf,
  breakBody,
  classOf,
  describeBreakage,
  TRAVERSAL,
  arbitraryOf,
  type Schema,
} from './schema-arbitraries.ts';
import {
  BAD_DATES,
  OVERSIZED_COOKIE,
  badNumeralsFor,
  ipv6Urls,
  isDate,
  isNumeric,
  isUrlMember,
} from './fuzz-classes.ts';
import { encodeMultipart, multipartArb } from './fuzz-multipart.ts';
import { STACK, serverOnlyMember, createOracle, type Oracle, type SentBody } from './fuzz-oracle.ts';
import { PRINCIPALS, seedWorld, type Principal, type World } from './fuzz-world.ts';
import { httpRequest, startCanary, within, type Canary } from './fuzz-transport.ts';
import { startWatchdog, type Watchdog } from '../helpers/watchdog.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
// One seed for the whole run (operation i uses SEED + i): the operations share the app's state,
// so replaying a failure means replaying every operation before it.
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const ONLY = process.env.FUZZ_ONLY ?? '';
const CASE_LIMIT_MS = Number(process.env.FUZZ_CASE_LIMIT_MS ?? 5000);
const HANG_MS = Number(process.env.FUZZ_HANG_MS ?? 60_000);
const OVERSIZED_ONE_IN = 20;
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];
// Streams answer a signed-in caller with a response that never ends: they are fuzzed
// anonymously here (their signed-in behaviour is tested in src/modules/realtime).
const STREAMS = new Set(['GET /api/notifications/stream', 'GET /api/ws/notifications', 'GET /api/ws/chat']);
// Ending the caller's own session or account is fuzzed last so the other operations keep their principals.
const LAST = new Set(['POST /api/user/logout', 'DELETE /api/user/delete']);
const CLASSES = ['bad-numeral', 'bad-date', 'nul-multipart-field', 'nul-file-name', 'oversized-header', 'ipv6-url'];
interface Operation {
  key: string;
  method: string;
  path: string;
  op: Schema;
}
/** A generated value and the issue-20 class it belongs to (null: none). */
type Tagged = [string, string | null];

// The document is read before the tests are declared (one test per operation), from the app they fuzz.
// With a metrics token, so the hidden GET /metrics is in the router and every request is measured.
const t: TestApp = await createTestApp({ start: new Date(), env: { METRICS_TOKEN: 'fuzz-metrics-token-0123456789' } });
const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/openapi.json' })).body) as Schema;
const documented: Operation[] = Object.entries<Schema>(doc.paths).flatMap(([path, item]) =>
  Object.entries<Schema>(item)
    .filter(([m]) => METHOD_ORDER.includes(m))
    .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })),
);
const operations = documented
  .filter((o) => o.key.includes(ONLY))
  .sort(
    (a, b) =>
      Number(LAST.has(a.key)) - Number(LAST.has(b.key)) ||
      METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );

// Literal segments match before parameters (the document's conventions), so each URL names one operation.
const templates = documented
  .map((o) => ({
    o,
    pattern: new RegExp(`^${o.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]*')}$`),
    literal: o.path.split('{').length,
  }))
  .sort((a, b) => a.literal - b.literal);
const operationAt = (method: string, pathname: string) =>
  templates.find((x) => x.o.method === method && x.pattern.test(pathname))?.o;

const plain = (arb: fc.Arbitrary<unknown>): fc.Arbitrary<Tagged> =>
  arb.map((v) => [typeof v === 'object' ? JSON.stringify(v) : String(v), null]);
const tagged = (values: string[], cls: string): fc.Arbitrary<Tagged> => fc.constantFrom(...values).map((v) => [v, cls]);

/** Values of one path or query parameter: mostly good ones, and the hostile classes it fits. */
function parameterValues(p: Schema, good: fc.Arbitrary<Tagged>, odd: string[], urls: string[]): fc.Arbitrary<Tagged> {
  const options: Array<fc.WeightedArbitrary<Tagged>> = [
    { weight: 6, arbitrary: good },
    { weight: 1, arbitrary: plain(fc.constantFrom(...odd)) },
  ];
  if (isNumeric(p.schema)) options.push({ weight: 2, arbitrary: tagged(badNumeralsFor(p.schema), 'bad-numeral') });
  if (isDate(p.schema)) options.push({ weight: 2, arbitrary: tagged(BAD_DATES, 'bad-date') });
  if (isUrlMember(p.name, p.schema)) options.push({ weight: 2, arbitrary: tagged(urls, 'ipv6-url') });
  return fc.oneof(...options);
}

function pathArb(params: Schema[], world: World, urls: string[]) {
  return fc.record(
    Object.fromEntries(
      params.map((p) => {
        const real = world.ids[p.name] ?? [];
        const good = fc.oneof(
          { weight: 3, arbitrary: plain(real.length ? fc.constantFrom(...real) : arbitraryOf(p.schema)) },
          { weight: 1, arbitrary: plain(arbitraryOf(p.schema)) },
        );
        return [
          p.name,
          parameterValues(
            p,
            good,
            ['0', '-1', '999999999', '99999999999999999999999', 'abc', '1.5', ' ', ...TRAVERSAL],
            urls,
          ),
        ];
      }),
    ),
  ) as fc.Arbitrary<Record<string, Tagged>>;
}

function queryArb(params: Schema[], urls: string[]) {
  if (!params.length) return fc.constant({} as Record<string, Tagged>);
  const shape = Object.fromEntries(
    params.map((p) => [
      p.name,
      parameterValues(
        p,
        plain(arbitraryOf(p.schema)),
        ['abc', '-1', '', '9'.repeat(30), '2026-13-45', ...TRAVERSAL],
        urls,
      ),
    ]),
  );
  return fc.record(shape, { requiredKeys: params.filter((p) => p.required).map((p) => p.name) }) as fc.Arbitrary<
    Record<string, Tagged>
  >;
}

interface BodyCase {
  body: SentBody;
  kind: string;
  classes: string[];
}

function bodyArb(op: Schema, urls: string[]): fc.Arbitrary<BodyCase> {
  const content = op.requestBody?.content ?? {};
  if (!op.requestBody) return fc.constant({ body: null, kind: '-', classes: [] });
  const jsonSchema: Schema | undefined = content['application/json']?.schema;
  const json = fc
    .tuple(arbitraryOf(jsonSchema ?? { type: 'object' }), breakageOf(jsonSchema, urls))
    .map(([v, b]): BodyCase => {
      const cls = classOf(b);
      return {
        body: { type: 'json', raw: breakBody(v, b, jsonSchema) },
        kind: describeBreakage(b),
        classes: cls ? [cls] : [],
      };
    });
  if (!content['multipart/form-data']) return json;
  const multipart = multipartArb(content['multipart/form-data'].schema).map(
    (c): BodyCase => ({ body: { type: 'multipart', parts: c.parts }, kind: c.kind, classes: c.classes }),
  );
  return jsonSchema ? fc.oneof(json, multipart) : multipart;
}

const describeBody = (b: SentBody) =>
  b === null
    ? '-'
    : b.type === 'json'
      ? b.raw.slice(0, 300)
      : JSON.stringify(
          b.parts.map((p) =>
            p.data ? `${p.name}=<file ${p.filename} ${p.data.length} B>` : `${p.name}=${(p.value ?? '').slice(0, 60)}`,
          ),
        );

describe('fuzzing every operation of /openapi.json', { concurrency: 1 }, () => {
  let world: World;
  let oracle: Oracle;
  let canary: Canary;
  let watchdog: Watchdog;
  let port: number;
  let urls: string[];
  // Per class: how many cases carried it, and what they were answered.
  const sent = new Map<string, Map<number, number>>();
  before(async () => {
    world = await seedWorld(t);
    oracle = createOracle(doc);
    canary = await startCanary();
    urls = ipv6Urls(canary.port);
    watchdog = startWatchdog(HANG_MS);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(async () => {
    await watchdog.stop();
    await canary.close();
    await t.close();
  });

  it('documents every route the app serves, and serves every documented one', () => {
    const inDocument = new Set(documented.map((o) => o.key));
    const served = new Set(
      t.app.routeTable.filter((r) => !r.hidden).map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
    );
    assert.deepEqual([...served].filter((k) => !inDocument.has(k)).sort(), [], 'served but not in /openapi.json');
    assert.deepEqual([...inDocument].filter((k) => !served.has(k)).sort(), [], 'in /openapi.json but not served');
    console.log(
      `# ${served.size} routes served and documented; hidden on purpose: ${t.app.routeTable
        .filter((r) => r.hidden)
        .map((r) => `${r.method} ${r.url}`)
        .join(', ')}`,
    );
  });

  it('judges by the document alone: the oracle and what it imports take nothing from src/', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, spec = ''] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^'"]*from '([^']+)'/gm))
        if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
    };
    visit(fileURLToPath(new URL('./fuzz-oracle.ts', import.meta.url)));
    const src = path.resolve(fileURLToPath(new URL('../../src/', import.meta.url)));
    assert.deepEqual(
      [...seen].filter((f) => f.startsWith(src)),
      [],
      'the oracle reads the server code',
    );
    assert.ok(seen.size >= 5, `the walk found the oracle's files: ${[...seen].join(', ')}`);
  });

  it('prints the seed that replays this run', () => {
    console.log(`# fuzz seed ${SEED}: FUZZ_SEED=${SEED} replays this run`);
  });

  for (const [index, o] of operations.entries()) {
    it(o.key, async () => {
      await world.ensurePrincipals();
      const params: Schema[] = o.op.parameters ?? [];
      const principals: Principal[] = STREAMS.has(o.key) ? ['anonymous'] : [...PRINCIPALS];
      let statuses = new Map<number, number>();
      const arbs = [
        fc.constantFrom(...principals),
        pathArb(
          params.filter((p) => p.in === 'path'),
          world,
          urls,
        ),
        queryArb(
          params.filter((p) => p.in === 'query'),
          urls,
        ),
        bodyArb(o.op, urls),
        fc.nat({ max: OVERSIZED_ONE_IN - 1 }),
      ] as const;
      await fc.assert(
        fc.asyncProperty(...arbs, async (who, pathTagged, queryTagged, b, dice) => {
          const pathValuesOf = Object.fromEntries(Object.entries(pathTagged).map(([k, [v]]) => [k, v]));
          const query = Object.fromEntries(Object.entries(queryTagged).map(([k, [v]]) => [k, v]));
          const oversized = dice === 0 && !STREAMS.has(o.key);
          // An oversized head is refused before routing: the case counts for that class alone.
          const classes = new Set(
            oversized
              ? ['oversized-header']
              : [...Object.values(pathTagged), ...Object.values(queryTagged)]
                  .map(([, c]) => c)
                  .filter((c): c is string => c !== null)
                  .concat(b.classes),
          );

          const url = o.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(pathValuesOf[n] ?? ''));
          const qs = new URLSearchParams(query).toString();
          const where = `${who} ${o.method.toUpperCase()} ${url}?${qs} ${oversized ? '[20 KB cookie] ' : ''}body(${b.kind})=${describeBody(b.body)}`;
          const started = Date.now();
          const canaryHits = canary.hits.length;
          watchdog.begin(where);
          let res: { statusCode: number; headers: Record<string, unknown>; body: string };
          try {
            if (oversized) {
              const raw = await within(
                CASE_LIMIT_MS,
                where,
                httpRequest(port, o.method.toUpperCase(), `${url}${qs ? `?${qs}` : ''}`, {
                  ...world.headers(who),
                  cookie: OVERSIZED_COOKIE,
                }),
              );
              res = { statusCode: raw.status, headers: raw.headers, body: raw.body };
            } else {
              const encoded = b.body?.type === 'multipart' ? encodeMultipart(b.body.parts) : null;
              const payload = b.body === null ? undefined : b.body.type === 'json' ? b.body.raw : encoded!.payload;
              const contentType =
                b.body === null ? undefined : b.body.type === 'json' ? 'application/json' : encoded!.contentType;
              res = await within(
                CASE_LIMIT_MS,
                where,
                t.app.inject({
                  method: o.method.toUpperCase() as 'GET',
                  url,
                  query,
                  headers: { ...world.headers(who), ...(contentType ? { 'content-type': contentType } : {}) },
                  ...(payload !== undefined ? { payload } : {}),
                }),
              );
            }
          } finally {
            watchdog.end();
          }
          const elapsed = Date.now() - started;
          const health = await within(
            2000,
            `GET /healthz after ${where}`,
            t.app.inject({ method: 'GET', url: '/healthz' }),
          );
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          for (const c of classes) {
            const byStatus = sent.get(c) ?? sent.set(c, new Map()).get(c)!;
            byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
          }
          const said = `${where} → ${res.statusCode} ${res.body.slice(0, 400)}`;
          assert.ok(elapsed < CASE_LIMIT_MS, `answered after ${elapsed} ms: ${said}`);
          assert.equal(health.statusCode, 200, `/healthz no longer answers after: ${said}`);
          assert.deepEqual(canary.hits.slice(canaryHits), [], `the service fetched the loopback canary: ${said}`);
          assert.ok(res.statusCode < 500, `5xx: ${said}`);
          assert.doesNotMatch(res.body.slice(0, 20_000), STACK, `internals in the answer: ${said}`);
          assert.equal(serverOnlyMember(o.key, res.body), null, `a server-only member in the answer: ${said}`);
          if (oversized) {
            // Refused by the HTTP parser before any route: the contract's error body all the same.
            assert.equal(res.statusCode, 431, `oversized header not refused with 431: ${said}`);
            assert.match(String(res.headers['content-type'] ?? ''), /application\/json/, `431 not JSON: ${said}`);
            const envelope = JSON.parse(res.body) as { success?: unknown; code?: unknown; message?: unknown };
            assert.ok(
              envelope.success === false && typeof envelope.code === 'string' && typeof envelope.message === 'string',
              `431 not the error envelope: ${said}`,
            );
            return;
          }
          // A path value "." or ".." is a dot segment: the URL names another path (RFC 3986 §5.2.4),
          // whose operation (or none: a 404) the answer is judged against, the input not being its own.
          const pathname = new URL(url, 'http://fuzz.invalid').pathname;
          const reached = pathname === url ? o : operationAt(o.method, pathname);
          // The answer as the document declares it for the operation: its status, media type and body.
          const contentType = res.headers['content-type'] as string | undefined;
          const mismatch = reached
            ? oracle.answerMismatch(reached, res.statusCode, contentType, res.body)
            : oracle.unroutedMismatch(res.statusCode, contentType, res.body);
          assert.equal(mismatch, null, `an answer the document does not declare (${mismatch}): ${said}`);
          const seen = world.privateEmails(who).filter((email) => res.body.includes(email));
          // Staff see accounts by design; an earlier case of this operation may have made this principal staff.
          if (seen.length && !['admin', 'support'].includes((await world.roleNow(who)) ?? ''))
            assert.fail(`another user's e-mail (${seen[0]}) in the answer: ${said}`);
          if (res.statusCode < 200 || res.statusCode >= 300 || reached !== o) return;
          const refused = oracle.refusedInput(o, pathValuesOf, query, b.body);
          assert.equal(refused, null, `2xx for input the document refuses (${refused}): ${said}`);
        }),
        { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
      );
      if (process.env.FUZZ_VERBOSE) console.log(o.key, Object.fromEntries(statuses));
      statuses = new Map();
    });
  }

  it('sent every class of hostile input', () => {
    const total = (c: string) => [...(sent.get(c)?.values() ?? [])].reduce((a, b) => a + b, 0);
    console.log(`# cases per class over ${operations.length} operations (answers by status):`);
    for (const c of CLASSES)
      console.log(
        `#   ${c}: ${total(c)} ${JSON.stringify(Object.fromEntries([...(sent.get(c) ?? [])].sort(([a], [b]) => a - b)))}`,
      );
    // A narrowed or short run may miss a class; a full one must not (else a generator no longer reaches the routes).
    if (!ONLY && RUNS >= 50) for (const c of CLASSES) assert.ok(total(c) > 0, `no case of class ${c} was sent`);
  });
});
