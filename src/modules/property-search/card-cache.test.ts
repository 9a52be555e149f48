// Cards of lists come from a short-lived cache (card-cache.ts): a change made through the API
// shows on the next list at once, the favorite flag is always the caller's own, and a read that
// raced a change is not kept.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, createPropertyType } from '../../../test/helpers/catalog-factories.ts';
import { properties } from '../../db/schema/index.ts';
import { MemoryEventBus } from '../../adapters/memory/memory-event-bus.ts';
import { ListingChangeFeed } from '../../platform/listing-changes.ts';
import { CardCache, cardCache, type CachedCard } from './card-cache.ts';

describe('listing cards: cached, and fresh after every announced change', () => {
  let t: TestApp;
  let typeId: number;
  let listing: number;
  let guests: string[];

  before(async () => {
    t = await createTestApp();
    typeId = await createPropertyType(t.deps, `Card type ${process.pid}`);
    const owner = await createUser(t.deps, { role: 'owner' });
    listing = (await createProperty(t.deps, owner.id, { typeId, publicName: 'Before', likeCount: 0 })).id;
    guests = [await loginAs(t.app, await createUser(t.deps)), await loginAs(t.app, await createUser(t.deps))];
  });
  after(() => t.close());

  const card = async (token?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/properties/public?type=${typeId}`,
      headers: token ? bearer(token) : {},
    });
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as { data: Array<Record<string, unknown>> }).data.find((c) => c.id === listing)!;
  };

  it('serves a listed card from memory until the listing changes through the API, and each caller its own favorite flag', async () => {
    assert.equal((await card()).public_name, 'Before');
    // A write past every route announces nothing: the cached card stands (the short life bounds this).
    await t.deps.db.update(properties).set({ publicName: 'After' }).where(eq(properties.id, listing));
    assert.equal((await card()).public_name, 'Before');

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${listing}/favorite`,
      headers: bearer(guests[0]!),
    });
    assert.equal(res.statusCode, 200, res.body);
    const mine = await card(guests[0]);
    assert.equal(mine.public_name, 'After', 'the favorite route announced a change of the listing');
    assert.equal(mine.like_count, 1);
    assert.equal(mine.is_favorite, true);
    assert.equal((await card(guests[1])).is_favorite, false, 'not cached with the card');
    assert.equal('is_favorite' in (await card()), false, 'anonymous callers get no flag');
  });

  it('keeps no card read before a change was announced, none past its life, and at most its size', async () => {
    const bus = new MemoryEventBus();
    const changes = new ListingChangeFeed(bus);
    const row = cardCache(t.deps).get([listing]).get(listing) ?? ({ id: listing } as CachedCard);
    const cache = new CardCache(changes, 60_000, 2);
    const stamp = cache.stamp();
    await changes.changed(listing);
    cache.put([row], stamp);
    assert.equal(cache.get([listing]).size, 0, 'read before the change: not kept');
    cache.put([row], cache.stamp());
    assert.equal(cache.get([listing]).size, 1);
    await changes.changed(listing, 'nights');
    assert.equal(cache.get([listing]).size, 1, 'booked nights are not on a card');
    await changes.changed(listing);
    assert.equal(cache.get([listing]).size, 0, 'a change of the listing drops it');

    cache.put(
      [1, 2, 3].map((id) => ({ ...row, id })),
      cache.stamp(),
    );
    assert.deepEqual([...cache.get([1, 2, 3]).keys()], [2, 3], 'the oldest goes past the size');
    const shortLived = new CardCache(changes, 0);
    shortLived.put([row], shortLived.stamp());
    assert.equal(shortLived.get([listing]).size, 0, 'past its life');
    for (const c of [cache, shortLived, changes]) c.close();
  });
});
