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
          snapshot: reservations.priceSnapshot,
          rules: reservations.rulesSnapshot,
        })
        .from(reservations)
        .innerJoin(properties, eq(properties.id, reservations.propertyId))
        .where(eq(reservations.id, reservationId));
      return r;
    },

    /** Refunds requested for the reservation and the earnings the ledger already books for it, in one statement. */
    async sums(reservationId: number): Promise<{ refunded: number; booked: number }> {
      const res = await queryRows<{
        refunded: string | number;
        booked: string | number;
      }>(
        db,
        sql`
    SELECT
      COALESCE((SELECT sum(amount_minor) FROM refunds WHERE reservation_id = ${reservationId}), 0) AS refunded,
      COALESCE((SELECT sum(amount_minor) FROM owner_earnings WHERE reservation_id = ${reservationId}), 0) AS booked`,
      );
      return { refunded: Number(res.rows[0]!.refunded), booked: Number(res.rows[0]!.booked) };
    },

    /** One ledger line; a repeat of the same source is ignored. */
    async insertLine(values: typeof ownerEarnings.$inferInsert): Promise<void> {
      await db.insert(ownerEarnings).values(values).onConflictDoNothing();
    },
  };
}
