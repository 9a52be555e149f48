import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { packages, propertyCommodities, propertyMedias, propertyNights, reservations } from '../../db/schema/index.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { countRows, createRoomType, ensureCurrency } from '../../../test/helpers/catalog-factories.ts';
import { errorFields, world, type World } from './properties.test-support.ts';

describe('PUT and DELETE /properties/{id}', () => {
  let w: World;
  const put = (id: number, who: Parameters<World['req']>[2], body: unknown) =>
    w.req('PUT', `/properties/${id}`, who, body);
  const del = (id: number, who: Parameters<World['req']>[2]) => w.req('DELETE', `/properties/${id}`, who);
  before(async () => {
    w = await world();
    await ensureCurrency(w.t.deps, 'USD', 2);
    await ensureCurrency(w.t.deps, 'JPY', 0);
  });
  after(() => w.close());

  it('changes only the fields sent, with the creation rules', async () => {
    const p = await w.create('owner', w.full());
    const res = await put(p.id, 'owner', {
      public_name: 'Sunny loft',
      price_per_night: 99.9,
      commodities: [],
      pets_allowed: 1,
    });
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json().data;
    assert.equal(d.public_name, 'Sunny loft');
    assert.equal(d.price_per_night, '99.90');
    assert.equal(d.pets_allowed, 1);
    assert.deepEqual(d.commodities, []);
    assert.equal(d.internal_name, p.internal_name);
    assert.equal(d.base_price, '110.00');
    const bad = await put(p.id, 'owner', { location: '100,0' });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(errorFields(bad), ['location']);
  });

  it('another owner and a traveller get 403 on a public listing, 404 on a draft; anonymous 401', async () => {
    const pub = await w.create('owner', w.full());
    const draft = await w.create('owner', { who_are_you: 'individual' });
    for (const who of ['otherOwner', 'client', 'support'] as const) {
      assert.equal((await put(pub.id, who, { public_name: 'Taken over' })).statusCode, 403, who);
      assert.equal((await del(pub.id, who)).statusCode, 403, who);
    }
    for (const who of ['otherOwner', 'client'] as const) {
      assert.equal((await put(draft.id, who, { public_name: 'Taken over' })).statusCode, 404, who);
      assert.equal((await del(draft.id, who)).statusCode, 404, who);
    }
    assert.equal((await put(pub.id, 'anonymous', { public_name: 'x1' })).statusCode, 401);
    assert.equal((await w.row(pub.id))!.publicName, pub.public_name);
  });

  it('status: active ↔ inactive; an incomplete draft cannot be activated or deactivated (409); completing it by PUT activates it', async () => {
    const p = await w.create('owner', w.full());
    assert.equal((await put(p.id, 'owner', { status: 'inactive' })).json().data.status, 'inactive');
    assert.equal((await w.req('GET', `/properties/${p.id}`, 'anonymous')).statusCode, 404);
    assert.equal((await put(p.id, 'owner', { status: 'active' })).json().data.status, 'active');
    assert.equal((await w.req('GET', `/properties/${p.id}`, 'anonymous')).statusCode, 200);
    const draft = await w.create('owner', { who_are_you: 'individual' });
    assert.equal((await put(draft.id, 'owner', { status: 'active' })).statusCode, 409);
    assert.equal((await put(draft.id, 'owner', { status: 'inactive' })).statusCode, 409);
    assert.equal((await put(draft.id, 'owner', { status: 'archived' })).statusCode, 422);
    assert.equal((await w.row(draft.id))!.status, 'draft');
    const completed = await put(draft.id, 'owner', w.full());
    assert.equal(completed.json().data.status, 'active');
    const quiet = await w.create('owner', { who_are_you: 'individual' });
    assert.equal(
      (await put(quiet.id, 'owner', { ...w.full(), status: 'inactive' })).json().data.status,
      'inactive',
      'completed but kept offline',
    );
  });

  it('visibility 0/1 hides and shows an active listing; other values are 422', async () => {
    const p = await w.create('owner', w.full());
    assert.equal((await put(p.id, 'owner', { visibility: 0 })).json().data.visibility, 0);
    assert.equal((await w.req('GET', `/properties/${p.id}`, 'client')).statusCode, 404);
    assert.equal((await put(p.id, 'owner', { visibility: 1 })).json().data.visibility, 1);
    assert.equal((await w.req('GET', `/properties/${p.id}`, 'client')).statusCode, 200);
    const bad = await put(p.id, 'owner', { visibility: 2 });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(errorFields(bad), ['visibility']);
  });

  it('recommended is for admins (403 for the owner); admin changes are audited without the Wi-Fi password', async () => {
    const p = await w.create('owner', w.full());
    assert.equal((await put(p.id, 'owner', { recommended: 1 })).statusCode, 403);
    assert.equal((await w.row(p.id))!.recommended, false);
    const res = await put(p.id, 'admin', {
      recommended: 1,
      wifi_informations: { network: 'n', password: 'admin-set-pass', speed: '1G' },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.recommended, 1);
    const [entry] = await w.audits(p.id);
    assert.equal(entry!.action, 'property.update');
    assert.equal(entry!.actorId, w.users.admin.id);
    assert.deepEqual(entry!.after, { recommended: true, wifiInformations: '[hidden]' });
    assert.equal(JSON.stringify(entry).includes('admin-set-pass'), false);
    assert.equal(
      (await w.audits((await w.create('owner', w.full())).id)).length,
      0,
      "owners' own changes are not audited",
    );
  });

  it('an admin may hand a listing to another owner account; an owner may not (403)', async () => {
    const p = await w.create('owner', w.full());
    assert.equal((await put(p.id, 'owner', { user_id: w.users.otherOwner.id })).statusCode, 403);
    const bad = await put(p.id, 'admin', { user_id: w.users.client.id });
    assert.deepEqual(errorFields(bad), ['user_id']);
    const res = await put(p.id, 'admin', { user_id: w.users.otherOwner.id });
    assert.equal(res.json().data.user_id, w.users.otherOwner.id);
  });

  it('currency: same decimals keep the amounts; other decimals need every amount again, and no priced extras', async () => {
    const p = await w.create('owner', w.full());
    const usd = await put(p.id, 'owner', { currency: 'USD' });
    assert.equal(usd.json().data.price_per_night, '120.50');
    assert.equal(usd.json().data.currency_model.code, 'USD');
    const jpy = await put(p.id, 'owner', { currency: 'JPY' });
    assert.equal(jpy.statusCode, 422);
    assert.deepEqual(errorFields(jpy), ['currency']);
    const all = {
      currency: 'JPY',
      base_price: 15000,
      price_per_night: 16000,
      cleaning_fee: 3000,
      security_deposit: 20000,
    };
    const ok = await put(p.id, 'owner', all);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().data.price_per_night, '16000');
    await w.t.deps.db.insert(packages).values({ propertyId: p.id, name: 'Breakfast', price: 2000 });
    const back = await put(p.id, 'owner', {
      currency: 'EUR',
      base_price: 150,
      price_per_night: 160,
      cleaning_fee: 30,
      security_deposit: 200,
    });
    assert.equal(back.statusCode, 422, 'the package price is kept in yen');
  });

  it('currency: rate plans follow the listing to a currency with the same decimals; a calendar price blocks other decimals', async () => {
    const p = await w.create('owner', w.full());
    await createRoomType(w.t.deps, p.id, { currency: 'EUR' });
    const usd = await put(p.id, 'owner', { currency: 'USD' });
    assert.equal(usd.statusCode, 200, usd.body);
    const plans = usd
      .json()
      .data.channel_room_types.flatMap((rt: { rate_plans: Array<{ currency: string }> }) => rt.rate_plans);
    assert.deepEqual(
      plans.map((rp: { currency: string }) => rp.currency),
      ['USD'],
    );
    const q = await w.create('owner', w.full());
    await w.t.deps.db
      .insert(propertyNights)
      .values({ propertyId: q.id, roomTypeId: 0, night: '2031-02-01', price: 9000 });
    const jpy = await put(q.id, 'owner', {
      currency: 'JPY',
      base_price: 15000,
      price_per_night: 16000,
      cleaning_fee: 3000,
      security_deposit: 20000,
    });
    assert.equal(jpy.statusCode, 422, 'a calendar override is kept in cents');
  });

  it('DELETE removes a listing without booking history, with its rows and media files', async () => {
    const p = await w.create('owner', w.full());
    await w.t.deps.storage.put('property-medias/t1.jpg', Buffer.from('x'));
    await w.t.deps.db
      .insert(propertyMedias)
      .values({ propertyId: p.id, mediaType: 'image', storageKey: 'property-medias/t1.jpg', mime: 'image/jpeg' });
    await w.t.deps.db
      .insert(propertyNights)
      .values({ propertyId: p.id, roomTypeId: 0, night: '2031-01-01', booked: 0, price: 5000 });
    const res = await del(p.id, 'owner');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, { id: p.id, status: 'deleted' });
    assert.equal(await w.row(p.id), undefined);
    assert.equal(
      (await w.t.deps.db.select().from(propertyCommodities)).some((r) => r.propertyId === p.id),
      false,
    );
    assert.equal(await w.t.deps.storage.exists('property-medias/t1.jpg'), false);
    assert.equal((await w.req('GET', `/properties/${p.id}`, 'owner')).statusCode, 404);
    assert.equal((await del(p.id, 'owner')).statusCode, 404);
  });

  it('DELETE archives a listing with booking history; an archived listing is final (409) and hidden from the public', async () => {
    const p = await w.create('owner', w.full());
    await w.t.deps.db
      .insert(propertyNights)
      .values({ propertyId: p.id, roomTypeId: 0, night: '2020-01-01', booked: 1 });
    const before = await countRows(w.t.deps, 'properties');
    const res = await del(p.id, 'owner');
    assert.deepEqual(res.json().data, { id: p.id, status: 'archived' });
    assert.equal(await countRows(w.t.deps, 'properties'), before);
    assert.equal((await w.req('GET', `/properties/${p.id}`, 'anonymous')).statusCode, 404);
    assert.equal((await w.req('GET', `/properties/${p.id}`, 'owner')).json().data.status, 'archived');
    assert.equal((await put(p.id, 'owner', { status: 'active' })).statusCode, 409);
    assert.equal((await put(p.id, 'owner', { public_name: 'Back again' })).statusCode, 409);
    assert.equal((await del(p.id, 'owner')).statusCode, 409);
  });

  it('DELETE archives a listing that only has a cancelled reservation (no night held any more)', async () => {
    const p = await w.create('owner', w.full());
    const guest = await createUser(w.t.deps);
    await w.t.deps.db.insert(reservations).values({
      bookingRefCode: `T-${p.id}`,
      propertyId: p.id,
      guestId: guest.id,
      status: 'cancelled',
      checkinDate: '2031-03-01',
      checkoutDate: '2031-03-04',
      currency: 'EUR',
      totalMinor: 36000,
      priceSnapshot: {},
    });
    const res = await del(p.id, 'owner');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, { id: p.id, status: 'archived' });
  });

  it('admin deletions and archivings are audited', async () => {
    const p = await w.create('owner', w.full());
    assert.equal((await del(p.id, 'admin')).statusCode, 200);
    const [entry] = await w.audits(p.id);
    assert.equal(entry!.action, 'property.delete');
    assert.equal(entry!.actorRole, 'admin');
    const q = await w.create('owner', w.full());
    await w.t.deps.db
      .insert(propertyNights)
      .values({ propertyId: q.id, roomTypeId: 0, night: '2020-01-01', booked: 1 });
    await del(q.id, 'admin');
    assert.equal((await w.audits(q.id)).at(-1)!.action, 'property.archive');
  });
});
