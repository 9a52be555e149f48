// Side effects of a change that has already committed.
import type { Deps } from '../kernel/deps.ts';

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

/**
 * Tells the processor that checkouts superseded by a committed change may no longer be paid. A
 * failure (the processor unreachable) is logged and left: the session then lapses on its own,
 * and a payment that still lands on it is refunded in full by the confirmation path, so no
 * money is lost or miscounted.
 */
export async function expireCheckouts(deps: Deps, sessionIds: readonly string[]): Promise<void> {
  for (const id of sessionIds)
    await afterCommit(deps, 'checkout session expiry', () => deps.payments.expireCheckout(id));
}
