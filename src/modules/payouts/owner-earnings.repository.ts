// SQL of keeping the owners' earnings ledger in step with a booking's money
// (sync-owner-earnings.ts): what the booking holds, what the ledger already books for it, and the
// delta lines. Every function takes the caller's transaction.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { ownerEarnings, properties, reservations } from '../../db/schema/index.ts';
import { queryRows } from '../../db/query-rows.ts';

export function ownerEarningsRepository(db: Executor) {
  return {
    /** The reservation's money and snapshots, with its listing's owner, time zone and check-in time. */
    async reservationTerms(reservationId: number) {
      const [r] = await db
        .select({
          ownerId: properties.ownerId,
          timezone: properties.timezone,
          checkInTime: properties.checkInTime,
          checkinDate: reservations.checkinDate,
          currency: reservations.currency,
          total: reservations.totalMinor,
          paid: reservations.paidMinor,
          refundRequested: reservations.refundRequestedMinor,
          snapshot: reservations.priceSnapshot,
          rules: reservations.rulesSnapshot,
        })
        .from(reservations)
        .innerJoin(properties, eq(properties.id, reservations.propertyId))
        .where(eq(reservations.id, reservationId));
      return r;
    },

    /**
     * Reservations that ever had a refund of money never counted towards them: a payment of the
     * wrong amount or currency (payments' AMOUNT_MISMATCH; payouts may not import payments).
     */
    async withMismatchRefunds(): Promise<number[]> {
      const res = await queryRows<{ id: string | number }>(
        db,
        sql`SELECT DISTINCT reservation_id AS id FROM refunds WHERE reason = 'amount_mismatch' ORDER BY 1`,
      );
      return res.rows.map((r) => Number(r.id));
    },

    /** Locks the reservation's row for the transaction, as every change of its money does. */
    async lock(reservationId: number): Promise<void> {
      await db.execute(sql`SELECT id FROM reservations WHERE id = ${reservationId} FOR UPDATE`);
    },

    /** What the ledger already books for the reservation. */
    async booked(reservationId: number): Promise<number> {
      const res = await queryRows<{ booked: string | number }>(
        db,
        sql`SELECT COALESCE(sum(amount_minor), 0) AS booked FROM owner_earnings WHERE reservation_id = ${reservationId}`,
      );
      return Number(res.rows[0]!.booked);
    },

    /** One ledger line; a repeat of the same source is ignored. */
    async insertLine(values: typeof ownerEarnings.$inferInsert): Promise<void> {
      await db.insert(ownerEarnings).values(values).onConflictDoNothing();
    },
  };
}
