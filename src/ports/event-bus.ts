export interface BusMessage {
  topic: string;
  payload: unknown;
}

export type BusHandler = (message: BusMessage) => void | Promise<void>;

/**
 * Publishes events to every instance of the service (in-process, or Redis when several
 * instances share one database). Delivery is at-most-once per live subscriber: anything that
 * must survive a crash is written to the outbox first and published by the relay.
 */
export interface EventBus {
  /** Sends a message to every subscriber of its topic on every instance. */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Registers a handler for a topic ('*' for all); returns a function that unsubscribes. */
  subscribe(topic: string, handler: BusHandler): () => void;
  /** Stops delivery and releases connections. */
  close(): Promise<void>;
}
