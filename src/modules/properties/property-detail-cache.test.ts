import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { properties } from '../../db/schema/index.ts';

describe('property detail cache', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const get = (id: number, token?: string) => t.app.inject({ method: 'GET', url: `/api/properties/${id}`, headers: token ? bearer(token) : {} });

  it('serves the cached form until a write through the API invalidates it', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const token = await loginAs(t.app, owner);
    const p = await createProperty(t.deps, owner.id);
    assert.equal((await get(p.id)).json().data.public_name, p.publicName);
    // A change behind the API's back is not seen while the entry lives: the cache is real.
    await t.deps.db.update(properties).set({ publicName: 'Changed in the database' }).where(eq(properties.id, p.id));
    assert.equal((await get(p.id)).json().data.public_name, p.publicName);
    const put = await t.app.inject({ method: 'PUT', url: `/api/properties/${p.id}`, headers: bearer(token), payload: { public_name: 'Renamed by the owner' } });
    assert.equal(put.statusCode, 200, put.body);
    assert.equal((await get(p.id)).json().data.public_name, 'Renamed by the owner');
    const season = await t.app.inject({
      method: 'POST', url: `/api/properties/${p.id}/seasons`, headers: bearer(token),
      payload: { name: 'Summer', start_date: '2031-06-01', end_date: '2031-08-31', reduction_percent: 10 },
    });
    assert.equal(season.statusCode, 201, season.body);
    assert.deepEqual((await get(p.id)).json().data.seasons.map((s: { name: string }) => s.name), ['Summer']);
  });

  it('keeps is_favorite per caller and owner contact for signed-in callers only', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    const [ta, tb] = [await loginAs(t.app, a), await loginAs(t.app, b)];
    assert.equal((await t.app.inject({ method: 'POST', url: `/api/properties/${p.id}/favorite`, headers: bearer(ta) })).statusCode, 200);
    for (let i = 0; i < 2; i++) {
      assert.equal((await get(p.id, ta)).json().data.is_favorite, true);
      assert.equal((await get(p.id, tb)).json().data.is_favorite, false);
      const anon = (await get(p.id)).json().data;
      assert.equal(anon.is_favorite, undefined);
      assert.equal(anon.owner.email, '');
      assert.equal((await get(p.id, tb)).json().data.owner.email, owner.email);
    }
    assert.equal((await get(p.id)).json().data.like_count, 1);
  });

  it('after a booking rebuilds only the booked nights, at once, keeping the rest of the cached form', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const guest = await loginAs(t.app, await createUser(t.deps));
    const p = await createProperty(t.deps, owner.id);
    assert.deepEqual((await get(p.id)).json().data.reserved_dates, []);
    await t.deps.db.update(properties).set({ publicName: 'Changed in the database' }).where(eq(properties.id, p.id));
    const checkin = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const checkout = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
    const booked = await t.app.inject({
      method: 'POST', url: '/api/reservations', headers: bearer(guest),
      payload: { property_id: p.id, checkin_date: checkin, checkout_date: checkout, guests: { adults: 1, children: 0 } },
    });
    assert.equal(booked.statusCode, 201, booked.body);
    const after = (await get(p.id)).json().data;
    assert.equal(after.reserved_dates.length, 2);
    assert.equal(after.is_reserved, true);
    assert.equal(after.public_name, p.publicName, 'the listing itself did not change, so its cached form is kept');
    assert.equal(booked.json().data.property.reserved_dates.length, 2, 'the booking answer shows its own nights');
  });

  it('still hides a listing that stopped being public', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const token = await loginAs(t.app, owner);
    const p = await createProperty(t.deps, owner.id);
    assert.equal((await get(p.id)).statusCode, 200);
    await t.app.inject({ method: 'PUT', url: `/api/properties/${p.id}`, headers: bearer(token), payload: { visibility: 0 } });
    assert.equal((await get(p.id)).statusCode, 404);
    assert.equal((await get(p.id, token)).statusCode, 200);
  });
});
