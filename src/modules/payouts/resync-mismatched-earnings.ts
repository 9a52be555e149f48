// `npm run repair:earnings` (scripts/repair-earnings.ts): re-syncs the owners' earnings of the
// bookings that ever had a payment of the wrong amount or currency. Before 50dbd25 the ledger
// counted those refunds against what such a booking holds, so from its next payment, change or
// cancellation on its owner was credited too little. A sync writes the difference, and nothing
// where the ledger is right: each booking in its own transaction under its row lock, as every
// change of its money, so it may run beside the service and a rerun writes nothing.
import type { Db } from '../../db/connection.ts';
import type { Deps } from '../../kernel/deps.ts';
import { ownerEarningsRepository } from './owner-earnings.repository.ts';
import { syncOwnerEarnings } from './sync-owner-earnings.ts';

export interface Resynced {
  /** Bookings with a mismatched payment's refund, all looked at. */
  bookings: number;
  /** The ledger lines written: the reservation and the minor units added (or taken back). */
  corrected: Array<{ reservationId: number; deltaMinor: number }>;
  /** Bookings not looked at because `stopped` said so (a rerun does them). */
  left: number;
}

export async function resyncMismatchedEarnings(opts: {
  db: Db;
  config: Deps['config'];
  now: Date;
  /** Asked between bookings: true stops the run there. */
  stopped?: () => boolean;
}): Promise<Resynced> {
  const { db, config, now, stopped } = opts;
  const ids = await ownerEarningsRepository(db).withMismatchRefunds();
  const corrected: Resynced['corrected'] = [];
  for (const [i, reservationId] of ids.entries()) {
    if (stopped?.()) return { bookings: ids.length, corrected, left: ids.length - i };
    const deltaMinor = await db.transaction(async (tx) => {
      await ownerEarningsRepository(tx).lock(reservationId);
      return syncOwnerEarnings({ config }, tx, reservationId, `repair:mismatch:${reservationId}:${now.getTime()}`, now);
    });
    if (deltaMinor !== 0) corrected.push({ reservationId, deltaMinor });
  }
  return { bookings: ids.length, corrected, left: 0 };
}
