import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { createProperty, countRows } from '../../../test/helpers/catalog-factories.ts';
import { propertyCommodities } from '../../db/schema/index.ts';
import { allPages, auditEntries, call, ROLES, tokensByRole, type Tokens } from './catalog.test-support.ts';

describe('commodities (amenities)', () => {
  let t: TestApp;
  let tokens: Tokens;
  before(async () => {
    t = await createTestApp();
    tokens = await tokensByRole(t);
  });
  after(() => t.close());

  it('GET /commodities is public: {id, name, type} sorted by group then name, filterable by type', async () => {
    for (const token of [null, tokens.client, tokens.owner, tokens.support, tokens.admin]) {
      assert.equal((await call(t, 'GET', '/commodities', token)).statusCode, 200);
    }
    const all = await allPages<{ id: number; name: string; type: string }>(t, '/commodities');
    assert.ok(all.length >= 30);
    assert.deepEqual(Object.keys(all[0]!).sort(), ['id', 'name', 'type']);
    const keys = all.map((c) => `${c.type}|${c.name.toLowerCase()}`);
    assert.deepEqual(keys, [...keys].sort());
    const safety = await call(t, 'GET', '/commodities?type=SAFETY&per_page=100', null);
    assert.equal(safety.statusCode, 200);
    const items = safety.json().data as Array<{ name: string; type: string }>;
    assert.ok(items.length >= 3 && items.every((c) => c.type === 'safety'));
    assert.ok(items.some((c) => c.name === 'Smoke alarm'));
    assert.equal(safety.json().meta.total, items.length);
    assert.deepEqual((await call(t, 'GET', '/commodities?type=nothing', null)).json().data, []);
  });

  it('writes are admin-only (401 / 403) and change nothing when refused', async () => {
    const id = (await call(t, 'POST', '/commodities', tokens.admin, { name: 'Piano', type: 'entertainment' })).json()
      .data.id;
    const before = await countRows(t.deps, 'commodities');
    const attempts = (token: string | null) => [
      call(t, 'POST', '/commodities', token, { name: 'Harp', type: 'entertainment' }),
      call(t, 'PUT', `/commodities/${id}`, token, { name: 'Harp' }),
      call(t, 'DELETE', `/commodities/${id}`, token),
    ];
    for (const res of await Promise.all(attempts(null))) assert.equal(res.statusCode, 401);
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      for (const res of await Promise.all(attempts(tokens[role]))) assert.equal(res.statusCode, 403, role);
    }
    assert.equal(await countRows(t.deps, 'commodities'), before);
  });

  it('admin creates and updates an amenity (audited); duplicate names 409; bad input 422 naming the field; unknown id 404', async () => {
    const res = await call(t, 'POST', '/commodities', tokens.admin, { name: ' Ski storage ', type: 'winter' });
    assert.equal(res.statusCode, 201, res.body);
    const c = res.json().data;
    assert.deepEqual({ name: c.name, type: c.type }, { name: 'Ski storage', type: 'winter' });
    const dup = await call(t, 'POST', '/commodities', tokens.admin, { name: 'WI-FI', type: 'essentials' });
    assert.equal(dup.statusCode, 409);
    assert.ok(dup.json().errors.name);
    const upd = await call(t, 'PUT', `/commodities/${c.id}`, tokens.admin, { type: 'outdoor' });
    assert.equal(upd.statusCode, 200, upd.body);
    assert.deepEqual(upd.json().data, { id: c.id, name: 'Ski storage', type: 'outdoor' });
    assert.equal((await call(t, 'PUT', `/commodities/${c.id}`, tokens.admin, { name: 'pool' })).statusCode, 409);
    for (const [body, field] of [
      [{ name: 'X' }, 'type'],
      [{ type: 'kitchen' }, 'name'],
      [{ name: 'X', type: 'Not A Key' }, 'type'],
      [{ name: '', type: 'kitchen' }, 'name'],
    ] as const) {
      const bad = await call(t, 'POST', '/commodities', tokens.admin, body);
      assert.equal(bad.statusCode, 422, JSON.stringify(body));
      assert.ok(bad.json().errors[field], bad.body);
    }
    assert.equal((await call(t, 'PUT', '/commodities/987654', tokens.admin, { name: 'Nope' })).statusCode, 404);
    const entries = await auditEntries(t, tokens.admin, 'commodity', c.id);
    assert.deepEqual(
      entries.map((e) => e.action),
      ['commodity.update', 'commodity.create'],
    );
    assert.deepEqual([entries[0]!.before, entries[0]!.after], [{ type: 'winter' }, { type: 'outdoor' }]);
  });

  it('DELETE refuses an amenity a listing offers (409) and deletes an unused one', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    const used = (await call(t, 'POST', '/commodities', tokens.admin, { name: 'Hammock', type: 'outdoor' })).json().data
      .id;
    await t.deps.db.insert(propertyCommodities).values({ propertyId: p.id, commodityId: used });
    const res = await call(t, 'DELETE', `/commodities/${used}`, tokens.admin);
    assert.equal(res.statusCode, 409);
    assert.match(res.json().message, /1 listing/);
    const unused = (
      await call(t, 'POST', '/commodities', tokens.admin, { name: 'Jukebox', type: 'entertainment' })
    ).json().data.id;
    assert.equal((await call(t, 'DELETE', `/commodities/${unused}`, tokens.admin)).statusCode, 200);
    assert.equal((await call(t, 'DELETE', `/commodities/${unused}`, tokens.admin)).statusCode, 404);
    assert.ok(!(await allPages(t, '/commodities')).some((c) => c.id === unused));
    assert.equal((await auditEntries(t, tokens.admin, 'commodity', unused, 'commodity.delete')).length, 1);
  });
});
