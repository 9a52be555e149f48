import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BusMessage } from '../../ports/event-bus.ts';
import { RedisEventBus } from './redis-event-bus.ts';

const url = process.env.TEST_REDIS_URL;
const skipReason = url
  ? false
  : 'TEST_REDIS_URL is not set; set it (e.g. redis://127.0.0.1:6379) to test the Redis bus';
if (!url) console.log(`# redis-event-bus.test.ts skipped: ${skipReason}`);

/** Resolves with the first `count` messages a subscription gets, or rejects after a while. */
function collect(bus: RedisEventBus, topic: string, count: number, timeoutMs = 3000): Promise<BusMessage[]> {
  return new Promise((resolve, reject) => {
    const got: BusMessage[] = [];
    const timer = setTimeout(() => {
      off();
      reject(new Error(`got ${got.length} of ${count} messages on ${topic}`));
    }, timeoutMs);
    const off = bus.subscribe(topic, (m) => {
      got.push(m);
      if (got.length === count) {
        clearTimeout(timer);
        off();
        resolve(got);
      }
    });
  });
}

describe('RedisEventBus', { skip: skipReason }, () => {
  // A channel of this run alone, so parallel runs on one Redis do not see each other.
  const channel = `stays-test:${randomUUID()}`;
  const errors: unknown[] = [];
  let serverA: RedisEventBus;
  let serverB: RedisEventBus;

  before(async () => {
    serverA = new RedisEventBus(url!, channel, (e) => errors.push(e));
    serverB = new RedisEventBus(url!, channel, (e) => errors.push(e));
    await Promise.all([serverA.whenReady(), serverB.whenReady()]);
  });
  after(async () => {
    await serverA.close();
    await serverB.close();
  });

  it('delivers a publish on one server to subscribers on both', async () => {
    const onA = collect(serverA, 'booking.created', 1);
    const onB = collect(serverB, 'booking.created', 1);
    await serverA.publish('booking.created', { id: 42, at: '2030-01-01T00:00:00.000Z' });
    const expected = [{ topic: 'booking.created', payload: { id: 42, at: '2030-01-01T00:00:00.000Z' } }];
    assert.deepEqual(await onA, expected);
    assert.deepEqual(await onB, expected);
  });

  it('delivers to "*" subscribers and not to subscribers of other topics', async () => {
    const other: BusMessage[] = [];
    const offOther = serverB.subscribe('payment.captured', (m) => void other.push(m));
    const all = collect(serverB, '*', 2);
    await serverA.publish('t.one', 1);
    await serverB.publish('t.two', 2);
    assert.deepEqual((await all).map((m) => m.topic).sort(), ['t.one', 't.two']);
    offOther();
    assert.deepEqual(other, []);
  });

  it('stops delivering to a handler that unsubscribed', async () => {
    let n = 0;
    const off = serverB.subscribe('unsub', () => void (n += 1));
    const first = collect(serverB, 'unsub', 1);
    await serverA.publish('unsub', {});
    await first;
    off();
    const second = collect(serverB, 'unsub', 1);
    await serverA.publish('unsub', {});
    await second;
    assert.equal(n, 1);
  });

  it('keeps delivering to other handlers when one throws, reporting the error', async () => {
    errors.length = 0;
    const offBad = serverB.subscribe('throws', () => {
      throw new Error('handler failed');
    });
    const good = collect(serverB, 'throws', 2);
    await serverA.publish('throws', 1);
    await serverA.publish('throws', 2);
    assert.deepEqual(
      (await good).map((m) => m.payload),
      [1, 2],
    );
    offBad();
    assert.deepEqual(
      errors.map((e) => (e as Error).message),
      ['handler failed', 'handler failed'],
    );
  });

  it('does not deliver messages of another channel', async () => {
    const stranger = new RedisEventBus(url!, `${channel}:other`);
    await stranger.whenReady();
    try {
      let n = 0;
      const off = serverA.subscribe('*', () => void (n += 1));
      const own = collect(stranger, 'isolated', 1);
      await stranger.publish('isolated', {});
      await own;
      await sleep(100);
      off();
      assert.equal(n, 0);
    } finally {
      await stranger.close();
    }
  });
});
