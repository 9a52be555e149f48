// Side effects of a change that has already committed.
import type { Deps } from '../container.ts';

/**
 * Runs a side effect (mail, broadcast, file removal). Its failure is logged, not answered as an
 * error: the change happened, and a 500 would make the client retry something that is done.
 */
export async function afterCommit(deps: Deps, what: string, effect: () => Promise<unknown>): Promise<boolean> {
  try {
    await effect();
    return true;
  } catch (err) {
    deps.log.error({ err }, `${what} failed after commit`);
    return false;
  }
}

/**
 * Publishes the events a committed transaction wrote. Not awaited by the request: the events
 * are already durable, and the relay job publishes whatever a failed kick leaves behind.
 */
export function publishAfterCommit(deps: Deps): void {
  deps.outbox.kick().catch((err) => deps.log.warn({ err }, 'outbox kick failed; the relay job will publish later'));
}
