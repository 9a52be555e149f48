// The Redis adapters, loaded by the container only when REDIS_URL is set (ioredis is not loaded otherwise).
import { Redis } from 'ioredis';

export { RedisEventBus } from './redis-event-bus.ts';
export { RedisPresence } from './redis-presence.ts';

/**
 * The shared client for rate limits and presence: a command fails at once while Redis is away
 * (the callers fall back) instead of queueing, and the client keeps reconnecting in the background.
 */
export function openRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1000 });
}
