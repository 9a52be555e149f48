// The authorisation matrix (issues 9 and 48): every route of /openapi.json × the five principals ×
// their own resource, someone else's and a missing one, against the expected table kept in
// authz-expected.ts (written from the contract, not recorded from the app). Each request is valid
// for the route and the world's data (authz-requests.ts), so the allowed caller must get a 2xx and
// a refusal can only come from who asks and what they name: any other answer than the table's
// class fails, a 422 or 409 to the allowed caller as much as a 2xx to a refused one. Every answer
// is also scanned for members that must never leave the server and for the e-mail addresses of
// users the caller has no business seeing. Prints the totals per kind of miss.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { STACK, serverOnlyMember } from './fuzz-oracle.ts';
import {
  PRINCIPALS,
  channelManager,
  seedAuthzWorld,
  type AuthzWorld,
  type Principal,
  type Variant,
} from './authz-world.ts';
import { EXPECTED, OUTSIDE, type Outcome } from './authz-expected.ts';
import { REQUESTS, sampleOf } from './authz-requests.ts';
import type { Schema } from './schema-arbitraries.ts';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/db/schema/index.ts';
import { bearer } from '../helpers/factories.ts';

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
// Routes that end or rotate the caller's session run after the others, with new sessions after each.
const SESSION_ENDING = ['POST /api/auth/refresh', 'POST /api/user/logout'];
const ACCOUNT_ENDING = 'DELETE /api/user/delete';

const channel = await channelManager();
const t: TestApp = await createTestApp({ start: new Date(), env: channel.env });
const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/openapi.json' })).body) as Schema;
const served = t.app.routeTable.filter((r) => !r.hidden).map((r) => `${r.method} ${r.url}`);
const documented = Object.entries<Schema>(doc.paths).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((m) => METHOD_ORDER.includes(m.toUpperCase()))
    .map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
);
const rank = (key: string) => (key === ACCOUNT_ENDING ? 2 : SESSION_ENDING.includes(key) ? 1 : 0);
const routes = Object.keys(EXPECTED).sort(
  (a, b) => rank(a) - rank(b) || METHOD_ORDER.indexOf(a.split(' ')[0]!) - METHOD_ORDER.indexOf(b.split(' ')[0]!),
);

function operationOf(key: string): Schema | undefined {
  const [method, route] = key.split(' ') as [string, string];
  return doc.paths[route.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
}

/** The class of an answer: a 2xx, one of the table's refusals, or the status itself (which no table entry expects). */
const outcomeOf = (status: number): Outcome | number =>
  status >= 200 && status < 300 ? 'ok' : [401, 403, 404, 409].includes(status) ? (status as Outcome) : status;

let world: AuthzWorld;

/** The request of `key` for `who`'s `variant` (authz-requests.ts), with these headers unless it names its own caller. */
async function send(
  key: string,
  who: Principal,
  variant: Variant,
  n: number,
  url: string,
  headers: Record<string, string>,
  /** The given headers win over a request's own caller (the dead-session check must send its dead token). */
  ownCaller = false,
) {
  const [method] = key.split(' ') as [string, string];
  const op = operationOf(key);
  const req = (await REQUESTS[key]?.({ world, who, variant, side: world.side(variant), n })) ?? {};
  const jsonSchema = op?.requestBody?.content?.['application/json']?.schema;
  let body = req.body ?? (req.form ? undefined : op?.requestBody ? sampleOf(jsonSchema, n) : undefined);
  // Naming another account is a question of its own (tested where the route is): the caller acts for themselves here.
  // So is promoting a listing (`recommended`, admin only: a field-level 403 tested with the properties).
  if (body && typeof body === 'object' && !Array.isArray(body))
    body = { ...body, user_id: undefined, recommended: undefined };
  return t.app.inject({
    method: method as 'GET',
    url,
    query:
      req.query ??
      Object.fromEntries(
        (op?.parameters ?? [])
          .filter((p: Schema) => p.in === 'query' && p.required)
          .map((p: Schema) => [p.name, String(sampleOf(p.schema, n))]),
      ),
    headers: {
      ...(ownCaller ? headers : (req.headers ?? headers)),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(req.form ? { payload: req.form } : body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

interface Miss {
  key: string;
  line: string;
  // 'let through': a refusal was expected and the request reached the use case (a 4xx about the input);
  // 'not served': the allowed caller's valid request was not answered a 2xx (a 422, a 409 the table does not name).
  kind: 'unexpected 2xx' | 'let through' | 'not served' | 'unexpected refusal' | 'wrong refusal' | 'server error';
}

describe('authorisation matrix: every route × five principals × own / other / missing', { concurrency: 1 }, () => {
  const misses: Miss[] = [];
  let sent = 0;
  let served2xx = 0;
  before(async () => {
    world = await seedAuthzWorld(t);
  });
  after(async () => {
    const count = (k: Miss['kind']) => misses.filter((m) => m.kind === k).length;
    console.log(
      `# authz matrix: ${routes.length} routes, ${sent} requests, ${served2xx} answered 2xx; unexpected 2xx ${count('unexpected 2xx')}, let through to the use case ${count('let through')}, allowed caller not served ${count('not served')}, unexpected refusals ${count('unexpected refusal')}, other refusal than expected ${count('wrong refusal')}, 5xx ${count('server error')}`,
    );
    await world.close();
    await t.close();
    await channel.fake.close();
  });

  it('covers every route of the document and of the router, each once (in the matrix or outside it, with a reason)', () => {
    const listed = [...Object.keys(EXPECTED), ...Object.keys(OUTSIDE)];
    assert.deepEqual(documented.filter((k) => !listed.includes(k)).sort(), [], 'in /openapi.json but in neither table');
    assert.deepEqual(served.filter((k) => !listed.includes(k)).sort(), [], 'served but in neither table');
    assert.deepEqual(listed.filter((k) => !served.includes(k)).sort(), [], 'in a table but not served');
    assert.deepEqual(
      Object.keys(EXPECTED).filter((k) => k in OUTSIDE),
      [],
      'in both tables',
    );
  });

  // A token whose session ended (revoked, expired, account closed) in the database, not through
  // this instance (so in no cache): every route that reads a token answers 401, whatever else the
  // request would have met. The routes that check the session inside their own transaction
  // (config.auth 'deferred', the booking) are the ones this guards.
  it('answers 401 to a dead session on every route that reads a token', async () => {
    const lines: string[] = [];
    const roles = ['client', 'owner', 'support', 'admin'] as const;
    let checked = 0;
    for (const [i, key] of routes.entries()) {
      const security = (operationOf(key)?.security ?? []) as Array<Record<string, unknown>>;
      if (!security.some((s) => 'bearer' in s)) continue;
      const who: Principal = roles[i % roles.length]!;
      const [, route] = key.split(' ') as [string, string];
      const params = await world.params(key, who, 'own');
      const url = route.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(params[p]!));
      const { token, session } = await t.deps.sessions.start(world.user(who), who);
      const now = t.deps.clock.now();
      const ended =
        i % 2 === 0 ? { revokedAt: now, revokedReason: 'matrix' } : { expiresAt: new Date(now.getTime() - 1000) };
      await t.deps.db.update(sessions).set(ended).where(eq(sessions.id, session.id));
      const res = await send(key, who, 'own', 10_000 + i, url, bearer(token), true);
      checked += 1;
      if (res.statusCode !== 401) lines.push(`${who} ${key} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    console.log(`# dead sessions: ${checked} routes that read a token, ${lines.length} answered other than 401`);
    assert.ok(checked > 100, `only ${checked} routes read a token`);
    assert.deepEqual(lines, []);
  });

  let n = 0;
  for (const key of routes) {
    it(key, async () => {
      const [method, route] = key.split(' ') as [string, string];
      const hasParams = route.includes(':');
      const nested = (route.match(/:\w+/g) ?? []).length > 1;
      const variants: Variant[] = hasParams ? ['own', 'other', 'missing'] : ['own'];
      const lines: Miss[] = [];
      for (const who of PRINCIPALS) {
        for (const variant of variants) {
          n += 1;
          const params = await world.params(key, who, variant);
          const url = route.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(params[p]!));
          const res = await send(key, who, variant, n, url, world.headers(who));
          sent += 1;
          const got = outcomeOf(res.statusCode);
          if (got === 'ok') served2xx += 1;
          const expected = EXPECTED[key]!(who, variant, nested);
          const line = `${who.padEnd(9)} ${variant.padEnd(7)} ${method} ${url} → ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 160)}`;
          if (typeof got === 'number' && got >= 500) lines.push({ key, line, kind: 'server error' });
          else if (got !== expected)
            lines.push({
              key,
              line,
              kind:
                got === 'ok'
                  ? 'unexpected 2xx'
                  : expected === 'ok'
                    ? typeof got === 'number' && ![401, 403, 404].includes(got)
                      ? 'not served'
                      : 'unexpected refusal'
                    : [401, 403, 404].includes(got as number)
                      ? 'wrong refusal'
                      : 'let through',
            });
          assert.doesNotMatch(res.body.slice(0, 20_000), STACK, `internals in the answer: ${line}`);
          assert.equal(serverOnlyMember(key, res.body), null, `a server-only member in the answer: ${line}`);
          // A login answers with the account whose password was sent, whoever sent it.
          const contacts = world
            .privateEmails(who)
            .filter((e) => key !== 'POST /api/auth/login' || e !== world.A.client.email);
          for (const email of contacts)
            assert.ok(!res.body.includes(email), `another user's e-mail (${email}) in the answer: ${line}`);
        }
      }
      if (SESSION_ENDING.includes(key)) await world.renewSessions();
      misses.push(...lines);
      assert.deepEqual(
        lines.map((l) => `${l.kind}: ${l.line}`),
        [],
      );
    });
  }
});
