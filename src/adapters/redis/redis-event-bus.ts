import { Redis } from 'ioredis';
import type { BusHandler, EventBus } from '../../ports/event-bus.ts';
import { MemoryEventBus } from '../memory/memory-event-bus.ts';

/** Redis pub/sub: a message published on any instance reaches subscribers on all of them. */
export class RedisEventBus implements EventBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local: MemoryEventBus;
  private readonly ready: Promise<unknown>;

  constructor(
    url: string,
    private readonly channel = 'stays:events',
    onError: (err: unknown) => void = () => {},
  ) {
    this.local = new MemoryEventBus(onError);
    // Publishing fails at once while Redis is away (the outbox relay keeps the event and tries
    // again) instead of holding the relay's transaction open for the reconnection.
    this.pub = new Redis(url, {
      lazyConnect: false,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: 2000,
    });
    this.sub = new Redis(url, { lazyConnect: false });
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (_ch: string, raw: string) => {
      try {
        this.local.deliver(JSON.parse(raw));
      } catch (err) {
        onError(err);
      }
    });
    const pubReady = new Promise<void>((resolve) => this.pub.once('ready', () => resolve()));
    this.ready = Promise.all([this.sub.subscribe(this.channel), pubReady]);
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    if (this.pub.status !== 'ready') throw new Error(`event bus unavailable (redis ${this.pub.status})`);
    await this.pub.publish(this.channel, JSON.stringify({ topic, payload }));
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    return this.local.subscribe(topic, handler);
  }

  /** Whether both connections are up now (health checks, tests). */
  get connected(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  /** Resolves once the subscription is live (tests wait for it before publishing). */
  async whenReady(): Promise<void> {
    await this.ready;
  }

  async close(): Promise<void> {
    await this.local.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
