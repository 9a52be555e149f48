import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createProperty, createPropertyType, ensureCurrency } from '../../../test/helpers/catalog-factories.ts';
import { commodities, currencies, propertyCommodities } from '../../db/schema/index.ts';
import { actors, getter, idsOf, type Actors } from './property-search.test-support.ts';

// Great-circle distance as the service computes it, for expectations.
function km(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(lat2 - lat1) / 2) ** 2 + Math.cos(r(lat1)) * Math.cos(r(lat2)) * Math.sin(r(lng2 - lng1) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

describe('search filters and sorting', () => {
  let t: TestApp;
  let a: Actors;
  let get: ReturnType<typeof getter>;
  const mk = async (over: Parameters<typeof createProperty>[2] = {}) =>
    (await createProperty(t.deps, a.users.owner.id, over)).id;

  before(async () => {
    t = await createTestApp();
    a = await actors(t);
    get = getter(t);
  });
  after(() => t.close());

  it('q matches the public name, description or address case-insensitively (never the internal name); % is literal', async () => {
    const type = await createPropertyType(t.deps);
    const byName = await mk({ typeId: type, publicName: 'Villa Azur' });
    const byDesc = await mk({ typeId: type, description: 'Wide terrace facing the AZURE sea, quiet.' });
    const byAddr = await mk({ typeId: type, address: '3 Chemin Azur, Nice' });
    await mk({ typeId: type, internalName: 'azur internal' });
    assert.deepEqual(await idsOf(get(`/api/properties/public?type=${type}&q=aZuR`)), [byAddr, byDesc, byName]);
    assert.deepEqual(await idsOf(get(`/api/properties/filter?type=${type}&q=%25`)), []);
    assert.equal(
      (await idsOf(get(`/api/properties/public?type=${type}&q=%20%20`))).length,
      4,
      'a blank q is no filter',
    );
  });

  it('type and address narrow the set', async () => {
    const t1 = await createPropertyType(t.deps);
    const t2 = await createPropertyType(t.deps);
    const x = await mk({ typeId: t1, address: '12 Kanalstraat, Gent' });
    const y = await mk({ typeId: t2, address: '14 Kanalstraat, Gent' });
    assert.deepEqual(await idsOf(get(`/api/properties/public?type=${t1}`)), [x]);
    assert.deepEqual(await idsOf(get('/api/properties/public?address=KANALSTRAAT')), [y, x]);
    assert.deepEqual(await idsOf(get(`/api/properties/filter?address=kanalstraat&type=${t2}`)), [y]);
  });

  it('min_price/max_price compare price_per_night converted into the requested currency; sort=price and -price use it too', async () => {
    const type = await createPropertyType(t.deps);
    await ensureCurrency(t.deps, 'EUR');
    await t.deps.db.update(currencies).set({ exchangeRate: '1' }).where(eq(currencies.code, 'EUR'));
    await t.deps.db.insert(currencies).values([
      { code: 'XTS', name: 'Test', symbol: 'T', decimals: 2, exchangeRate: '2' },
      { code: 'XJT', name: 'Test yen', symbol: 'Y', decimals: 0, exchangeRate: '100' },
    ]);
    const eur120 = await mk({ typeId: type, pricePerNight: 12000 });
    const eur80 = await mk({ typeId: type, pricePerNight: 8000 });
    const xts300 = await mk({ typeId: type, currencyCode: 'XTS', pricePerNight: 30000 }); // 150 EUR
    const xjt10000 = await mk({ typeId: type, currencyCode: 'XJT', pricePerNight: 10000 }); // 100 EUR
    const q = (s: string) => idsOf(get(`/api/properties/public?type=${type}&${s}`));
    assert.deepEqual(await q('currency=EUR&min_price=100&max_price=120&sort=price'), [xjt10000, eur120]);
    assert.deepEqual(await q('currency=eur&min_price=120'), [xts300, eur120]);
    assert.deepEqual(await q('currency=XTS&max_price=200&sort=-price'), [xjt10000, eur80], '200 XTS = 100 EUR');
    assert.deepEqual(await q('currency=EUR&sort=price'), [eur80, xjt10000, eur120, xts300]);
    assert.deepEqual(await q('currency=EUR&min_price=80.5'), [xjt10000, xts300, eur120]);
    const card = (await get(`/api/properties/public?type=${type}&currency=EUR&sort=price`)).json().data;
    assert.deepEqual(
      card.map((c: { price_per_night: string; currency: string }) => `${c.price_per_night} ${c.currency}`),
      ['80.00 EUR', '10000 XJT', '120.00 EUR', '300.00 XTS'],
      "cards keep the listing's own currency",
    );
    const unknown = await get(`/api/properties/public?currency=ABC&min_price=1`);
    assert.equal(unknown.statusCode, 422);
    assert.ok(unknown.json().errors.currency);
  });

  it('commodities=1,2 keeps listings that have all of them', async () => {
    const type = await createPropertyType(t.deps);
    const [c1, c2] = await t.deps.db
      .insert(commodities)
      .values([
        { name: `Pool ${process.pid}`, type: 'outdoor' },
        { name: `Gym ${process.pid}`, type: 'wellness' },
      ])
      .returning();
    const both = await mk({ typeId: type });
    const one = await mk({ typeId: type });
    await mk({ typeId: type });
    await t.deps.db.insert(propertyCommodities).values([
      { propertyId: both, commodityId: c1!.id },
      { propertyId: both, commodityId: c2!.id },
      { propertyId: one, commodityId: c1!.id },
    ]);
    assert.deepEqual(await idsOf(get(`/api/properties/public?type=${type}&commodities=${c1!.id},${c2!.id}`)), [both]);
    assert.deepEqual(await idsOf(get(`/api/properties/public?type=${type}&commodities=${c1!.id}`)), [one, both]);
    assert.deepEqual(
      await idsOf(get(`/api/properties/public?type=${type}&commodities=${c2!.id}, ${c1!.id},${c2!.id}`)),
      [both],
    );
  });

  it('near + radius_km keeps listings within the great-circle distance; sort=distance orders by it and cards carry distance_km', async () => {
    const center = { lat: -33.9249, lng: 18.4241 };
    const at = async (dLat: number, dLng: number) => mk({ latitude: center.lat + dLat, longitude: center.lng + dLng });
    const near1 = await at(0.009, 0); // ≈ 1 km north
    const near5 = await at(0, 0.054); // ≈ 5 km east
    const mid12 = await at(-0.108, 0); // ≈ 12 km south
    await at(0.27, 0); // ≈ 30 km north
    const url = `/api/properties/public?near=${center.lat},${center.lng}`;
    const res = (await get(`${url}&radius_km=10&sort=distance`)).json();
    assert.deepEqual(
      res.data.map((c: { id: number }) => c.id),
      [near1, near5],
    );
    const expected = [
      km(center.lat, center.lng, center.lat + 0.009, center.lng),
      km(center.lat, center.lng, center.lat, center.lng + 0.054),
    ];
    res.data.forEach((c: { distance_km: number }, i: number) => {
      assert.ok(Math.abs(c.distance_km - expected[i]!) < 0.006, `${c.distance_km} vs ${expected[i]}`);
    });
    assert.deepEqual(await idsOf(get(`${url}&radius_km=20`)), [mid12, near5, near1], 'default order stays newest');
    assert.deepEqual((await idsOf(get(`${url}`))).sort(), [near1, near5, mid12].sort(), 'radius_km defaults to 25');
    assert.equal(
      'distance_km' in (await get('/api/properties/public')).json().data[0],
      false,
      'no distance without near',
    );
  });

  it('near works across the antimeridian and close to a pole', async () => {
    const east = await mk({ latitude: 0, longitude: 179.95 });
    const west = await mk({ latitude: 0, longitude: -179.95 });
    assert.deepEqual(await idsOf(get('/api/properties/public?near=0,179.99&radius_km=20&sort=distance')), [east, west]);
    assert.deepEqual(await idsOf(get('/api/properties/public?near=0,-179.99&radius_km=20&sort=distance')), [
      west,
      east,
    ]);
    const polar = await mk({ latitude: 89.95, longitude: -120 });
    assert.deepEqual(
      await idsOf(get('/api/properties/public?near=89.95,60&radius_km=20')),
      [polar],
      'across the pole (11 km)',
    );
  });

  it('sort=rating puts the best average first and unrated listings last', async () => {
    const type = await createPropertyType(t.deps);
    const unrated = await mk({ typeId: type });
    const good = await mk({ typeId: type, ratingSum: 14, ratingCount: 3 });
    const best = await mk({ typeId: type, ratingSum: 5, ratingCount: 1 });
    const res = (await get(`/api/properties/public?type=${type}&sort=rating`)).json().data;
    assert.deepEqual(
      res.map((c: { id: number; rating: string }) => [c.id, c.rating]),
      [
        [best, '5.0'],
        [good, '4.7'],
        [unrated, '0.0'],
      ],
    );
  });

  it('refuses bad filters with 422 naming the field', async () => {
    const d = (n: number) => new Date(t.clock.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[string, string]> = [
      [`checkin_date=${d(3)}`, 'checkout_date'],
      [`checkout_date=${d(3)}`, 'checkin_date'],
      [`checkin_date=${d(3)}&checkout_date=${d(3)}`, 'checkout_date'],
      [`checkin_date=${d(4)}&checkout_date=${d(3)}`, 'checkout_date'],
      [`checkin_date=${d(3)}&checkout_date=${d(369)}`, 'checkout_date'],
      [`checkin_date=${d(-5)}&checkout_date=${d(3)}`, 'checkin_date'],
      [`checkin_date=2031-02-30&checkout_date=2031-03-02`, 'checkin_date'],
      [`checkin_date=03/02/2031&checkout_date=2031-03-05`, 'checkin_date'],
      ['guests=0', 'guests'],
      ['guests=two', 'guests'],
      ['near=paris', 'near'],
      ['near=91,0', 'near'],
      ['near=10,181', 'near'],
      ['near=10,10&radius_km=0', 'radius_km'],
      ['near=10,10&radius_km=501', 'radius_km'],
      ['near=10,10&radius_km=-3', 'radius_km'],
      ['radius_km=5', 'radius_km'],
      ['sort=distance', 'sort'],
      ['sort=cheapest', 'sort'],
      ['commodities=1,x', 'commodities'],
      ['commodities=', 'commodities'],
      [`commodities=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`, 'commodities'],
      ['min_price=50&max_price=10', 'min_price'],
      ['min_price=-1', 'min_price'],
      ['type=abc', 'type'],
      ['currency=EURO', 'currency'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['/api/properties/public', '/api/properties/filter']) {
        const res = await get(`${path}?${query}`);
        assert.equal(res.statusCode, 422, `${path}?${query}: ${res.body}`);
        assert.ok(res.json().errors?.[field], `${query} names ${field}: ${res.body}`);
      }
    }
    const status = await get('/api/properties/filter?status=deleted', a.tokens.admin);
    assert.equal(status.statusCode, 422);
    assert.ok(status.json().errors.status);
    assert.ok((await get('/api/properties?visibility=2', a.tokens.admin)).json().errors.visibility);
    assert.equal(
      (await get(`/api/properties/public?checkin_date=${d(0)}&checkout_date=${d(365)}`)).statusCode,
      200,
      '365 nights is allowed',
    );
  });
});
