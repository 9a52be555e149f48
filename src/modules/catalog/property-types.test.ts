import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { createProperty, countRows } from '../../../test/helpers/catalog-factories.ts';
import { allPages, auditEntries, call, ROLES, tokensByRole, type Tokens } from './catalog.test-support.ts';

describe('property types', () => {
  let t: TestApp;
  let tokens: Tokens;
  before(async () => {
    t = await createTestApp();
    tokens = await tokensByRole(t);
  });
  after(() => t.close());

  it('GET /property-types is public, sorted by name, with the spec fields (description null when absent)', async () => {
    const created = await call(t, 'POST', '/property-types', tokens.admin, { name: 'Yurt' });
    assert.equal(created.statusCode, 201, created.body);
    for (const token of [null, tokens.client, tokens.owner, tokens.support, tokens.admin]) {
      const res = await call(t, 'GET', '/property-types', token);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().success, true);
    }
    const res = await call(t, 'GET', '/property-types?per_page=2&page=1', null);
    assert.equal(res.json().data.length, 2);
    assert.deepEqual(Object.keys(res.json().meta).sort(), ['current_page', 'last_page', 'per_page', 'total']);
    const all = await allPages<Record<string, unknown>>(t, '/property-types');
    const names = all.map((p) => p.name as string);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const apartment = all.find((p) => p.name === 'Apartment')!;
    assert.deepEqual(Object.keys(apartment).sort(), ['created_at', 'description', 'id', 'name', 'updated_at']);
    assert.equal(typeof apartment.id, 'number');
    assert.match(apartment.created_at as string, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.equal(all.find((p) => p.name === 'Yurt')!.description, null);
    assert.equal((await call(t, 'GET', '/property-types?per_page=101', null)).statusCode, 422);
  });

  it('writes are admin-only: 401 anonymous, 403 client, owner and support, and nothing is written', async () => {
    const id = (await call(t, 'POST', '/property-types', tokens.admin, { name: 'Tipi' })).json().data.id;
    const before = await countRows(t.deps, 'property_types');
    const attempts = (token: string | null) => [
      call(t, 'POST', '/property-types', token, { name: 'Igloo' }),
      call(t, 'PUT', `/property-types/${id}`, token, { name: 'Igloo' }),
      call(t, 'DELETE', `/property-types/${id}`, token),
    ];
    for (const res of await Promise.all(attempts(null))) assert.equal(res.statusCode, 401);
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      for (const res of await Promise.all(attempts(tokens[role])))
        assert.equal(res.statusCode, 403, `${role}: ${res.body}`);
    }
    assert.equal(await countRows(t.deps, 'property_types'), before);
    assert.equal(
      (await allPages(t, '/property-types')).some((p) => p.name === 'Tipi'),
      true,
    );
  });

  it('admin creates, renames and describes a type, audited; names are unique whatever their case (409)', async () => {
    const res = await call(t, 'POST', '/property-types', tokens.admin, {
      name: '  Treehouse ',
      description: 'Up in the branches.',
    });
    assert.equal(res.statusCode, 201, res.body);
    const pt = res.json().data;
    assert.equal(pt.name, 'Treehouse');
    assert.equal(pt.description, 'Up in the branches.');
    const dup = await call(t, 'POST', '/property-types', tokens.admin, { name: 'TREEHOUSE' });
    assert.equal(dup.statusCode, 409);
    assert.deepEqual(Object.keys(dup.json().errors), ['name']);
    assert.equal(
      (await call(t, 'POST', '/property-types', tokens.admin, { name: 'apartment' })).statusCode,
      409,
      'seeded names count too',
    );

    t.clock.advance(60_000);
    const upd = await call(t, 'PUT', `/property-types/${pt.id}`, tokens.admin, {
      name: 'Tree house',
      description: null,
    });
    assert.equal(upd.statusCode, 200, upd.body);
    assert.equal(upd.json().data.name, 'Tree house');
    assert.equal(upd.json().data.description, null);
    assert.ok(upd.json().data.updated_at > pt.updated_at);
    assert.equal((await call(t, 'PUT', `/property-types/${pt.id}`, tokens.admin, { name: 'Villa' })).statusCode, 409);
    assert.equal(
      (await call(t, 'PUT', `/property-types/${pt.id}`, tokens.admin, { name: 'tree HOUSE' })).statusCode,
      200,
      'own name in another case',
    );

    const entries = await auditEntries(t, tokens.admin, 'property_type', pt.id);
    assert.deepEqual(
      entries.map((e) => e.action),
      ['property_type.update', 'property_type.update', 'property_type.create'],
    );
    assert.deepEqual(entries[1]!.before, { name: 'Treehouse', description: 'Up in the branches.' });
    assert.deepEqual(entries[1]!.after, { name: 'Tree house', description: null });
  });

  it('422 naming the field for bad input, 404 for an unknown id', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'Ok', description: 'x'.repeat(2001) }, 'description'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, 'POST', '/property-types', tokens.admin, body);
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      assert.ok(res.json().errors[field], `${JSON.stringify(body)} → ${res.body}`);
    }
    assert.equal((await call(t, 'PUT', '/property-types/987654', tokens.admin, { name: 'Nope' })).statusCode, 404);
    assert.equal((await call(t, 'DELETE', '/property-types/987654', tokens.admin)).statusCode, 404);
    assert.equal((await call(t, 'PUT', '/property-types/abc', tokens.admin, { name: 'Nope' })).statusCode, 422);
  });

  it('DELETE refuses a type any listing uses (409, drafts included) and deletes an unused one', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const used = (await call(t, 'POST', '/property-types', tokens.admin, { name: 'Houseboat' })).json().data.id;
    await createProperty(t.deps, owner.id, { typeId: used, status: 'draft' });
    const res = await call(t, 'DELETE', `/property-types/${used}`, tokens.admin);
    assert.equal(res.statusCode, 409);
    assert.match(res.json().message, /1 listing/);
    assert.ok((await allPages(t, '/property-types')).some((p) => p.id === used));

    const unused = (await call(t, 'POST', '/property-types', tokens.admin, { name: 'Windmill' })).json().data.id;
    const del = await call(t, 'DELETE', `/property-types/${unused}`, tokens.admin);
    assert.equal(del.statusCode, 200, del.body);
    assert.deepEqual(del.json(), { success: true, message: 'Property type deleted', data: null });
    assert.ok(!(await allPages(t, '/property-types')).some((p) => p.id === unused));
    assert.equal((await call(t, 'DELETE', `/property-types/${unused}`, tokens.admin)).statusCode, 404);
    const [entry] = await auditEntries(t, tokens.admin, 'property_type', unused, 'property_type.delete');
    assert.deepEqual(entry!.before, { name: 'Windmill', description: null });
  });
});
