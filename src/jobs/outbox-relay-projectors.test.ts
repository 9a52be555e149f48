import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, isNull, sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.ts';
import { outboxEvents } from '../db/schema/index.ts';
import { MemoryEventBus } from '../adapters/memory/memory-event-bus.ts';
import { platformRepository } from '../platform/platform.repository.ts';
import { ManualClock } from '../ports/clock.ts';
import { OutboxRelay } from './outbox-relay.ts';
import { rawQuery } from '../db/raw-query.ts';
import type { PublishedEvent } from '../kernel/events.ts';

describe('OutboxRelay projectors', () => {
  let database: TestDatabase;
  let bus: MemoryEventBus;
  let received: PublishedEvent[];
  const clock = new ManualClock(new Date('2030-01-01T00:00:00Z'));

  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.close());
  beforeEach(async () => {
    await new OutboxRelay(database.db, new MemoryEventBus(), clock).drain();
    bus = new MemoryEventBus();
    received = [];
    bus.subscribe('*', (m) => void received.push(m.payload as PublishedEvent));
  });

  const insert = (topic: string, data: unknown) =>
    database.db.transaction((tx) => platformRepository(tx).insertEvent(topic, data));
  const unpublished = async () =>
    (await database.db.select().from(outboxEvents).where(isNull(outboxEvents.publishedAt))).map((r) => r.id);
  const row = async (id: number) => (await database.db.select().from(outboxEvents).where(eq(outboxEvents.id, id)))[0]!;

  it('runs before the event is published, in the relay transaction, and publishes what it wrote in the same drain', async () => {
    const relay = new OutboxRelay(database.db, bus, clock).addProjector('order.placed', async ({ tx, event, now }) => {
      // The source is still unpublished while its projection runs.
      const [self] = await tx.select().from(outboxEvents).where(eq(outboxEvents.id, event.eventId));
      assert.equal(self!.publishedAt, null);
      assert.equal(now.getTime(), clock.now().getTime());
      await platformRepository(tx).insertEvent('order.noted', { of: event.eventId });
      return 1;
    });
    const id = await insert('order.placed', { n: 1 });
    assert.equal(await relay.drain(), 2);
    assert.deepEqual(
      received.map((e) => e.topic),
      ['order.placed', 'order.noted'],
    );
    assert.deepEqual(received[1]!.data, { of: id });
    assert.deepEqual(await unpublished(), []);
  });

  it('a failing projector undoes only its own writes and holds its event (and those after it) for the next pass', async () => {
    let failing = true;
    const relay = new OutboxRelay(database.db, bus, clock).addProjector('fragile', async ({ tx }) => {
      await platformRepository(tx).insertEvent('fragile.side', {});
      if (failing) throw new Error('projection bug');
      return 1;
    });
    const before = await insert('plain', { i: 1 });
    const bad = await insert('fragile', { i: 2 });
    const afterIt = await insert('plain', { i: 3 });
    assert.equal(await relay.drain(), 1);
    assert.deepEqual(
      received.map((e) => e.eventId),
      [before],
    );
    assert.deepEqual(await unpublished(), [bad, afterIt]);
    assert.equal((await row(bad)).attempts, 1);
    assert.equal(
      (await database.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'fragile.side'))).length,
      0,
    );

    failing = false;
    assert.equal(await relay.drain(), 3);
    assert.deepEqual(
      received.map((e) => e.topic),
      ['plain', 'fragile', 'plain', 'fragile.side'],
    );
  });

  it("hands a batch projector all of a pass's events of its topics at once, in order", async () => {
    const calls: number[][] = [];
    const relay = new OutboxRelay(database.db, bus, clock).addBatchProjector(
      ['tick', 'tock'],
      async ({ tx, events }) => {
        calls.push(events.map((e) => e.eventId));
        for (const e of events) await platformRepository(tx).insertEvent('ticked', { of: e.eventId });
        return events.length;
      },
    );
    const ids = [
      await insert('tick', {}),
      await insert('other', {}),
      await insert('tock', {}),
      await insert('tick', {}),
    ];
    assert.equal(await relay.drain(), 7);
    assert.deepEqual(calls, [[ids[0], ids[2], ids[3]]]);
    assert.deepEqual(
      received.map((e) => e.topic),
      ['tick', 'other', 'tock', 'tick', 'ticked', 'ticked', 'ticked'],
    );
    assert.deepEqual(
      received.slice(4).map((e) => (e.data as { of: number }).of),
      [ids[0], ids[2], ids[3]],
    );
  });

  it('a failing batch projection is rolled back and the pass run again event by event: only the failing event waits', async () => {
    const calls: number[][] = [];
    let failing = true;
    const relay = new OutboxRelay(database.db, bus, clock).addBatchProjector(['job'], async ({ tx, events }) => {
      calls.push(events.map((e) => e.eventId));
      for (const e of events) {
        await platformRepository(tx).insertEvent('job.side', { of: e.eventId });
        if (failing && (e.data as { bad?: boolean }).bad) throw new Error('projection bug');
      }
      return events.length;
    });
    const first = await insert('job', {});
    const bad = await insert('job', { bad: true });
    const last = await insert('job', {});
    assert.equal(await relay.drain(), 1);
    // The batch, then event by event: the first event (kept), the bad one (undone, held).
    assert.deepEqual(calls, [[first, bad, last], [first], [bad]]);
    assert.deepEqual(
      received.map((e) => e.eventId),
      [first],
    );
    const sides = async () =>
      (await database.db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'job.side'))).map(
        (e) => (e.payload as { of: number }).of,
      );
    assert.deepEqual(await sides(), [first]);
    assert.deepEqual((await unpublished()).slice(0, 2), [bad, last]);
    assert.equal((await row(bad)).attempts, 1);
    assert.equal((await row(first)).attempts, 0);

    failing = false;
    calls.length = 0;
    assert.equal(await relay.drain(), 5);
    assert.deepEqual(calls, [[bad, last]]);
    assert.deepEqual(
      received.map((e) => e.topic),
      ['job', 'job', 'job', 'job.side', 'job.side', 'job.side'],
    );
    assert.deepEqual(
      (await sides()).sort((a, b) => a - b),
      [first, bad, last],
    );
    assert.deepEqual(await unpublished(), []);
  });

  it('a projection meeting a statement a migration made stale is run again in the same pass, no attempt spent', async () => {
    await database.db.execute(sql`CREATE TABLE relay_stale (id int PRIMARY KEY, v int NOT NULL)`);
    await database.db.execute(sql`INSERT INTO relay_stale VALUES (1, 7)`);
    const statement = { name: 'relay_stale_read', text: 'SELECT v FROM relay_stale WHERE id = $1' };
    let batchFails = false;
    const relay = new OutboxRelay(database.db, bus, clock)
      .addProjector('stale', async ({ tx }) => (await rawQuery(tx, statement, [1])).length)
      // Fails once, in the batch pass, so the stale statement is first met event by event.
      .addProjector('job', async () => {
        if (batchFails) {
          batchFails = false;
          throw new Error('batch projection bug');
        }
        return 0;
      });
    await insert('stale', {});
    assert.equal(await relay.drain(), 1, 'the statement is prepared where the relay runs');
    await database.db.execute(sql`ALTER TABLE relay_stale ALTER COLUMN v TYPE bigint`);
    batchFails = true;
    const job = await insert('job', {});
    const stale = await insert('stale', {});
    assert.equal(await relay.drain(), 2);
    assert.deepEqual(
      received.slice(-2).map((e) => e.eventId),
      [job, stale],
    );
    assert.equal((await row(stale)).attempts, 0);
    assert.deepEqual(await unpublished(), []);
  });

  it('gives up a projection that keeps failing after 5 passes and publishes the event without it', async () => {
    const relay = new OutboxRelay(database.db, bus, clock).addProjector('poison', async () => {
      throw new Error('always');
    });
    const id = await insert('poison', {});
    for (let pass = 1; pass <= 4; pass++) {
      assert.equal(await relay.drain(), 0);
      assert.equal((await row(id)).attempts, pass);
    }
    assert.equal(await relay.drain(), 1);
    assert.deepEqual(
      received.map((e) => e.eventId),
      [id],
    );
  });

  it('stops a drain whose projector answers its own events with more, leaving the rest for the next run', async () => {
    const relay = new OutboxRelay(database.db, bus, clock).addProjector('echo', async ({ tx }) => {
      await platformRepository(tx).insertEvent('echo', {});
      return 1;
    });
    await insert('echo', {});
    const n = await relay.drain();
    assert.ok(n > 1 && n <= 10, `published ${n}`);
    assert.equal((await unpublished()).length, 1);
    await database.db.delete(outboxEvents).where(eq(outboxEvents.topic, 'echo'));
  });

  it('idle() waits for a drain in progress, including one a concurrent kick asked for', async () => {
    const relay = new OutboxRelay(database.db, bus, clock);
    await insert('a', {});
    void relay.kick();
    await insert('b', {});
    void relay.kick();
    await relay.idle();
    assert.deepEqual(
      received.map((e) => e.topic),
      ['a', 'b'],
    );
    assert.deepEqual(await unpublished(), []);
  });
});
