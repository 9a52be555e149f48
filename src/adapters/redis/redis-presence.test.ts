import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { RedisPresence } from './redis-presence.ts';

const url = process.env.TEST_REDIS_URL;
const skipReason = url
  ? false
  : 'TEST_REDIS_URL is not set; set it (e.g. redis://127.0.0.1:6379) to test the Redis presence';
if (!url) console.log(`# redis-presence.test.ts skipped: ${skipReason}`);

describe('Redis presence', { skip: skipReason }, () => {
  let redis: Redis;
  // A prefix of its own, so parallel runs never see each other's users.
  const prefix = `test:presence:${randomUUID()}`;
  before(() => {
    redis = new Redis(url!);
  });
  after(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('sees users connected on any instance, until their last connection closes', async () => {
    const a = new RedisPresence(redis, 'a', { prefix });
    const b = new RedisPresence(redis, 'b', { prefix });
    await a.connected(1);
    await a.connected(1);
    await b.connected(2);
    assert.deepEqual([...(await b.online([1, 2, 3]))].sort(), [1, 2]);
    await a.disconnected(1);
    assert.ok((await b.online([1])).has(1), 'one of two connections is still open');
    await a.disconnected(1);
    assert.equal((await b.online([1])).size, 0);
    await b.close();
    assert.equal((await a.online([2])).size, 0, 'a closed instance takes its users with it');
    await a.close();
  });

  it("forgets a crashed instance's users once its TTL lapses", async () => {
    const crashed = new RedisPresence(redis, 'crashed', { prefix, ttlMs: 300, refreshMs: 100 });
    const alive = new RedisPresence(redis, 'alive', { prefix, ttlMs: 300, refreshMs: 100 });
    await crashed.connected(7);
    await alive.connected(8);
    await sleep(400);
    assert.ok((await alive.online([7])).has(7), 'refreshed while its heartbeat ran');
    crashed.abandon();
    await sleep(500);
    assert.deepEqual([...(await alive.online([7, 8]))], [8]);
    await alive.close();
  });

  it('heals a lost write on the next heartbeat', async () => {
    const p = new RedisPresence(redis, 'healing', { prefix, ttlMs: 1000, refreshMs: 50 });
    const other = new RedisPresence(redis, 'reader', { prefix });
    await p.connected(9);
    await redis.del(`${prefix}:instance:healing`);
    await sleep(150);
    assert.ok((await other.online([9])).has(9));
    await p.close();
    await other.close();
  });
});
