// Stamps order reads against announced changes: a value read before a change is stale after it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryEventBus } from '../adapters/memory/memory-event-bus.ts';
import { ListingCache } from './listing-cache.ts';
import { ListingChangeFeed } from './listing-changes.ts';

describe('listing change feed', () => {
  it('outdates reads stamped before a change of that listing, in its scope', async () => {
    const changes = new ListingChangeFeed(new MemoryEventBus());
    const before = changes.stamp();
    await changes.changed(1, 'nights');
    assert.equal(changes.changedSince(1, before, 'nights'), true);
    assert.equal(changes.changedSince(1, before, 'listing'), false, 'a nights change keeps the listing');
    assert.equal(changes.changedSince(2, before, 'nights'), false, 'another listing is not concerned');

    const later = changes.stamp();
    assert.equal(changes.changedSince(1, later, 'nights'), false, 'read after the change');
    await changes.changed(1, 'listing');
    assert.equal(changes.changedSince(1, later, 'nights'), true, 'a listing change includes the nights');
    assert.equal(changes.changedSince(1, later, 'listing'), true);
    changes.close();
  });
});

describe('listing change feed across instances', () => {
  it("records another feed's announcements once, and its own once (not again when the bus hands them back)", async () => {
    const bus = new MemoryEventBus();
    const [a, b] = [new ListingChangeFeed(bus), new ListingChangeFeed(bus)];
    const heard: string[] = [];
    b.onChange((id, scope) => heard.push(`b:${id}:${scope}`));
    a.onChange((id, scope) => heard.push(`a:${id}:${scope}`));
    const before = b.stamp();
    await a.changed(3, 'nights');
    assert.deepEqual(heard, ['a:3:nights', 'b:3:nights']);
    assert.equal(b.changedSince(3, before, 'nights'), true, 'the other instance knows');
    await b.changed(3, 'nights');
    const after = b.stamp();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(
      b.changedSince(3, after, 'nights'),
      false,
      'its own change came back from the bus without counting twice',
    );
    assert.deepEqual(heard, ['a:3:nights', 'b:3:nights', 'b:3:nights', 'a:3:nights']);
    a.close();
    b.close();
  });
});

describe('a nights cache told the nights a booking took', () => {
  it('adds them on the instance that booked, forgets on the others and on any other change', async () => {
    const bus = new MemoryEventBus();
    const [here, there] = [new ListingChangeFeed(bus), new ListingChangeFeed(bus)];
    const options = {
      scope: 'nights' as const,
      ttlMs: 60_000,
      maxWeight: 10,
      addTaken: (_id: number, nights: string[], taken: { nights: readonly string[] }) => [...nights, ...taken.nights],
    };
    const [local, remote] = [new ListingCache(here, options), new ListingCache(there, options)];
    for (const cache of [local, remote]) cache.set(1, ['2030-01-01'], cache.stamp());
    const readBefore = here.stamp();
    await here.changed(1, 'nights', { nights: ['2030-01-05'] });
    assert.deepEqual(local.get(1), ['2030-01-01', '2030-01-05']);
    assert.equal(remote.get(1), undefined, 'another instance is not told which nights: it forgets');
    local.set(1, ['read before the booking'], readBefore);
    assert.deepEqual(local.get(1), ['2030-01-01', '2030-01-05'], 'a read from before the booking is not kept');
    await here.changed(1, 'nights');
    assert.equal(local.get(1), undefined, 'a change of nights that names none (a cancellation) forgets');
    local.set(1, ['2030-01-01'], local.stamp());
    await here.changed(1, 'listing', { nights: ['2030-01-07'] });
    assert.equal(local.get(1), undefined, 'a change of the listing forgets, whatever nights it names');
    here.close();
    there.close();
  });
});
