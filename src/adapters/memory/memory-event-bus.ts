import { EventEmitter } from 'node:events';
import type { BusHandler, BusMessage, EventBus } from '../../ports/event-bus.ts';

/** The in-process bus: one instance, no outside service. */
export class MemoryEventBus implements EventBus {
  private readonly emitter = new EventEmitter({ captureRejections: false });
  constructor(private readonly onError: (err: unknown) => void = () => {}) {
    this.emitter.setMaxListeners(0);
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    this.deliver({ topic, payload });
  }

  /** Delivers to local subscribers; shared with the Redis adapter for incoming messages. */
  deliver(message: BusMessage): void {
    for (const name of [message.topic, '*']) {
      for (const listener of this.emitter.listeners(name) as BusHandler[]) {
        try {
          Promise.resolve(listener(message)).catch(this.onError);
        } catch (err) {
          this.onError(err);
        }
      }
    }
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    this.emitter.on(topic, handler);
    return () => this.emitter.off(topic, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
