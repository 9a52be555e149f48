import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { countRows } from '../../../test/helpers/catalog-factories.ts';
import { allPages, auditEntries, call, ROLES, tokensByRole, type Tokens } from './catalog.test-support.ts';

describe('countries and neighborhoods', () => {
  let t: TestApp;
  let tokens: Tokens;
  before(async () => {
    t = await createTestApp();
    tokens = await tokensByRole(t);
  });
  after(() => t.close());

  it('GET /countries: public, every ISO code as id with its name, sorted by name, paginated', async () => {
    for (const token of [null, tokens.client, tokens.owner, tokens.support, tokens.admin]) {
      assert.equal((await call(t, 'GET', '/countries', token)).statusCode, 200);
    }
    const first = (await call(t, 'GET', '/countries', null)).json();
    assert.equal(first.data.length, 20);
    assert.deepEqual(first.meta, { current_page: 1, per_page: 20, total: 249, last_page: 13 });
    const all = await allPages<{ id: string; name: string }>(t, '/countries');
    assert.equal(all.length, 249);
    assert.deepEqual(Object.keys(all[0]!).sort(), ['id', 'name']);
    assert.ok(all.some((c) => c.id === 'JP' && c.name === 'Japan'));
    assert.equal(new Set(all.map((c) => c.id)).size, 249);
  });

  it('GET /countries?q= matches the exact code or part of the name, case-insensitively; wildcards are literal', async () => {
    const q = async (text: string) =>
      (await call(t, 'GET', `/countries?q=${encodeURIComponent(text)}&per_page=100`, null)).json().data as Array<{
        id: string;
        name: string;
      }>;
    assert.deepEqual((await q('fr')).map((c) => c.id).includes('FR'), true);
    assert.ok((await q('fr')).every((c) => c.id === 'FR' || /fr/i.test(c.name)));
    assert.deepEqual(
      (await q('KINGDOM')).map((c) => c.id),
      ['GB'],
    );
    assert.deepEqual(await q('%'), []);
    assert.deepEqual(await q('_'), []);
  });

  it('GET /neighborhoods?country=: public, {id, country, city, name}, optional city, 422 for unknown or missing country', async () => {
    for (const token of [null, tokens.client, tokens.owner, tokens.support, tokens.admin]) {
      assert.equal((await call(t, 'GET', '/neighborhoods?country=FR', token)).statusCode, 200);
    }
    const fr = (await call(t, 'GET', '/neighborhoods?country=fr&per_page=100', null)).json().data as Array<
      Record<string, unknown>
    >;
    assert.ok(fr.length >= 4);
    assert.deepEqual(Object.keys(fr[0]!).sort(), ['city', 'country', 'id', 'name']);
    assert.ok(fr.every((n) => n.country === 'FR'));
    assert.ok(fr.some((n) => n.city === 'Paris' && n.name === 'Montmartre'));
    const keys = fr.map((n) => `${(n.city as string).toLowerCase()}|${(n.name as string).toLowerCase()}`);
    assert.deepEqual(keys, [...keys].sort());
    const paris = (await call(t, 'GET', '/neighborhoods?country=FR&city=paris&per_page=100', null)).json()
      .data as Array<Record<string, unknown>>;
    assert.ok(paris.length >= 4 && paris.every((n) => n.city === 'Paris'));
    assert.deepEqual(
      (await call(t, 'GET', '/neighborhoods?country=AQ', null)).json().data,
      [],
      'a known country without neighborhoods',
    );
    for (const url of ['/neighborhoods?country=XX', '/neighborhoods', '/neighborhoods?country=FRA']) {
      const res = await call(t, 'GET', url, null);
      assert.equal(res.statusCode, 422, url);
      assert.ok(res.json().errors.country, res.body);
    }
  });

  it('POST /neighborhoods: admin only, unique per city (409), unknown country 422, audited', async () => {
    const body = { country: 'pt', city: 'Lisbon', name: 'Graça' };
    const before = await countRows(t.deps, 'neighborhoods');
    assert.equal((await call(t, 'POST', '/neighborhoods', null, body)).statusCode, 401);
    for (const role of ROLES.filter((r) => r !== 'admin'))
      assert.equal((await call(t, 'POST', '/neighborhoods', tokens[role], body)).statusCode, 403, role);
    assert.equal(await countRows(t.deps, 'neighborhoods'), before);
    const res = await call(t, 'POST', '/neighborhoods', tokens.admin, body);
    assert.equal(res.statusCode, 201, res.body);
    const n = res.json().data;
    assert.deepEqual({ ...n, id: 0 }, { id: 0, country: 'PT', city: 'Lisbon', name: 'Graça' });
    assert.equal(
      (await call(t, 'POST', '/neighborhoods', tokens.admin, { country: 'PT', city: 'LISBON', name: 'graça' }))
        .statusCode,
      409,
    );
    assert.equal(
      (await call(t, 'POST', '/neighborhoods', tokens.admin, { country: 'PT', city: 'Porto', name: 'Graça' }))
        .statusCode,
      201,
      'same name, other city',
    );
    const unknown = await call(t, 'POST', '/neighborhoods', tokens.admin, {
      country: 'QQ',
      city: 'Nowhere',
      name: 'Centre',
    });
    assert.equal(unknown.statusCode, 422);
    assert.ok(unknown.json().errors.country);
    const missing = await call(t, 'POST', '/neighborhoods', tokens.admin, { country: 'PT', name: 'Centre' });
    assert.equal(missing.statusCode, 422);
    assert.ok(missing.json().errors.city);
    const [entry] = await auditEntries(t, tokens.admin, 'neighborhood', n.id, 'neighborhood.create');
    assert.deepEqual(entry!.after, { country: 'PT', city: 'Lisbon', name: 'Graça' });
  });
});
