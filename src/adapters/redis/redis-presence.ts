// Presence shared by every instance through Redis. Each instance owns one hash of its online
// users (a mirror of its in-memory counts) with a TTL its heartbeat keeps refreshing, and an entry
// in a sorted set of live instances scored by that expiry: a crashed instance's users drop out
// once its TTL lapses, without anyone cleaning up after it.
import type { Redis } from 'ioredis';
import type { Presence } from '../../ports/presence.ts';

export interface RedisPresenceOptions {
  /** How long an instance's entries outlive its last heartbeat. */
  ttlMs?: number;
  /** How often the heartbeat rewrites the hash and pushes the expiry forward. */
  refreshMs?: number;
  prefix?: string;
  onError?: (err: unknown) => void;
}

export class RedisPresence implements Presence {
  private readonly counts = new Map<number, number>();
  private readonly prefix: string;
  private readonly key: string;
  private readonly index: string;
  private readonly ttlMs: number;
  private readonly timer: NodeJS.Timeout;
  private readonly onError: (err: unknown) => void;

  constructor(
    private readonly redis: Redis,
    private readonly instanceId: string,
    opts: RedisPresenceOptions = {},
  ) {
    this.prefix = opts.prefix ?? 'stays:presence';
    this.key = this.keyOf(instanceId);
    this.index = `${this.prefix}:instances`;
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.onError = opts.onError ?? (() => {});
    this.timer = setInterval(() => this.refresh().catch(this.onError), opts.refreshMs ?? Math.floor(this.ttlMs / 3));
    this.timer.unref();
  }

  async connected(userId: number): Promise<void> {
    // The local count changes before any await, so calls in any order keep it right.
    const n = (this.counts.get(userId) ?? 0) + 1;
    this.counts.set(userId, n);
    if (n === 1)
      await this.redis
        .multi()
        .hset(this.key, String(userId), '1')
        .pexpire(this.key, this.ttlMs)
        .zadd(this.index, Date.now() + this.ttlMs, this.instanceId)
        .exec();
  }

  async disconnected(userId: number): Promise<void> {
    const n = (this.counts.get(userId) ?? 0) - 1;
    if (n > 0) {
      this.counts.set(userId, n);
      return;
    }
    this.counts.delete(userId);
    await this.redis.hdel(this.key, String(userId));
  }

  async online(userIds: number[]): Promise<Set<number>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Set();
    const out = new Set(ids.filter((id) => this.counts.has(id)));
    try {
      const instances = await this.redis.zrangebyscore(this.index, Date.now(), '+inf');
      const others = instances.filter((i) => i !== this.instanceId);
      if (others.length === 0) return out;
      const fields = ids.map(String);
      const pipe = this.redis.pipeline();
      for (const i of others) pipe.hmget(this.keyOf(i), ...fields);
      for (const [err, values] of (await pipe.exec()) ?? []) {
        if (err) throw err;
        (values as Array<string | null>).forEach((v, k) => {
          if (v !== null) out.add(ids[k]!);
        });
      }
    } catch (err) {
      // Redis away: a conversation list still answers, knowing only this instance's clients.
      this.onError(err);
    }
    return out;
  }

  private keyOf(instanceId: string): string {
    return `${this.prefix}:instance:${instanceId}`;
  }

  /** Rewrites this instance's hash in one transaction (healing any lost write) and renews its TTL. */
  async refresh(): Promise<void> {
    const now = Date.now();
    const m = this.redis.multi().del(this.key);
    if (this.counts.size)
      m.hset(this.key, Object.fromEntries([...this.counts.keys()].map((id) => [String(id), '1']))).pexpire(
        this.key,
        this.ttlMs,
      );
    await m
      .zadd(this.index, now + this.ttlMs, this.instanceId)
      .zremrangebyscore(this.index, '-inf', now)
      .exec();
  }

  /** Stops the heartbeat and removes this instance's entries at once. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.counts.clear();
    await this.redis.multi().del(this.key).zrem(this.index, this.instanceId).exec();
  }

  /** Stops the heartbeat without cleaning up, as a crash would (tests). */
  abandon(): void {
    clearInterval(this.timer);
  }
}
