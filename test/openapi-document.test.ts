// The document at GET /openapi.json, read as a client developer and an outside linter read it:
// Redocly's recommended rules, the operation names a generated client exposes, the security each
// operation declares, shared components and response descriptions.
// run-once: lints the document, which does not depend on the database
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, loadConfig, lintFromString } from '@redocly/openapi-core';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { securityOf } from '../src/platform/openapi-document.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Problem = Awaited<ReturnType<typeof lintFromString>>[number];
const describeProblem = (p: Problem) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`;

async function lint(source: string, config: Awaited<ReturnType<typeof createConfig>>) {
  const problems = await lintFromString({ source, absoluteRef: path.join(ROOT, 'openapi.json'), config });
  // Printed so a failing run says what to fix without another tool.
  for (const p of problems) console.log(describeProblem(p));
  return problems;
}

/** The path templates that share a shape with others, each documented (docs/openapi-conventions.md, redocly.yaml). */
const SHARED_SHAPES = ['/api/user/avatars/{name}', '/api/user/{id}/role', '/api/properties/owner/{userId}'];

type Operation = { operationId?: string; security?: unknown; [k: string]: unknown };
interface Document {
  paths: Record<string, Record<string, Operation>>;
  [k: string]: unknown;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
function operations(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.has(m))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
}

/** Everything anyone may call without a token: a route losing its auth flag shows up here. */
const PUBLIC = [
  'getHealth',
  'getReadiness',
  'getCheckoutPage',
  'payCheckout',
  'cancelCheckout',
  'showPaymentSuccessPage',
  'showPaymentCancelPage',
  'login',
  'registerTraveller',
  'registerOwner',
  'verifyEmail',
  'resendVerificationCode',
  'checkAccount',
  'setInitialPassword',
  'requestPasswordReset',
  'verifyPasswordResetCode',
  'resetPassword',
  'loginWithGoogle',
  'loginWithFacebook',
  'getSetPasswordPage',
  'submitSetPasswordForm',
  'getResetPasswordPage',
  'submitResetPasswordForm',
  'undoEmailChange',
  'getUndoEmailChangePage',
  'submitUndoEmailChangeForm',
  'getHomePage',
  'getReservationPage',
  'getReservationPayPage',
  'submitReservationPayForm',
  'submitReservationCancelForm',
  'getAvatar',
  'getPublicFeedback',
  'submitPublicFeedback',
  'handlePaymentWebhook',
  'handleChannelWebhook',
  'exportPropertyCalendar',
  'getPropertyAvailability',
];

describe('GET /openapi.json', () => {
  let t: TestApp;
  let doc: Document;
  let source: string;
  before(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    source = res.body;
    doc = res.json() as Document;
  });
  after(() => t.close());

  it("passes Redocly's recommended rules (redocly.yaml) with no error and no warning", async () => {
    const problems = await lint(source, await loadConfig({ configPath: path.join(ROOT, 'redocly.yaml') }));
    assert.deepEqual(problems.map(describeProblem), []);
  });

  it('has path templates of a shared shape only where documented: those three and the paths they meet', async () => {
    const problems = await lint(source, await createConfig({ rules: { 'no-ambiguous-paths': 'error' } }));
    const undocumented = problems.filter(
      (p) => p.ruleId !== 'no-ambiguous-paths' || !SHARED_SHAPES.some((s) => p.message.includes(`\`${s}\``)),
    );
    assert.deepEqual(undocumented.map(describeProblem), []);
    assert.ok(problems.length > 0, 'the rule ran');
    const conventions = readFileSync(path.join(ROOT, 'docs/openapi-conventions.md'), 'utf8');
    for (const s of SHARED_SHAPES)
      assert.ok(conventions.includes(s.replace(/^\/api/, '')), `docs/openapi-conventions.md explains ${s}`);
    for (const s of SHARED_SHAPES) {
      const op = Object.values(doc.paths[s]!)[0]!;
      assert.match(String(op.description), /literal segments match first/, `${s} says how it is told apart`);
    }
  });

  it('opens with what a client developer needs first, and no notes for maintainers', () => {
    const info = (doc.info as { description: string }).description;
    const sections = ['A first request', 'Authentication', 'Answers and errors', 'Retries and idempotency'];
    for (const name of [...sections, 'Pagination', 'Money, dates and numbers'])
      assert.ok(info.includes(name), `info.description has "${name}"`);
    assert.ok(info.indexOf('A first request') < info.indexOf('Authentication'), 'the first request comes first');
    for (const note of ['How this document is written', 'Redocly', 'redocly.yaml', 'operationId'])
      assert.ok(!info.includes(note), `"${note}" is a maintainer's note (docs/openapi-conventions.md)`);
    // Every operation it names or calls is one of the document's.
    const named = [...info.matchAll(/(GET|POST|PUT|DELETE|PATCH) (\/api\/[\w/{}-]+)/g)].map(([, m = '', p = '']) => ({
      m,
      p,
    }));
    const called = [...info.matchAll(/curl -s (?:-X (POST) )?"\$BASE(\/api\/[\w/-]+)/g)].map(
      ([, m = 'GET', p = '']) => ({
        m,
        p,
      }),
    );
    assert.ok(named.length >= 3 && called.length >= 3, `${named.length} operations named, ${called.length} called`);
    for (const { m, p } of [...named, ...called])
      assert.ok(doc.paths[p]?.[m.toLowerCase()], `${m} ${p} is an operation of the document`);
  });

  it('states the license of package.json', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { license?: string };
    assert.equal(pkg.license, 'MIT');
    assert.deepEqual((doc.info as { license?: unknown }).license, { name: pkg.license, identifier: pkg.license });
  });

  it('shares the envelope, the error body and the read forms as components instead of repeating them', () => {
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    for (const name of [
      'Envelope',
      'ErrorBody',
      'PageMeta',
      'PropertyReadForm',
      'ReservationReadForm',
      'ReservationLight',
      'PropertyCard',
      'FlatProfile',
    ]) {
      assert.ok(schemas[name], `components.schemas.${name}`);
    }
    const text = JSON.stringify(doc.paths);
    assert.equal(text.match(/"success":\{"type":"boolean"/g), null, 'no envelope spelled out in an operation');
    for (const [name, schema] of Object.entries(schemas))
      assert.ok(!text.includes(JSON.stringify(schema)), `${name} spelled out in an operation`);
    // 476 KB when the components were first shared; grown since by operations (webhook
    // endpoints, reservation pages), not repetition: a bound that catches a shape spelled out again.
    assert.ok(source.length < 650_000, `${source.length} bytes`);
  });

  it('marks no member with a default as required (guests.children and its kind)', () => {
    const found: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) {
        for (const n of node) walk(n, where);
        return;
      }
      if (!node || typeof node !== 'object') return;
      const o = node as { properties?: Record<string, { default?: unknown }>; required?: string[] };
      for (const name of Array.isArray(o.required) ? o.required : [])
        if (o.properties?.[name]?.default !== undefined) found.push(`${where}: ${name}`);
      for (const v of Object.values(node)) walk(v, where);
    };
    for (const { key, op } of operations(doc)) walk(op.requestBody, key);
    walk(doc.components, 'components');
    assert.deepEqual(found, []);
  });

  it('describes every response in words of its own (no "Default Response")', () => {
    const vague = operations(doc).flatMap(({ key, op }) =>
      Object.entries(op.responses as Record<string, { description?: string; $ref?: string }>)
        .filter(
          ([, r]) =>
            !r.$ref &&
            (!r.description || r.description === 'Default Response' || /^Every error answer/.test(r.description)),
        )
        .map(([status]) => `${key} ${status}`),
    );
    assert.deepEqual(vague, []);
  });

  it('names every operation: a verb-noun camelCase operationId, unique', () => {
    const ops = operations(doc);
    assert.ok(ops.length > 150, `only ${ops.length} operations`);
    const missing = ops.filter(({ op }) => !op.operationId).map(({ key }) => key);
    assert.deepEqual(missing, [], 'operations without operationId');
    const malformed = ops
      .filter(({ op }) => !/^[a-z][A-Za-z0-9]+$/.test(op.operationId!))
      .map(({ key, op }) => `${key}: ${op.operationId}`);
    assert.deepEqual(malformed, []);
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { key, op } of ops) {
      const first = seen.get(op.operationId!);
      if (first) duplicates.push(`${op.operationId}: ${first} and ${key}`);
      else seen.set(op.operationId!, key);
    }
    assert.deepEqual(duplicates, []);
  });

  it('declares security on every operation: none on the public ones, bearer on the others', () => {
    const allowed = new Set([
      JSON.stringify([]),
      JSON.stringify([{ bearer: [] }]),
      JSON.stringify([{ bearer: [] }, {}]),
    ]);
    const odd = operations(doc)
      .filter(({ op }) => !allowed.has(JSON.stringify(op.security)))
      .map(({ key, op }) => `${key}: ${JSON.stringify(op.security)}`);
    assert.deepEqual(odd, []);
    const open = operations(doc)
      .filter(({ op }) => JSON.stringify(op.security) === '[]')
      .map(({ op }) => op.operationId)
      .sort();
    assert.deepEqual(open, [...PUBLIC].sort());
  });

  it('declares the Idempotency-Key header on exactly the operations that honour it', () => {
    const toPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    const honour = t.app.routeTable
      .filter((r) => r.idempotent && !r.hidden)
      .map((r) => `${r.method} ${toPath(r.url)}`)
      .sort();
    const declare = operations(doc)
      .filter(({ op }) =>
        ((op.parameters ?? []) as Array<{ in: string; name: string }>).some(
          (p) => p.in === 'header' && p.name === 'Idempotency-Key',
        ),
      )
      .map(({ key }) => key)
      .sort();
    assert.ok(honour.length >= 8, `only ${honour.length} idempotent routes found`);
    assert.deepEqual(declare, honour);
  });

  it('documents the pages served outside /api as text/html, not JSON', () => {
    const pages = operations(doc).filter(({ key }) => !key.includes(' /api/') && !/ \/(healthz|readyz)$/.test(key));
    assert.ok(pages.length >= 7, `only ${pages.length} pages found`);
    for (const { key, op } of pages) {
      for (const [status, res] of Object.entries(
        (op.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>,
      )) {
        if (status.startsWith('2') && res.content)
          assert.deepEqual(Object.keys(res.content), ['text/html'], `${key} ${status}`);
      }
    }
  });

  it("answers every JSON error in the error body, but /readyz's 503 in its own shape", () => {
    // What refuses a request before or around its handler (the error handler, the drain, load
    // shedding, the in-flight limit) answers the error body; a JSON error of another shape is one
    // they must each know of (config.readiness), or their answer fails the route's serialiser and
    // the request gets none (/readyz under load, 2026-11-28).
    const responses = (doc.components as { responses: Record<string, unknown> }).responses;
    const own: string[] = [];
    for (const { key, op } of operations(doc)) {
      for (const [status, given] of Object.entries((op.responses ?? {}) as Record<string, { $ref?: string }>)) {
        if (!/^[45]/.test(status)) continue;
        const res = (given.$ref ? responses[given.$ref.split('/').pop()!] : given) as {
          content?: Record<string, unknown>;
        };
        const json = res.content?.['application/json'];
        if (json && !JSON.stringify(json).includes('#/components/schemas/ErrorBody')) own.push(`${key} ${status}`);
      }
    }
    assert.deepEqual(own, ['GET /readyz 503']);
  });

  it('takes security from the flags the auth plugin enforces, whatever the schema says', () => {
    assert.deepEqual(securityOf({ roles: ['admin'] }, []), [{ bearer: [] }]);
    assert.deepEqual(securityOf({ auth: 'required' }, undefined), [{ bearer: [] }]);
    assert.deepEqual(securityOf({ auth: 'deferred' }, undefined), [{ bearer: [] }]);
    assert.deepEqual(securityOf({ auth: 'optional' }, [{ bearer: [] }]), [{ bearer: [] }, {}]);
    assert.deepEqual(
      securityOf({}, [{ bearer: [] }]),
      [{ bearer: [] }],
      'a route checking the token itself says so in its schema',
    );
    assert.deepEqual(securityOf(undefined, undefined), []);
  });
});
