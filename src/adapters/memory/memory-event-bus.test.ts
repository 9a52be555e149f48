import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import type { BusMessage } from '../../ports/event-bus.ts';
import { MemoryEventBus } from './memory-event-bus.ts';

describe('MemoryEventBus', () => {
  it('delivers a message to its topic subscribers and to "*" subscribers only', async () => {
    const bus = new MemoryEventBus();
    const seen: string[] = [];
    bus.subscribe('booking.created', (m) => void seen.push(`topic:${m.topic}`));
    bus.subscribe('booking.cancelled', (m) => void seen.push(`other:${m.topic}`));
    bus.subscribe('*', (m) => void seen.push(`all:${m.topic}`));
    await bus.publish('booking.created', { id: 7 });
    assert.deepEqual(seen.sort(), ['all:booking.created', 'topic:booking.created']);
    await bus.close();
  });

  it('hands handlers the topic and the payload as published', async () => {
    const bus = new MemoryEventBus();
    const got: BusMessage[] = [];
    bus.subscribe('t', (m) => void got.push(m));
    const payload = { eventId: 1, data: { nested: [1, 2] } };
    await bus.publish('t', payload);
    assert.deepEqual(got, [{ topic: 't', payload }]);
    await bus.close();
  });

  it('stops delivering to a handler once it unsubscribed, leaving the others', async () => {
    const bus = new MemoryEventBus();
    let a = 0;
    let b = 0;
    const offA = bus.subscribe('t', () => void (a += 1));
    bus.subscribe('t', () => void (b += 1));
    const offAll = bus.subscribe('*', () => void (a += 100));
    await bus.publish('t', null);
    offA();
    offAll();
    await bus.publish('t', null);
    assert.equal(a, 101);
    assert.equal(b, 2);
    await bus.close();
  });

  it('keeps delivering to the other handlers when one throws or rejects, reporting the error', async () => {
    const errors: unknown[] = [];
    const bus = new MemoryEventBus((err) => errors.push(err));
    const seen: string[] = [];
    bus.subscribe('t', () => {
      throw new Error('sync failure');
    });
    bus.subscribe('t', async () => {
      throw new Error('async failure');
    });
    bus.subscribe('t', () => void seen.push('topic'));
    bus.subscribe('*', () => void seen.push('all'));
    await bus.publish('t', {});
    await bus.publish('t', {});
    await tick();
    assert.deepEqual(seen, ['topic', 'all', 'topic', 'all']);
    assert.deepEqual(errors.map((e) => (e as Error).message).sort(), [
      'async failure',
      'async failure',
      'sync failure',
      'sync failure',
    ]);
    await bus.close();
  });

  it('delivers nothing after close()', async () => {
    const bus = new MemoryEventBus();
    let n = 0;
    bus.subscribe('*', () => void (n += 1));
    await bus.close();
    await bus.publish('t', {});
    assert.equal(n, 0);
  });
});
