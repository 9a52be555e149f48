// Stamps order reads against announced changes; a writer may discount its own 'nights' change
// (already in what it read), and only that one.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryEventBus } from '../adapters/memory/memory-event-bus.ts';
import { ListingChangeFeed } from './listing-changes.ts';

describe('listing change feed', () => {
  it('discounts a writer\'s own nights change, never another change before or after it', async () => {
    const changes = new ListingChangeFeed(new MemoryEventBus());
    const before = changes.stamp();
    const own = await changes.changed(1, 'nights');
    assert.equal(changes.changedSince(1, before, 'nights'), true);
    assert.equal(changes.changedSince(1, before, 'nights', own), false, 'only its own change since');
    assert.equal(changes.changedSince(2, before, 'nights', own), false, 'another listing is not concerned');

    const other = await changes.changed(1, 'nights');
    assert.equal(changes.changedSince(1, before, 'nights', own), true, 'another nights change after its own');
    assert.equal(changes.changedSince(1, before, 'nights', other), true, 'and its own was not the only one');

    const later = changes.stamp();
    const third = await changes.changed(1, 'nights');
    assert.equal(changes.changedSince(1, later, 'nights', third), false);
    await changes.changed(1, 'listing');
    assert.equal(changes.changedSince(1, later, 'nights', third), true, 'a listing change is never discounted');
    assert.equal(changes.changedSince(1, later, 'listing', third), true);
    changes.close();
  });

  it('counts a nights change before its own, since the stamp', async () => {
    const changes = new ListingChangeFeed(new MemoryEventBus());
    const before = changes.stamp();
    await changes.changed(7, 'nights');
    const own = await changes.changed(7, 'nights');
    assert.equal(changes.changedSince(7, before, 'nights', own), true);
    const between = changes.stamp();
    const mine = await changes.changed(7, 'nights');
    assert.equal(changes.changedSince(7, between, 'nights', mine), false);
    changes.close();
  });
});

describe('listing change feed across instances', () => {
  it('records another feed\'s announcements once, and its own once (not again when the bus hands them back)', async () => {
    const bus = new MemoryEventBus();
    const [a, b] = [new ListingChangeFeed(bus), new ListingChangeFeed(bus)];
    const heard: string[] = [];
    b.onChange((id, scope) => heard.push(`b:${id}:${scope}`));
    a.onChange((id, scope) => heard.push(`a:${id}:${scope}`));
    const before = b.stamp();
    await a.changed(3, 'nights');
    assert.deepEqual(heard, ['a:3:nights', 'b:3:nights']);
    assert.equal(b.changedSince(3, before, 'nights'), true, 'the other instance knows');
    const mine = b.stamp();
    const own = await b.changed(3, 'nights');
    assert.equal(b.changedSince(3, mine, 'nights', own), false, 'its own change came back from the bus without counting twice');
    a.close();
    b.close();
  });
});
