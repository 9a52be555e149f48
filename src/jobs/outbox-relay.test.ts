import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isNull } from 'drizzle-orm';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../test/helpers/test-database.ts';
import { openDatabase } from '../db/connection.ts';
import { outboxEvents } from '../db/schema/index.ts';
import { MemoryEventBus } from '../adapters/memory/memory-event-bus.ts';
import { platformRepository } from '../platform/platform.repository.ts';
import { ManualClock } from '../ports/clock.ts';
import type { BusHandler, EventBus } from '../ports/event-bus.ts';
import { OutboxRelay } from './outbox-relay.ts';
import type { PublishedEvent } from '../kernel/events.ts';

/** A real in-process bus that refuses publishes while `failing` says so. */
class FlakyBus implements EventBus {
  readonly inner = new MemoryEventBus();
  failing: (topic: string) => boolean = () => false;
  async publish(topic: string, payload: unknown): Promise<void> {
    if (this.failing(topic)) throw new Error('bus unavailable');
    await this.inner.publish(topic, payload);
  }
  subscribe(topic: string, handler: BusHandler) {
    return this.inner.subscribe(topic, handler);
  }
  close() {
    return this.inner.close();
  }
}

describe('OutboxRelay', () => {
  let database: TestDatabase;
  let bus: FlakyBus;
  let received: PublishedEvent[];
  const clock = new ManualClock(new Date('2030-01-01T00:00:00Z'));

  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.close());
  beforeEach(async () => {
    // Each test starts with nothing pending, so counts below are exact.
    await new OutboxRelay(database.db, new MemoryEventBus(), clock).drain();
    bus = new FlakyBus();
    received = [];
    bus.subscribe('*', (m) => void received.push(m.payload as PublishedEvent));
  });

  const insert = (topic: string, data: unknown) =>
    database.db.transaction((tx) => platformRepository(tx).insertEvent(topic, data));
  const unpublished = async () =>
    (await database.db.select().from(outboxEvents).where(isNull(outboxEvents.publishedAt))).map((r) => r.id);

  it('never publishes an event whose transaction rolled back', async () => {
    let rolledBackId = 0;
    await assert.rejects(
      database.db.transaction(async (tx) => {
        rolledBackId = await platformRepository(tx).insertEvent('booking.created', { n: 'rolled back' });
        throw new Error('the change failed');
      }),
      /the change failed/,
    );
    const kept = await insert('booking.created', { n: 'kept' });
    assert.equal(await new OutboxRelay(database.db, bus, clock).drain(), 1);
    assert.deepEqual(
      received.map((e) => e.eventId),
      [kept],
    );
    assert.ok(!received.some((e) => e.eventId === rolledBackId));
  });

  it('publishes committed events once, in order, as {eventId, topic, occurredAt, data}', async () => {
    const ids = [
      await insert('a.one', { i: 1 }),
      await insert('b.two', { i: 2 }),
      await insert('a.one', { i: 3, nested: { ok: true } }),
    ];
    const relay = new OutboxRelay(database.db, bus, clock);
    assert.equal(await relay.drain(), 3);
    assert.equal(await relay.drain(), 0);
    assert.deepEqual(
      received.map((e) => e.eventId),
      ids,
    );
    assert.deepEqual(
      received.map((e) => e.topic),
      ['a.one', 'b.two', 'a.one'],
    );
    assert.deepEqual(received[2]!.data, { i: 3, nested: { ok: true } });
    for (const e of received) {
      assert.deepEqual(Object.keys(e).sort(), ['data', 'eventId', 'occurredAt', 'topic']);
      assert.ok(!Number.isNaN(Date.parse(e.occurredAt)), e.occurredAt);
    }
    assert.deepEqual(await unpublished(), []);
    const rows = await database.db.select().from(outboxEvents);
    for (const id of ids) assert.equal(rows.find((r) => r.id === id)!.publishedAt!.getTime(), clock.now().getTime());
  });

  it('delivers to topic subscribers as well as to "*"', async () => {
    const onTopic: number[] = [];
    bus.subscribe('payment.captured', (m) => void onTopic.push((m.payload as PublishedEvent).eventId));
    const id = await insert('payment.captured', { amount: 10 });
    await insert('other.topic', {});
    await new OutboxRelay(database.db, bus, clock).drain();
    assert.deepEqual(onTopic, [id]);
    assert.equal(received.length, 2);
  });

  it('leaves an event the bus refused unpublished, and sends it (and what follows) on the next drain', async () => {
    const first = await insert('ok.first', {});
    const refused = await insert('refused', {});
    const last = await insert('ok.last', {});
    bus.failing = (topic) => topic === 'refused';
    const relay = new OutboxRelay(database.db, bus, clock);
    assert.equal(await relay.drain(), 1);
    assert.deepEqual(
      received.map((e) => e.eventId),
      [first],
    );
    // Stops at the refusal so later events do not overtake it.
    assert.deepEqual(await unpublished(), [refused, last]);
    bus.failing = () => false;
    assert.equal(await relay.drain(), 2);
    assert.deepEqual(
      received.map((e) => e.eventId),
      [first, refused, last],
    );
    assert.deepEqual(await unpublished(), []);
  });

  it('drains more than one batch', async () => {
    const values = Array.from({ length: 450 }, (_, i) => ({ topic: 'bulk', payload: { i } }));
    await database.db.insert(outboxEvents).values(values);
    assert.equal(await new OutboxRelay(database.db, bus, clock).drain(), 450);
    assert.deepEqual(
      received.map((e) => (e.data as { i: number }).i),
      values.map((v) => v.payload.i),
    );
  });

  it('kick() coalesces concurrent requests and still publishes each event once', async () => {
    const relay = new OutboxRelay(database.db, bus, clock);
    const ids = [await insert('kick', { i: 1 }), await insert('kick', { i: 2 })];
    await Promise.all([relay.kick(), relay.kick(), relay.kick()]);
    // A kick that arrived during a drain schedules one more; let it settle.
    await relay.kick();
    assert.deepEqual(
      received.map((e) => e.eventId),
      ids,
    );
  });

  it('never publishes an event twice when two relays drain at the same time', async (t) => {
    // On PostgreSQL each relay has its own pool, so the drains truly overlap; on PGlite the
    // single connection serialises them, which must give the same result.
    const pools = onPostgres
      ? [
          await openDatabase({ url: database.url!, poolSize: 3 }),
          await openDatabase({ url: database.url!, poolSize: 3 }),
        ]
      : [];
    if (!onPostgres) t.diagnostic('PGlite: the two drains share one connection and run one after the other');
    try {
      const dbs = onPostgres ? pools.map((p) => p.db) : [database.db, database.db];
      let expected = 0;
      for (let round = 0; round < 10; round++) {
        const values = Array.from({ length: 60 }, (_, i) => ({ topic: 'race', payload: { round, i } }));
        await database.db.insert(outboxEvents).values(values);
        expected += values.length;
        const relays = dbs.map((db) => new OutboxRelay(db, bus, clock));
        // Events keep arriving while the relays drain.
        await Promise.all([
          ...relays.map((r) => r.drain()),
          insert('race', { round, late: true }),
          ...relays.map((r) => r.drain()),
        ]);
        expected += 1;
        await relays[0]!.drain();
      }
      const ids = received.map((e) => e.eventId);
      assert.equal(new Set(ids).size, ids.length, 'an event was published twice');
      assert.equal(ids.length, expected);
      assert.deepEqual(await unpublished(), []);
    } finally {
      for (const p of pools) await p.close();
    }
  });
});
