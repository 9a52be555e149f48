// Presence of one instance: connection counts per user in process memory.
import type { Presence } from '../../ports/presence.ts';

export class MemoryPresence implements Presence {
  private readonly counts = new Map<number, number>();

  async connected(userId: number): Promise<void> {
    this.counts.set(userId, (this.counts.get(userId) ?? 0) + 1);
  }

  async disconnected(userId: number): Promise<void> {
    const n = (this.counts.get(userId) ?? 0) - 1;
    if (n > 0) this.counts.set(userId, n);
    else this.counts.delete(userId);
  }

  async online(userIds: number[]): Promise<Set<number>> {
    return new Set(userIds.filter((id) => this.counts.has(id)));
  }

  async close(): Promise<void> {
    this.counts.clear();
  }
}
