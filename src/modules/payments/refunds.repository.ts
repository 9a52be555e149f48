// SQL of executing refund requests (execute-refunds.ts): claiming due ones, the captured payments
// they are paid back from, and recording a result. Writes take the caller's transaction.
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { payments, refunds, reservations } from '../../db/schema/index.ts';
import type { PaymentRow } from './payments.repository.ts';
import { queryRows } from '../../db/query-rows.ts';

export type RefundRow = typeof refunds.$inferSelect;

export function refundsRepository(db: Executor) {
  return {
    /**
     * Locks up to `limit` due refunds (unfinished, next attempt reached) that no other run holds,
     * and leases them to this run: their next attempt moves to `leaseUntil`. Run in a transaction.
     */
    async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<RefundRow[]> {
      const due = await queryRows<{ id: string | number }>(
        db,
        sql`
      SELECT id FROM refunds
      WHERE status IN ('pending', 'failed') AND (next_attempt_at IS NULL OR next_attempt_at <= ${now.toISOString()}::timestamptz)
      ORDER BY id LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`,
      );
      const ids = due.rows.map((r) => Number(r.id));
      if (!ids.length) return [];
      return db.update(refunds).set({ nextAttemptAt: leaseUntil }).where(inArray(refunds.id, ids)).returning();
    },

    /** A failed attempt, unless the refund has finished meanwhile. */
    async recordFailure(id: number, v: { attempts: number; lastError: string; nextAttemptAt: Date }): Promise<void> {
      await db
        .update(refunds)
        .set({
          status: 'failed',
          attempts: v.attempts,
          lastError: v.lastError,
          nextAttemptAt: v.nextAttemptAt,
        })
        .where(and(eq(refunds.id, id), inArray(refunds.status, ['pending', 'failed'])));
    },

    /** The reservation's payments the processor captured, newest first. */
    async capturedPayments(reservationId: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.reservationId, reservationId),
            inArray(payments.status, ['paid', 'refund_pending', 'partially_refunded', 'refunded']),
            isNotNull(payments.processorPaymentId),
          ),
        )
        .orderBy(desc(payments.paidAt), desc(payments.id));
    },

    /** The reason of the refund that gives back this one payment whole (superseded, late, mismatched), if any. */
    async pinnedReason(paymentId: number): Promise<string | null> {
      const [row] = await db
        .select({ reason: refunds.reason })
        .from(refunds)
        .where(eq(refunds.paymentId, paymentId))
        .limit(1);
      return row?.reason ?? null;
    },

    /**
     * A refund of one payment that never counted towards its booking (a mismatched amount or
     * currency): the reservation's own sums are left alone, as they never held this money.
     */
    async insertPinnedRefund(v: {
      reservationId: number;
      paymentId: number;
      amountMinor: number;
      currency: string;
      reason: string;
      at: Date;
    }): Promise<number> {
      const [row] = await db
        .insert(refunds)
        .values({
          reservationId: v.reservationId,
          paymentId: v.paymentId,
          amountMinor: v.amountMinor,
          currency: v.currency,
          reason: v.reason,
          plan: [{ paymentId: v.paymentId, amountMinor: v.amountMinor }],
          createdAt: v.at,
        })
        .returning({ id: refunds.id });
      return row!.id;
    },

    async lock(id: number): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).for('update');
      return row;
    },

    /** Part of a payment given back: `refunded` once all of it is, else `partially_refunded`. */
    async addPaymentRefunded(paymentId: number, amountMinor: number, at: Date): Promise<void> {
      await db
        .update(payments)
        .set({
          refundedMinor: sql`${payments.refundedMinor} + ${amountMinor}`,
          status: sql`CASE WHEN ${payments.refundedMinor} + ${amountMinor} >= ${payments.amountMinor} THEN 'refunded' ELSE 'partially_refunded' END`,
          updatedAt: at,
        })
        .where(eq(payments.id, paymentId));
    },

    async markSucceeded(
      id: number,
      v: { attempts: number; completedAt: Date; processorRefundId: string },
    ): Promise<void> {
      await db
        .update(refunds)
        .set({
          status: 'succeeded',
          attempts: v.attempts,
          completedAt: v.completedAt,
          processorRefundId: v.processorRefundId,
          lastError: null,
          nextAttemptAt: null,
        })
        .where(eq(refunds.id, id));
    },

    async addReservationRefunded(reservationId: number, amountMinor: number, at: Date): Promise<void> {
      await db
        .update(reservations)
        .set({ refundedMinor: sql`${reservations.refundedMinor} + ${amountMinor}`, updatedAt: at })
        .where(eq(reservations.id, reservationId));
    },

    /** Refunds not yet given back, by status (GET /metrics); on the open-refunds index. */
    async countOpen(): Promise<Record<'pending' | 'failed', number>> {
      const rows = await db
        .select({ status: refunds.status, n: sql<number>`count(*)::int` })
        .from(refunds)
        .where(inArray(refunds.status, ['pending', 'failed']))
        .groupBy(refunds.status);
      return { pending: 0, failed: 0, ...Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) };
    },

    /** What the refund's event names of its booking. */
    async reservationRef(reservationId: number) {
      const [r] = await db
        .select({
          guestId: reservations.guestId,
          propertyId: reservations.propertyId,
          ref: reservations.bookingRefCode,
        })
        .from(reservations)
        .where(eq(reservations.id, reservationId));
      return r;
    },
  };
}
