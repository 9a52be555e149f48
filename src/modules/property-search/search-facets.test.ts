import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import {
  createProperty,
  createPropertyType,
  ensureCountry,
  ensureCurrency,
} from '../../../test/helpers/catalog-factories.ts';
import { commodities, currencies, neighborhoods, propertyCommodities } from '../../db/schema/index.ts';
import { actors, getter, type Actors } from './property-search.test-support.ts';
import { queryBuilt } from '../../db/raw-query.ts';
import { roundWidthSql } from './search-facets.repository.ts';

interface Facets {
  types: Array<{ id: number; name: string; count: number }>;
  commodities: Array<{ id: number; name: string; count: number }>;
  neighborhoods: Array<{ id: number; name: string; count: number }>;
  price: Array<{ min: number; max: number; count: number }>;
}

describe('search facets (facets=1)', () => {
  let t: TestApp;
  let a: Actors;
  let get: ReturnType<typeof getter>;
  let typeIds: number[];
  let commodityIds: number[];
  let hoodIds: number[];
  let universe = 0;

  before(async () => {
    t = await createTestApp();
    a = await actors(t);
    get = getter(t);
    const country = await ensureCountry(t.deps);
    await ensureCurrency(t.deps, 'EUR');
    await t.deps.db.update(currencies).set({ exchangeRate: '1' }).where(eq(currencies.code, 'EUR'));
    await t.deps.db
      .insert(currencies)
      .values({ code: 'XTS', name: 'Test', symbol: 'T', decimals: 2, exchangeRate: '2' })
      .onConflictDoNothing();
    typeIds = [
      await createPropertyType(t.deps, `Loft ${process.pid}`),
      await createPropertyType(t.deps, `Barn ${process.pid}`),
      await createPropertyType(t.deps, `Yurt ${process.pid}`),
    ];
    const cs = await t.deps.db
      .insert(commodities)
      .values([
        { name: `Sauna ${process.pid}`, type: 'wellness' },
        { name: `Piano ${process.pid}`, type: 'leisure' },
        { name: `Dock ${process.pid}`, type: 'outdoor' },
      ])
      .returning();
    commodityIds = cs.map((c) => c.id);
    const hs = await t.deps.db
      .insert(neighborhoods)
      .values([
        { countryCode: country, city: 'Paris', name: `Marais ${process.pid}` },
        { countryCode: country, city: 'Paris', name: `Belleville ${process.pid}` },
      ])
      .returning();
    hoodIds = hs.map((h) => h.id);
  });
  after(() => t.close());

  interface Listing {
    type: number;
    hood: number | null;
    commodities: boolean[];
    price: number; // minor units
    xts: boolean;
    active: boolean;
  }

  /** A fresh catalogue under its own address, so searches with `address=` see it alone. */
  async function catalogue(listings: Listing[]): Promise<string> {
    const address = `Facet street ${process.pid}-${++universe}`;
    for (const l of listings) {
      const p = await createProperty(t.deps, a.users.owner.id, {
        address,
        typeId: typeIds[l.type],
        neighborhoodId: l.hood === null ? null : hoodIds[l.hood],
        pricePerNight: l.price,
        currencyCode: l.xts ? 'XTS' : 'EUR',
        status: l.active ? 'active' : 'inactive',
      });
      const own = commodityIds.filter((_, i) => l.commodities[i]);
      if (own.length)
        await t.deps.db
          .insert(propertyCommodities)
          .values(own.map((commodityId) => ({ propertyId: p.id, commodityId })));
    }
    return encodeURIComponent(address);
  }

  async function search(
    path: string,
    query: string,
    token?: string,
  ): Promise<{ total: number; facets?: Facets; body: string }> {
    const res = await get(`${path}?${query}`, token);
    assert.equal(res.statusCode, 200, `${path}?${query}: ${res.body}`);
    const body = res.json();
    return { total: body.meta.total, facets: body.facets, body: res.body };
  }

  it('counts per type, neighborhood and price bucket without its own filter, per commodity as if added; absent without facets=1', async () => {
    const address = await catalogue([
      { type: 0, hood: 0, commodities: [true, true, false], price: 8000, xts: false, active: true },
      { type: 0, hood: 1, commodities: [true, false, false], price: 12000, xts: false, active: true },
      { type: 1, hood: 0, commodities: [false, true, false], price: 30000, xts: true, active: true }, // 150 EUR
      { type: 1, hood: null, commodities: [true, false, false], price: 9500, xts: false, active: true },
      { type: 2, hood: 0, commodities: [true, true, true], price: 50000, xts: false, active: false }, // not public
    ]);
    const q = `address=${address}&currency=EUR&type=${typeIds[0]}&commodities=${commodityIds[0]}`;
    const { total, facets } = await search('/api/properties/public', `${q}&facets=1`);
    assert.equal(total, 2);
    assert.deepEqual(facets, {
      types: [
        { id: typeIds[0], name: `Loft ${process.pid}`, count: 2 },
        { id: typeIds[1], name: `Barn ${process.pid}`, count: 1 },
      ],
      commodities: [
        { id: commodityIds[0], name: `Sauna ${process.pid}`, count: 2 },
        { id: commodityIds[1], name: `Piano ${process.pid}`, count: 1 },
      ],
      neighborhoods: [
        { id: hoodIds[1], name: `Belleville ${process.pid}`, count: 1 },
        { id: hoodIds[0], name: `Marais ${process.pid}`, count: 1 },
      ],
      // 80 and 120 EUR: a span of 40 cut into widths of 5.
      price: Array.from({ length: 9 }, (_, i) => ({
        min: 80 + 5 * i,
        max: 85 + 5 * i,
        count: i === 0 || i === 8 ? 1 : 0,
      })),
    });
    // With Piano sent, Sauna counts the listings having both (the first), not every Sauna (three).
    const piano = await search('/api/properties/public', `address=${address}&commodities=${commodityIds[1]}&facets=1`);
    assert.deepEqual(
      piano.facets!.commodities.map((f) => [f.id, f.count]),
      [
        [commodityIds[1], 2],
        [commodityIds[0], 1],
      ],
    );
    const xts = await search('/api/properties/public', `address=${address}&currency=XTS&facets=1`);
    assert.deepEqual(
      xts.facets!.price.map((b) => [b.min, b.max, b.count]).filter((b) => b[2]),
      [
        [160, 180, 1],
        [180, 200, 1],
        [240, 260, 1],
        [300, 320, 1],
      ],
      'in XTS: 160, 190, 240, 300',
    );
    // The admin reaches the inactive listing through status on /filter; facets follow the scope.
    const staff = await search('/api/properties/filter', `address=${address}&status=inactive&facets=1`, a.tokens.admin);
    assert.deepEqual(
      staff.facets!.types.map((f) => [f.id, f.count]),
      [[typeIds[2], 1]],
    );
    for (const path of ['/api/properties/public', '/api/properties/filter']) {
      const plain = await search(path, q);
      assert.equal(plain.facets, undefined);
      assert.equal((await search(path, `${q}&facets=0`)).body, plain.body, 'facets=0 changes nothing');
      assert.equal(JSON.stringify(JSON.parse(plain.body)), plain.body);
      // A full page takes its total from the facets statement: the same as the count it replaces.
      const full = JSON.parse((await search(path, `address=${address}&per_page=1&facets=1`)).body);
      assert.deepEqual(
        [full.data.length, full.meta],
        [1, JSON.parse((await search(path, `address=${address}&per_page=1`)).body).meta],
      );
      assert.equal(full.meta.total, 4);
    }
    assert.equal(
      (await search('/api/properties/public', `address=${address}&neighborhood=${hoodIds[0]}`)).total,
      2,
      'the neighborhood filter: the first and third',
    );
    assert.ok((await get('/api/properties/public?neighborhood=abc')).json().errors?.neighborhood);
    const none = await search('/api/properties/public', `address=nowhere-${process.pid}&facets=1`);
    assert.deepEqual(none.facets, { types: [], commodities: [], neighborhoods: [], price: [] });
  });

  it('refuses facets other than 0 or 1 with 422 naming facets', async () => {
    for (const path of ['/api/properties/public', '/api/properties/filter']) {
      for (const v of ['2', 'yes', 'true', '']) {
        const res = await get(`${path}?facets=${v}`);
        assert.equal(res.statusCode, 422, `${path}?facets=${v}: ${res.body}`);
        assert.ok(res.json().errors?.facets, res.body);
      }
    }
  });

  it('property: applying any facet value as a filter gives a meta.total equal to its count', async () => {
    const listing = fc
      .record({
        type: fc.integer({ min: 0, max: 2 }),
        hood: fc.option(fc.integer({ min: 0, max: 1 })),
        commodities: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
        price: fc.integer({ min: 1000, max: 60000 }),
        xts: fc.boolean(),
        active: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
      })
      .map((l): Listing => ({ ...l, commodities: [...l.commodities] }));
    const filters = fc.record({
      type: fc.option(fc.integer({ min: 0, max: 2 })),
      hood: fc.option(fc.integer({ min: 0, max: 1 })),
      commodities: fc.subarray([0, 1, 2]),
      min: fc.option(fc.integer({ min: 0, max: 300 })),
      span: fc.option(fc.integer({ min: 0, max: 400 })),
      currency: fc.constantFrom('EUR', 'XTS'),
      path: fc.constantFrom('/api/properties/public', '/api/properties/filter'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(listing, { minLength: 0, maxLength: 10 }), filters, async (listings, f) => {
        const address = await catalogue(listings);
        const base: Record<string, string> = { address, currency: f.currency };
        if (f.type !== null) base.type = String(typeIds[f.type]);
        if (f.hood !== null) base.neighborhood = String(hoodIds[f.hood]);
        if (f.commodities.length) base.commodities = f.commodities.map((i) => commodityIds[i]).join(',');
        if (f.min !== null) base.min_price = String(f.min);
        if (f.span !== null) base.max_price = String((f.min ?? 0) + f.span);
        const qs = (o: Record<string, string | undefined>) =>
          Object.entries(o)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => `${k}=${v}`)
            .join('&');
        const total = async (o: Record<string, string | undefined>) => (await search(f.path, qs(o))).total;
        const { facets } = await search(f.path, qs({ ...base, facets: '1' }));
        assert.ok(facets);
        for (const v of facets.types)
          assert.equal(await total({ ...base, type: String(v.id) }), v.count, `type ${v.id}`);
        for (const v of facets.neighborhoods)
          assert.equal(await total({ ...base, neighborhood: String(v.id) }), v.count, `neighborhood ${v.id}`);
        // Commodities add up: a count is what adding that one to those sent gives.
        const sent = f.commodities.map((i) => commodityIds[i]!);
        for (const v of facets.commodities) {
          assert.equal(
            await total({ ...base, commodities: [...new Set([...sent, v.id])].join(',') }),
            v.count,
            `commodity ${v.id}`,
          );
        }
        for (const b of facets.price) {
          // Buckets are [min, max); the price filter includes both ends.
          const upTo = await total({ ...base, min_price: String(b.min), max_price: String(b.max) });
          const atMax = await total({ ...base, min_price: String(b.max), max_price: String(b.max) });
          assert.equal(upTo - atMax, b.count, `bucket ${b.min}–${b.max}`);
        }
        // Every value of a facet is listed: the counts of types add up to the listings with a type.
        const withoutType = await total({ ...base, type: undefined });
        assert.equal(
          facets.types.reduce((s, v) => s + v.count, 0),
          withoutType,
        );
        const withoutPrice = await total({ ...base, min_price: undefined, max_price: undefined });
        assert.equal(
          facets.price.reduce((s, v) => s + v.count, 0),
          withoutPrice,
        );
      }),
      { numRuns: 25 },
    );
  });
  it('property: the histogram width is the smallest 1, 2 or 5 × 10^k (at least 1) not under a tenth of the price range', async () => {
    const reference = (raw: number): number => {
      if (raw <= 1) return 1;
      for (let e = 0; ; e++) for (const k of [1, 2, 5]) if (k * 10 ** e >= raw) return k * 10 ** e;
    };
    // Round widths and their neighbours (where a comparison could go either way), and any range.
    const near = fc
      .tuple(fc.constantFrom(1, 2, 5, 10), fc.integer({ min: 0, max: 8 }), fc.constantFrom(-0.0001, 0, 0.0001))
      .map(([k, e, d]) => Math.max(0, k * 10 ** e + d).toFixed(4));
    const any = fc.integer({ min: 0, max: 2_000_000_000 }).map((n) => (n / 10_000).toFixed(4));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(near, any), { minLength: 1, maxLength: 40 }), async (raws) => {
        const rows = await queryBuilt<{ raw: string; width: number }>(
          t.deps.db,
          sql`SELECT r::text AS raw, ${roundWidthSql(sql.raw('r'))}::float8 AS width FROM unnest(${`{${raws.join(',')}}`}::numeric[]) r`,
        );
        for (const r of rows) assert.equal(r.width, reference(Number(r.raw)), `a tenth of the range ${r.raw}`);
      }),
      { numRuns: 50 },
    );
  });
});
