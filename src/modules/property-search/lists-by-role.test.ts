import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createPropertyType } from '../../../test/helpers/catalog-factories.ts';
import { commodities, properties, propertyCommodities, propertyMedias } from '../../db/schema/index.ts';
import { eq, sql } from 'drizzle-orm';
import { actors, favorite, getter, idsOf, type Actors } from './property-search.test-support.ts';

describe('listing lists: who sees what, card shape, pages, favorites', () => {
  let t: TestApp;
  let a: Actors;
  let get: ReturnType<typeof getter>;
  let typeId: number;
  const typeName = `Chalet ${process.pid}`;
  const l = {} as Record<'pubA' | 'draftA' | 'inactA' | 'hiddenA' | 'archA' | 'pubB' | 'draftB', number>;

  before(async () => {
    t = await createTestApp();
    a = await actors(t);
    get = getter(t);
    typeId = await createPropertyType(t.deps, typeName);
    const ownerB = await createUser(t.deps, { role: 'owner' });
    const mk = async (ownerId: number, over: Parameters<typeof createProperty>[2] = {}) =>
      (await createProperty(t.deps, ownerId, { typeId, recommended: true, ...over })).id;
    l.pubA = await mk(a.users.owner.id, { likeCount: 3, ratingSum: 9, ratingCount: 2 });
    l.draftA = await mk(a.users.owner.id, {
      status: 'draft',
      publicName: null,
      internalName: 'Draft A',
      address: null,
      latitude: null,
      longitude: null,
      basePrice: null,
      pricePerNight: null,
      cleaningFee: null,
      taxRate: null,
      securityDeposit: null,
      capacity: null,
      checkInTime: null,
      checkInTimeEnd: null,
      checkOutTime: null,
    });
    l.inactA = await mk(a.users.owner.id, { status: 'inactive' });
    l.hiddenA = await mk(a.users.owner.id, { visibility: false });
    l.archA = await mk(a.users.owner.id, { status: 'archived' });
    l.pubB = await mk(ownerB.id, { likeCount: 7 });
    l.draftB = await mk(ownerB.id, { status: 'draft' });
  });
  after(() => t.close());

  const everyone = () => [l.draftB, l.pubB, l.archA, l.hiddenA, l.inactA, l.draftA, l.pubA];

  it('GET /properties: owner sees own listings in every status, admin and support all, a traveller the public ones; 401 anonymous', async () => {
    assert.equal((await get(`/api/properties?type=${typeId}`)).statusCode, 401);
    assert.deepEqual(await idsOf(get(`/api/properties?type=${typeId}`, a.tokens.owner)), [
      l.archA,
      l.hiddenA,
      l.inactA,
      l.draftA,
      l.pubA,
    ]);
    assert.deepEqual(await idsOf(get(`/api/properties?type=${typeId}`, a.tokens.admin)), everyone());
    assert.deepEqual(await idsOf(get(`/api/properties?type=${typeId}`, a.tokens.support)), everyone());
    assert.deepEqual(await idsOf(get(`/api/properties?type=${typeId}`, a.tokens.client)), [l.pubB, l.pubA]);
    assert.deepEqual(await idsOf(get(`/api/properties?type=${typeId}&status=inactive`, a.tokens.owner)), [l.inactA]);
    assert.deepEqual(await idsOf(get(`/api/properties?type=${typeId}&status=draft`, a.tokens.admin)), [
      l.draftB,
      l.draftA,
    ]);
    assert.deepEqual(
      await idsOf(get(`/api/properties?type=${typeId}&status=draft`, a.tokens.client)),
      [],
      "status only narrows a traveller's public set",
    );
  });

  it('travellers and anonymous callers never see drafts, inactive, hidden or archived listings on any list', async () => {
    const lists = [
      '/api/properties/filter',
      '/api/properties/public',
      '/api/properties/recommended',
      '/api/properties/popular',
    ];
    for (const token of [undefined, a.tokens.client]) {
      for (const url of lists) {
        const ids = await idsOf(get(`${url}?type=${typeId}&per_page=100`, token));
        assert.deepEqual([...ids].sort(), [l.pubA, l.pubB].sort(), `${url} ${token ? 'client' : 'anonymous'}`);
      }
      for (const q of ['status=draft', 'status=inactive', 'status=archived', 'visibility=0']) {
        assert.deepEqual(await idsOf(get(`/api/properties/filter?type=${typeId}&${q}`, token)), [], q);
      }
    }
    // An owner who does not ask for a status or visibility sees the public set there too.
    assert.deepEqual(await idsOf(get(`/api/properties/filter?type=${typeId}`, a.tokens.owner)), [l.pubB, l.pubA]);
    assert.deepEqual(
      await idsOf(get(`/api/properties/public?type=${typeId}&status=draft`, a.tokens.admin)),
      [l.pubB, l.pubA],
      'explorer ignores status',
    );
  });

  it("/properties/filter with status or visibility reaches an owner's own listings and, for staff, all", async () => {
    assert.deepEqual(await idsOf(get(`/api/properties/filter?type=${typeId}&status=draft`, a.tokens.owner)), [
      l.draftA,
    ]);
    assert.deepEqual(await idsOf(get(`/api/properties/filter?type=${typeId}&visibility=0`, a.tokens.owner)), [
      l.hiddenA,
    ]);
    assert.deepEqual(await idsOf(get(`/api/properties/filter?type=${typeId}&status=active`, a.tokens.owner)), [
      l.pubB,
      l.hiddenA,
      l.pubA,
    ]);
    assert.deepEqual(await idsOf(get(`/api/properties/filter?type=${typeId}&status=draft`, a.tokens.admin)), [
      l.draftB,
      l.draftA,
    ]);
    assert.deepEqual(
      await idsOf(get(`/api/properties/filter?type=${typeId}&visibility=1&status=archived`, a.tokens.support)),
      [l.archA],
    );
  });

  it("a card carries the read form's scalar members, the internal name only for owner and staff, never Wi-Fi", async () => {
    const [amenity] = await t.deps.db
      .insert(commodities)
      .values({ name: `Sauna ${process.pid}`, type: 'wellness' })
      .returning();
    await t.deps.db.insert(propertyCommodities).values({ propertyId: l.pubA, commodityId: amenity!.id });
    const [second] = await t.deps.db
      .insert(propertyMedias)
      .values({ propertyId: l.pubA, mediaType: 'image', storageKey: 'k2', mime: 'image/png', position: 2 })
      .returning();
    const [first] = await t.deps.db
      .insert(propertyMedias)
      .values({
        propertyId: l.pubA,
        mediaType: 'image',
        storageKey: 'k1',
        mime: 'image/png',
        thumbnailKey: 't1',
        position: 1,
      })
      .returning();
    assert.ok(second!.id < first!.id);
    // Written past the routes, so announced as the media and commodity routes announce theirs (cards are cached).
    await t.deps.listings.changed(l.pubA);
    const row = (await t.deps.db.select().from(properties).where(eq(properties.id, l.pubA)))[0]!;

    const anon = (await get(`/api/properties/public?type=${typeId}`))
      .json()
      .data.find((c: { id: number }) => c.id === l.pubA);
    assert.deepEqual(anon, {
      id: l.pubA,
      internal_name: row.publicName,
      public_name: row.publicName,
      type: typeName,
      address: '1 Rue de Rivoli, Paris',
      location: '48.8566,2.3522',
      status: 'active',
      visibility: 1,
      breakfast_included: 0,
      pets_allowed: 0,
      recommended: 1,
      base_price: '120.00',
      price_per_night: '120.00',
      cleaning_fee: '30.00',
      tax: '10.00',
      security_deposit: '200.00',
      capacity: 4,
      rating: '4.5',
      like_count: 3,
      check_in_time: '15:00:00',
      check_in_time_end: '20:00:00',
      check_out_time: '11:00:00',
      currency: 'EUR',
      timezone: 'Europe/Paris',
      cover: {
        url: `/api/properties/medias/${first!.id}/file`,
        thumbnail_url: `/api/properties/medias/${first!.id}/thumbnail`,
      },
      commodities: [{ id: amenity!.id, name: amenity!.name, type: 'wellness' }],
      owner: {
        id: a.users.owner.id,
        username: a.users.owner.username,
        first_name: 'Test',
        last_name: a.users.owner.lastName,
        avatar: null,
      },
    });
    const body = (await get(`/api/properties?type=${typeId}&per_page=100`, a.tokens.owner)).body;
    assert.ok(!body.includes('secret-wifi-pass') && !body.includes('wifi'), 'no Wi-Fi in any list');
    const mine = (await get(`/api/properties?type=${typeId}`, a.tokens.owner)).json().data;
    assert.equal(mine.find((c: { id: number }) => c.id === l.pubA).internal_name, row.internalName);
    assert.equal(mine.find((c: { id: number }) => c.id === l.pubA).is_favorite, false);
    const draft = mine.find((c: { id: number }) => c.id === l.draftA);
    assert.equal(draft.status, 'draft');
    assert.equal(draft.internal_name, 'Draft A');
    for (const k of ['public_name', 'address', 'location', 'base_price', 'price_per_night', 'check_in_time'])
      assert.equal(draft[k], '', k);
    assert.equal(draft.tax, '0.00');
    assert.equal(draft.cleaning_fee, '0.00');
    assert.equal(draft.capacity, 0);
    assert.equal(draft.cover, null);
    const client = (await get(`/api/properties/public?type=${typeId}`, a.tokens.client)).json().data;
    assert.equal(
      client.find((c: { id: number }) => c.id === l.pubA).internal_name,
      row.publicName,
      'a traveller never reads the internal name',
    );
  });

  it("a card's members read exactly as the same members of the read form (GET /properties/{id})", async () => {
    const card = (await get(`/api/properties?type=${typeId}&per_page=100`, a.tokens.admin)).json().data;
    for (const id of [l.pubA, l.draftA]) {
      const res = await get(`/api/properties/${id}`, a.tokens.admin);
      assert.equal(res.statusCode, 200, res.body);
      const form = res.json().data;
      const c = card.find((x: { id: number }) => x.id === id);
      const shared = Object.keys(c).filter((k) => k in form && !['owner', 'is_favorite'].includes(k));
      assert.ok(shared.length >= 25, `${shared.length} shared members`);
      for (const k of shared) assert.deepEqual(c[k], form[k], `${id}.${k}`);
      for (const k of ['id', 'username', 'first_name', 'last_name', 'avatar'])
        assert.deepEqual(c.owner[k], form.owner[k], `owner.${k}`);
    }
  });

  it('pages: meta counts every match, pages past the end are empty, per_page is capped at 100', async () => {
    const p1 = (await get(`/api/properties?type=${typeId}&per_page=2`, a.tokens.admin)).json();
    assert.deepEqual(p1.meta, { current_page: 1, per_page: 2, total: 7, last_page: 4 });
    assert.deepEqual(
      p1.data.map((c: { id: number }) => c.id),
      everyone().slice(0, 2),
    );
    const p4 = (await get(`/api/properties?type=${typeId}&per_page=2&page=4`, a.tokens.admin)).json();
    assert.deepEqual(
      p4.data.map((c: { id: number }) => c.id),
      [l.pubA],
    );
    assert.deepEqual(p4.meta, { current_page: 4, per_page: 2, total: 7, last_page: 4 });
    const p9 = (await get(`/api/properties?type=${typeId}&per_page=2&page=9`, a.tokens.admin)).json();
    assert.deepEqual(p9.data, []);
    assert.equal(p9.meta.total, 7);
    const dflt = (await get(`/api/properties/public?type=${typeId}`)).json().meta;
    assert.deepEqual(dflt, { current_page: 1, per_page: 20, total: 2, last_page: 1 });
    const bad = await get('/api/properties/public?per_page=101');
    assert.equal(bad.statusCode, 422);
    assert.ok(bad.json().errors.per_page);
    assert.equal((await get('/api/properties/public?page=0')).statusCode, 422);
  });

  it("public searches count and serve their first 1,000 matches; owners' and staff' lists count exactly", async () => {
    const bulkType = await createPropertyType(t.deps);
    await t.deps.db.execute(sql`
      INSERT INTO properties (owner_id, status, visibility, public_name, internal_name, type_id, address, latitude, longitude, price_per_night, capacity)
      SELECT ${a.users.owner.id}, 'active', TRUE, 'Bulk ' || g, 'Bulk ' || g, ${bulkType}, 'Bulk street', 10, 10, 10000, 2 FROM generate_series(1, 1005) g`);
    const first = (await get(`/api/properties/public?type=${bulkType}`)).json().meta;
    assert.deepEqual(first, { current_page: 1, per_page: 20, total: 1000, last_page: 50 });
    const last = (await get(`/api/properties/filter?type=${bulkType}&page=50`)).json();
    assert.equal(last.data.length, 20);
    assert.deepEqual((await get(`/api/properties/public?type=${bulkType}&page=51`)).json().data, []);
    const straddling = (await get(`/api/properties/public?type=${bulkType}&per_page=30&page=34`)).json();
    assert.equal(straddling.data.length, 10, 'matches 991–1000 only');
    assert.equal((await get(`/api/properties?type=${bulkType}&per_page=1`, a.tokens.admin)).json().meta.total, 1005);
    assert.equal((await get(`/api/properties?type=${bulkType}&per_page=1`, a.tokens.owner)).json().meta.total, 1005);
    await t.deps.db.execute(sql`DELETE FROM properties WHERE type_id = ${bulkType}`);
  });

  it('recommended lists flagged public listings; popular orders by likes, then newest', async () => {
    const t2 = await createPropertyType(t.deps);
    const plain = (await createProperty(t.deps, a.users.owner.id, { typeId: t2, likeCount: 5 })).id;
    const liked = (await createProperty(t.deps, a.users.owner.id, { typeId: t2, likeCount: 9 })).id;
    const rec = (await createProperty(t.deps, a.users.owner.id, { typeId: t2, recommended: true, likeCount: 5 })).id;
    await createProperty(t.deps, a.users.owner.id, {
      typeId: t2,
      recommended: true,
      status: 'inactive',
      likeCount: 50,
    });
    assert.deepEqual(await idsOf(get(`/api/properties/recommended?type=${t2}`)), [rec]);
    assert.deepEqual(await idsOf(get(`/api/properties/popular?type=${t2}`)), [liked, rec, plain]);
    assert.deepEqual(
      await idsOf(get(`/api/properties/popular?type=${t2}&sort=newest`)),
      [rec, liked, plain],
      'an explicit sort replaces the popularity order',
    );
  });

  it("favorites: the caller's, newest first, only those they can still see; is_favorite on other lists", async () => {
    const me = await createUser(t.deps);
    const token = await loginAs(t.app, me);
    const now = t.clock.now().getTime();
    await favorite(t, me.id, l.pubA, new Date(now - 3000));
    await favorite(t, me.id, l.pubB, new Date(now - 2000));
    await favorite(t, me.id, l.hiddenA, new Date(now - 1000));
    await favorite(t, a.users.client.id, l.pubA, new Date(now));
    assert.equal((await get('/api/properties/get/favorites')).statusCode, 401);
    const res = (await get('/api/properties/get/favorites', token)).json();
    assert.deepEqual(
      res.data.map((c: { id: number }) => c.id),
      [l.pubB, l.pubA],
    );
    assert.ok(res.data.every((c: { is_favorite: boolean }) => c.is_favorite === true));
    assert.deepEqual(res.meta, { current_page: 1, per_page: 20, total: 2, last_page: 1 });
    const listed = (await get(`/api/properties/public?type=${typeId}`, token)).json().data;
    assert.deepEqual(
      listed.map((c: { id: number; is_favorite: boolean }) => [c.id, c.is_favorite]),
      [
        [l.pubB, true],
        [l.pubA, true],
      ],
    );
    assert.equal(
      'is_favorite' in (await get(`/api/properties/public?type=${typeId}`)).json().data[0],
      false,
      'anonymous cards have no is_favorite',
    );

    // Unpublished since: gone from the list, and back when it is public again.
    await t.deps.db.update(properties).set({ status: 'inactive' }).where(eq(properties.id, l.pubB));
    assert.deepEqual(await idsOf(get('/api/properties/get/favorites', token)), [l.pubA]);
    await t.deps.db.update(properties).set({ status: 'active' }).where(eq(properties.id, l.pubB));
    assert.deepEqual(await idsOf(get('/api/properties/get/favorites?per_page=1&page=2', token)), [l.pubA]);

    // The owner still sees a favorite of their own hidden listing.
    await favorite(t, a.users.owner.id, l.hiddenA, new Date(now));
    assert.deepEqual(await idsOf(get('/api/properties/get/favorites', a.tokens.owner)), [l.hiddenA]);
  });
});
