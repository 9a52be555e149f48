/**
 * Who is connected to the real-time transports right now, across every instance. The realtime
 * module reports connections; conversation summaries read `is_online` / `last_seen` from it.
 * The in-process adapter serves one instance; the Redis adapter shares it between instances.
 */
export interface Presence {
  /** A real-time connection of the user opened on this instance. */
  connected(userId: number): Promise<void>;
  /** One of the user's connections on this instance closed (they may still have others). */
  disconnected(userId: number): Promise<void>;
  /** Which of these users have at least one live connection on any instance. */
  online(userIds: number[]): Promise<Set<number>>;
  close(): Promise<void>;
}
