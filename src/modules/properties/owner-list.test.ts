import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { properties, propertyMedias } from '../../db/schema/index.ts';
import { world, type World } from './properties.test-support.ts';

const ENCODED = [
  'features',
  'commodities',
  'rules',
  'wifi_informations',
  'cancellation_policy',
  'specifications',
  'some_informations',
];

describe('GET /properties/owner/{userId}: the second read variant', () => {
  let w: World;
  let a: Record<string, any>;
  let b: Record<string, any>;
  const list = (who: Parameters<World['req']>[2], query = '', userId = w.users.owner.id) =>
    w.req('GET', `/properties/owner/${userId}${query}`, who);
  before(async () => {
    w = await world();
    a = await w.create('owner', w.full({ features: ['Pool'], commodities: [w.refs.commodityIds[0]] }));
    b = await w.create(
      'owner',
      w.full({ features: ['Garden', 'Sauna'], commodities: [w.refs.commodityIds[1]], wifi_informations: null }),
    );
    await w.t.deps.db
      .insert(propertyMedias)
      .values({ propertyId: b.id, mediaType: 'image', storageKey: 'media/b.jpg', mime: 'image/jpeg' });
    await w.create('otherOwner', w.full());
  });
  after(() => w.close());

  it("returns the owner's listings, newest first, with the nested members as JSON strings that parse back to the read form", async () => {
    const res = await list('owner');
    assert.equal(res.statusCode, 200, res.body);
    const { data, meta } = res.json();
    assert.deepEqual(
      data.map((p: { id: number }) => p.id),
      [b.id, a.id],
    );
    assert.deepEqual(meta, { current_page: 1, per_page: 20, total: 2, last_page: 1 });
    for (const item of data) {
      const read = (await w.req('GET', `/properties/${item.id}`, 'owner')).json().data;
      for (const member of ENCODED) assert.equal(typeof item[member], 'string', member);
      for (const member of ENCODED.filter((m) => m !== 'wifi_informations'))
        assert.deepEqual(JSON.parse(item[member]), read[member], member);
      assert.equal(typeof item.price_per_night, 'string');
      assert.equal(item.visibility, 1);
      assert.deepEqual(item.medias, read.medias, 'other members as the read form');
    }
    // each listing keeps its own rows when read in one batch
    assert.deepEqual(JSON.parse(data[0].features), ['Garden', 'Sauna']);
    assert.deepEqual(
      JSON.parse(data[1].commodities).map((c: { id: number }) => c.id),
      [w.refs.commodityIds[0]],
    );
    assert.equal(data[0].medias.length, 1);
    assert.equal(data[1].medias.length, 0);
  });

  it('Wi-Fi details go to the owner and admin; support gets "null"', async () => {
    const wifiOf = async (who: 'owner' | 'admin' | 'support') =>
      (await list(who)).json().data.map((p: { wifi_informations: string }) => JSON.parse(p.wifi_informations));
    const expected = [null, { network: 'marais-flat', password: 'wifi-secret-42', speed: '300 Mbps' }];
    assert.deepEqual(await wifiOf('owner'), expected);
    assert.deepEqual(await wifiOf('admin'), expected);
    assert.deepEqual(await wifiOf('support'), [null, null]);
  });

  it('only the owner themself, admin and support: others 404, anonymous 401, unknown account 404', async () => {
    assert.equal((await list('client')).statusCode, 404);
    assert.equal((await list('otherOwner')).statusCode, 404);
    assert.equal((await list('anonymous')).statusCode, 401);
    assert.equal((await list('admin', '', 987654)).statusCode, 404);
  });

  it('paginates and filters by status; archived listings only on request', async () => {
    const page2 = (await list('owner', '?page=2&per_page=1')).json();
    assert.deepEqual(
      page2.data.map((p: { id: number }) => p.id),
      [a.id],
    );
    assert.deepEqual(page2.meta, { current_page: 2, per_page: 1, total: 2, last_page: 2 });
    assert.equal((await list('owner', '?per_page=101')).statusCode, 422);
    const draft = await w.create('owner', { who_are_you: 'individual' });
    assert.deepEqual(
      (await list('owner', '?status=draft')).json().data.map((p: { id: number }) => p.id),
      [draft.id],
    );
    await w.t.deps.db.update(properties).set({ status: 'archived' }).where(eq(properties.id, a.id));
    assert.equal(
      (await list('owner')).json().data.some((p: { id: number }) => p.id === a.id),
      false,
    );
    assert.deepEqual(
      (await list('owner', '?status=archived')).json().data.map((p: { id: number }) => p.id),
      [a.id],
    );
  });
});
