// One-line fields stay one line (contract §3b): every request body member that holds a name, a
// title, a code or an address line refuses line breaks and other control characters, and says so
// with a 422 naming the field. Judged from the published /openapi.json with an Ajv instance of the
// test's own, so a field added later with a plain string schema fails here whatever route has it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { bearer, createUser, loginAs } from './helpers/factories.ts';
import { resolved } from './helpers/openapi.ts';
import { form } from '../src/modules/users/users.test-support.ts';
import { usersRepository } from '../src/modules/users/users.repository.ts';

type Schema = Record<string, unknown>;

/**
 * The members recognised as one-line by name, wherever they appear in a request body (nested
 * objects and array items included). Multi-line members (description, message, content,
 * special_requests, reason, place_details, value, answer, comment, ...) are not on the list and
 * keep their line breaks.
 */
const ONE_LINE_NAMES = new Set([
  'username',
  'first_name',
  'last_name',
  'name',
  'title',
  'company_name',
  'code',
  'promo_code',
  'code_promo',
  'public_name',
  'internal_name',
  'name_of_structure',
  'job',
  'location',
  'address',
  'city',
  'state',
  'country',
  'country_region',
  'postal_code',
  'zip_code',
  'place_type',
  'id_number',
  'phone',
  'symbol',
  'key',
  'network',
  'speed',
  'keywords',
  'timezone',
  'time_zone',
  'subject',
]);

/** What a one-line field must refuse anywhere in the value: C0 (tab included), DEL, C1, U+2028/9. */
const CONTROLS = [
  '\n',
  '\r',
  '\r\n',
  '\t',
  '\u0000',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u2028',
  '\u2029',
];

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));

interface Found {
  where: string;
  schema: Schema;
}

/** Every string schema under a one-line member of `schema`, with where it is. */
function oneLineStrings(doc: Schema, schema: unknown, where: string, named: boolean, out: Found[], depth = 0): void {
  if (depth > 20 || !schema || typeof schema !== 'object') return;
  const s = resolved(doc, schema);
  for (const key of ['anyOf', 'oneOf'] as const)
    for (const branch of (s[key] as unknown[] | undefined) ?? [])
      oneLineStrings(doc, branch, where, named, out, depth + 1);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (named && types.includes('string')) out.push({ where, schema: s });
  if (s.items) oneLineStrings(doc, s.items, `${where}[]`, named, out, depth + 1);
  for (const [name, member] of Object.entries((s.properties as Schema | undefined) ?? {}))
    oneLineStrings(doc, member, `${where}.${name}`, ONE_LINE_NAMES.has(name), out, depth + 1);
}

const validators = new Map<string, ReturnType<typeof ajv.compile>>();
/** The schema's validator, compiled once per distinct schema (many routes share a field's). */
function validatorOf(schema: Schema) {
  const key = JSON.stringify(schema);
  const known = validators.get(key);
  if (known) return known;
  const check = ajv.compile(schema);
  validators.set(key, check);
  return check;
}

const FIXED_SAMPLES = ['Ana Lima', 'ana.lima', 'SUMMER10', 'Europe/Paris', '+33 1 23 45 67 89'];

/** A value the field accepts, to spoil with a control character; undefined when none is found. */
function validSample(schema: Schema): string | undefined {
  const check = validatorOf(schema);
  const fits = (c: unknown): c is string => typeof c === 'string' && c.length >= 2 && check(c) === true;
  const given = [
    ...((schema.examples as unknown[] | undefined) ?? []),
    schema.default,
    schema.const,
    ...((schema.enum as unknown[] | undefined) ?? []),
    ...FIXED_SAMPLES,
  ];
  const found = given.find(fits);
  if (found !== undefined || typeof schema.pattern !== 'string') return found;
  // A pattern of its own (a username, a currency code): a value written from the pattern.
  return fc.sample(fc.stringMatching(new RegExp(schema.pattern, 'u')), { numRuns: 200, seed: 48 }).find(fits);
}

describe('one-line fields in the published document', () => {
  let t: TestApp;
  let doc: Schema;
  before(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  after(() => t.close());

  it('every one-line member of every request body refuses control characters anywhere in it', () => {
    const found: Found[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
      for (const [method, op] of Object.entries(item)) {
        const body = op.requestBody ? resolved(doc, op.requestBody) : undefined;
        for (const [type, media] of Object.entries((body?.content as Record<string, Schema> | undefined) ?? {}))
          oneLineStrings(doc, media.schema, `${method.toUpperCase()} ${path} (${type}) body`, false, found);
      }
    }
    assert.ok(
      found.length > 100,
      `only ${found.length} one-line members found: is the walk still reading the document?`,
    );
    // One problem per field: the first control character it lets through.
    const plain = new Map<string, string>();
    for (const { where, schema } of found) {
      const sample = validSample(schema);
      if (sample === undefined) {
        plain.set(where, `${where}: no accepted sample found to test with (give it an example)`);
        continue;
      }
      const check = validatorOf(schema);
      const at = [0, Math.floor(sample.length / 2), sample.length - 1];
      for (const c of CONTROLS)
        for (const i of at) {
          const spoiled = sample.slice(0, i) + c + sample.slice(i + 1);
          if (check(spoiled) && !plain.has(where))
            plain.set(where, `${where} accepts ${JSON.stringify(c)} in ${JSON.stringify(sample)}`);
        }
    }
    assert.deepEqual([...plain.values()], []);
  });
});

describe('one-line fields at the routes that write them', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const INJECTED = 'Ana,\r\n\r\nYour account is locked. Unlock it now: https://evil.example/unlock';
  let n = 0;
  const person = (over: Record<string, unknown> = {}) => {
    n += 1;
    return {
      username: `oneline${n}`,
      first_name: 'Ana',
      last_name: 'Silva',
      email: `oneline${n}@example.test`,
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
      ...over,
    };
  };

  function assertNamesField(
    res: { statusCode: number; body: string; json(): { code?: string; errors?: Record<string, string[]> } },
    field: string,
  ) {
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.json().code, 'VALIDATION_FAILED');
    assert.match(res.json().errors?.[field]?.[0] ?? '', /one line/, res.body);
  }

  it('registration (traveller and owner) refuses a name with line breaks, creates nothing and mails nothing', async () => {
    const traveller = person({ first_name: INJECTED });
    assertNamesField(
      await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: traveller }),
      'first_name',
    );
    const owner = person({ user_type: 'company', company_name: 'Acme\nLtd' });
    assertNamesField(
      await t.app.inject({ method: 'POST', url: '/api/auth/register-owner', payload: owner }),
      'company_name',
    );
    for (const p of [traveller, owner]) {
      assert.equal(
        (await t.app.inject({ method: 'GET', url: `/api/auth/check-account?login=${p.email}` })).json().data.exists,
        false,
      );
      assert.deepEqual(await t.mails(p.email), []);
    }
  });

  it('a profile update refuses a name with a line break, as JSON and as multipart, and changes nothing', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: bearer(token),
      payload: { first_name: INJECTED },
    });
    assertNamesField(json, 'first_name');
    const multipart = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: bearer(token),
      payload: form({ last_name: 'Silva\u2028Lima', city: 'Paris' }) as never,
    });
    assertNamesField(multipart, 'last_name');
    const profile = (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) })).json()
      .data;
    assert.equal(profile.first_name, u.firstName);
    assert.notEqual(profile.city, 'Paris', 'nothing of a refused update is written');
  });

  it('a tab is refused too, while a multi-line member keeps its line breaks', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const tab = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: bearer(token),
      payload: { job: 'Chef\tde cuisine' },
    });
    assertNamesField(tab, 'job');
    const details = 'Ground floor.\nRing twice.';
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: bearer(token),
      payload: { place_details: details },
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().data.place_details, details);
  });

  it('staff accounts refuse such names too', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: bearer(await loginAs(t.app, admin)),
      payload: {
        username: 'staff_one_line',
        first_name: 'Eve',
        last_name: 'Doe\r\nP.S.',
        email: 'eve@example.test',
        role: 'support',
      },
    });
    assertNamesField(res, 'last_name');
  });
});

describe('mails built from a name stored before one-line fields were checked', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('greet on one line: the stored line breaks cannot start a paragraph of the text part', async () => {
    const u = await createUser(t.deps);
    const injected = 'Ana,\r\n\r\nYour account is locked. Unlock it now: https://evil.example/unlock\r\n\r\nHello Ana';
    await usersRepository(t.deps.db).update(u.id, { firstName: injected }, t.deps.clock.now());
    const res = await t.app.inject({ method: 'POST', url: '/api/password_reset/request', payload: { email: u.email } });
    assert.equal(res.statusCode, 200, res.body);
    const [mail] = await t.mails(u.email);
    assert.ok(mail, 'the reset code was mailed');
    assert.ok(
      mail.text.includes('Hello Ana, Your account is locked. Unlock it now: https://evil.example/unlock Hello Ana,'),
      mail.text,
    );
    assert.ok(!/^Your account is locked/m.test(mail.text), mail.text);
  });
});
