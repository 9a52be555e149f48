import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { countRows } from '../../../test/helpers/catalog-factories.ts';
import { packages, services } from '../../db/schema/index.ts';
import { createItem, errorFields, rulesWorld, type RulesWorld } from './property-rules.test-support.ts';

describe('packages and services', () => {
  let w: RulesWorld;
  let jpy: { id: number };
  before(async () => {
    w = await rulesWorld();
    jpy = await w.newListing({ currencyCode: 'JPY' });
  });
  after(() => w.close());

  it('a package price is kept in minor units and read back in the currency; is_global defaults to false', async () => {
    const made = await createItem(w, w.listing.id, 'packages', { name: 'Breakfast', price: 12.34 });
    assert.deepEqual(made, { id: made.id, name: 'Breakfast', price: 12.34, is_global: false });
    const [row] = await w.t.deps.db.select().from(packages).where(eq(packages.id, made.id));
    assert.equal(row!.price, 1234);
    const free = await createItem(w, w.listing.id, 'packages', { name: 'Welcome drink', price: 0, is_global: true });
    assert.deepEqual({ price: free.price, is_global: free.is_global }, { price: 0, is_global: true });
    const yen = await createItem(w, jpy.id, 'packages', { name: 'Onsen', price: 3000 });
    assert.equal(yen.price, 3000);
    const [yenRow] = await w.t.deps.db.select().from(packages).where(eq(packages.id, yen.id));
    assert.equal(yenRow!.price, 3000);
  });

  it('refuses invalid package and service fields with 422 naming them, and writes nothing', async () => {
    const before = { packages: await countRows(w.t.deps, 'packages'), services: await countRows(w.t.deps, 'services') };
    const cases: Array<['packages' | 'services', number, Record<string, unknown>, string]> = [
      ['packages', w.listing.id, { price: 10 }, 'name'],
      ['packages', w.listing.id, { name: 'x'.repeat(121), price: 10 }, 'name'],
      ['packages', w.listing.id, { name: 'Spa' }, 'price'],
      ['packages', w.listing.id, { name: 'Spa', price: -0.01 }, 'price'],
      ['packages', w.listing.id, { name: 'Spa', price: 1.005 }, 'price'],
      ['packages', w.listing.id, { name: 'Spa', price: 'cheap' }, 'price'],
      ['packages', w.listing.id, { name: 'Spa', price: 100_000_001 }, 'price'],
      ['packages', w.listing.id, { name: 'Spa', price: 10, is_global: 'sometimes' }, 'is_global'],
      ['packages', jpy.id, { name: 'Spa', price: 12.5 }, 'price'],
      ['services', w.listing.id, { name: 'Taxi', price: 20 }, 'type'],
      ['services', w.listing.id, { name: 'Taxi', price: 20, type: 'per_hour' }, 'type'],
      ['services', w.listing.id, { name: 'Taxi', price: -1, type: 'per_stay' }, 'price'],
      ['services', jpy.id, { name: 'Taxi', price: 0.5, type: 'per_stay' }, 'price'],
    ];
    for (const [kind, listing, body, field] of cases) {
      const res = await w.req('POST', `/properties/${listing}/${kind}`, 'owner', body);
      assert.equal(res.statusCode, 422, `${kind} ${JSON.stringify(body)}: ${res.body}`);
      assert.ok(errorFields(res).includes(field), `${field} in ${res.body}`);
    }
    assert.deepEqual(
      { packages: await countRows(w.t.deps, 'packages'), services: await countRows(w.t.deps, 'services') },
      before,
    );
  });

  it('services are charged per stay, night or guest; updates are partial', async () => {
    const types = [];
    for (const type of ['per_stay', 'per_night', 'per_guest'])
      types.push((await createItem(w, w.listing.id, 'services', { name: `S ${type}`, price: 7.5, type })).type);
    assert.deepEqual(types, ['per_stay', 'per_night', 'per_guest']);
    const made = await createItem(w, w.listing.id, 'services', { name: 'Cleaning', price: 25, type: 'per_stay' });
    const url = `/properties/${w.listing.id}/services/${made.id}`;
    const res = await w.req('PUT', url, 'owner', { price: 30.5 });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().data, { ...made, price: 30.5 });
    const [row] = await w.t.deps.db.select().from(services).where(eq(services.id, made.id));
    assert.equal(row!.price, 3050);
    const bad = await w.req('PUT', url, 'owner', { type: 'per_week' });
    assert.deepEqual(errorFields(bad), ['type']);
    const pkg = await createItem(w, w.listing.id, 'packages', { name: 'Late checkout', price: 15 });
    const flipped = await w.req('PUT', `/properties/${w.listing.id}/packages/${pkg.id}`, 'admin', { is_global: true });
    assert.deepEqual(flipped.json().data, { ...pkg, is_global: true });
    assert.equal(
      (await w.req('PUT', `/properties/${w.listing.id}/packages/${pkg.id}`, 'owner', {})).json().data.price,
      15,
      'an empty change changes nothing',
    );
  });
});
