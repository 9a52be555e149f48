// SQL of changing a reservation after booking (modification, cancellation, a payment received):
// the row lock, the money already held for it, and the payment and refund requests the payments
// issue executes.
// Every function takes the caller's transaction.
import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { payments, refunds, reservationRooms, reservations, type RefundPart } from '../../db/schema/index.ts';
import type { ReservationRoomRow, ReservationRow } from './reservations.repository.ts';

export type RefundReason = 'cancellation' | 'modification' | 'late_payment' | 'superseded';

export function reservationChangesRepository(db: Executor) {
  return {
    /** Locks the reservation: concurrent changes of one booking queue up and see each other's result. */
    async lock(id: number): Promise<ReservationRow | undefined> {
      const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).for('update').limit(1);
      return row;
    },

    /**
     * What the platform still holds for the booking: paid minus every refund requested (a refund
     * request is never dropped, only retried until it succeeds, so it counts from the start).
     */
    async balance(id: number): Promise<number> {
      const [row] = await db
        .select({ paid: reservations.paidMinor, requested: reservations.refundRequestedMinor })
        .from(reservations)
        .where(eq(reservations.id, id));
      return row ? row.paid - row.requested : 0;
    },

    /**
     * The booking changed (new total, dates or rooms; cancelled): its version moves on and every
     * open checkout stops being payable. Returns their processor sessions, to expire after commit.
     */
    async supersedeCheckouts(id: number, at: Date): Promise<string[]> {
      await db
        .update(reservations)
        .set({ version: sql`${reservations.version} + 1` })
        .where(eq(reservations.id, id));
      const rows = await db
        .update(payments)
        .set({ status: 'expired', updatedAt: at })
        .where(and(eq(payments.reservationId, id), eq(payments.status, 'pending')))
        .returning({ sessionId: payments.sessionId });
      return rows.flatMap((r) => (r.sessionId ? [r.sessionId] : []));
    },

    async requestPayment(v: {
      reservationId: number;
      reservationVersion: number;
      userId: number | null;
      type: 'additional';
      amountMinor: number;
      taxMinor: number;
      currency: string;
      at: Date;
    }): Promise<number> {
      const [row] = await db
        .insert(payments)
        .values({
          reservationId: v.reservationId,
          reservationVersion: v.reservationVersion,
          userId: v.userId,
          type: v.type,
          amountMinor: v.amountMinor,
          taxMinor: v.taxMinor,
          currency: v.currency,
          createdAt: v.at,
          updatedAt: v.at,
        })
        .returning({ id: payments.id });
      return row!.id;
    },

    /**
     * Records a refund request and fixes its plan: `paymentId` gives back that one payment (a
     * superseded or late one); otherwise the amount is taken from the booking's captured
     * payments, newest first, each at most what earlier plans left of it. Run under the
     * reservation's lock, so two plans never share the same money.
     */
    async requestRefund(v: {
      reservationId: number;
      amountMinor: number;
      currency: string;
      reason: RefundReason;
      paymentId?: number;
      at: Date;
    }): Promise<number> {
      const plan =
        v.paymentId !== undefined
          ? [{ paymentId: v.paymentId, amountMinor: v.amountMinor }]
          : await planRefund(db, v.reservationId, v.amountMinor);
      const [row] = await db
        .insert(refunds)
        .values({
          reservationId: v.reservationId,
          paymentId: v.paymentId ?? null,
          amountMinor: v.amountMinor,
          currency: v.currency,
          reason: v.reason,
          plan,
          createdAt: v.at,
        })
        .returning({ id: refunds.id });
      await db
        .update(reservations)
        .set({ refundRequestedMinor: sql`${reservations.refundRequestedMinor} + ${v.amountMinor}` })
        .where(eq(reservations.id, v.reservationId));
      return row!.id;
    },

    /** A pending booking paid in full: confirmed, its hold no longer needed. */
    async confirmPaid(id: number, at: Date): Promise<void> {
      await db
        .update(reservations)
        .set({ status: 'confirmed', confirmedAt: at, holdExpiresAt: null, updatedAt: at })
        .where(eq(reservations.id, id));
    },

    async replaceRooms(
      id: number,
      lines: Array<Omit<typeof reservationRooms.$inferInsert, 'reservationId'>>,
    ): Promise<ReservationRoomRow[]> {
      await db.delete(reservationRooms).where(eq(reservationRooms.reservationId, id));
      return lines.length
        ? db
            .insert(reservationRooms)
            .values(lines.map((l) => ({ ...l, reservationId: id })))
            .returning()
        : [];
    },

    /** Ids of changes whose deadline passed unpaid, up to `limit`, locked; rows another run holds are skipped. */
    async lockLapsedChanges(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: reservations.id })
        .from(reservations)
        .where(and(isNotNull(reservations.changeExpiresAt), lte(reservations.changeExpiresAt, now)))
        .orderBy(reservations.changeExpiresAt, reservations.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      return rows.map((r) => r.id);
    },

    /** Closes the booking's open additional request (its change is undone); returns its processor session. */
    async expireAdditionalRequests(id: number, at: Date): Promise<string[]> {
      const rows = await db
        .update(payments)
        .set({ status: 'expired', updatedAt: at })
        .where(and(eq(payments.reservationId, id), eq(payments.type, 'additional'), eq(payments.status, 'pending')))
        .returning({ sessionId: payments.sessionId });
      return rows.flatMap((r) => (r.sessionId ? [r.sessionId] : []));
    },

    async update(id: number, values: Partial<typeof reservations.$inferInsert>): Promise<ReservationRow> {
      const [row] = await db.update(reservations).set(values).where(eq(reservations.id, id)).returning();
      return row!;
    },
  };
}

/** Splits a refund over the captured payments, newest first, net of what earlier plans take from each. */
async function planRefund(db: Executor, reservationId: number, amountMinor: number): Promise<RefundPart[]> {
  const captured = await db
    .select({ id: payments.id, amount: payments.amountMinor, refunded: payments.refundedMinor })
    .from(payments)
    .where(
      and(
        eq(payments.reservationId, reservationId),
        inArray(payments.status, ['paid', 'partially_refunded', 'refunded']),
        isNotNull(payments.processorPaymentId),
      ),
    )
    .orderBy(desc(payments.paidAt), desc(payments.id));
  const earlier = await db
    .select({ plan: refunds.plan })
    .from(refunds)
    .where(and(eq(refunds.reservationId, reservationId), isNotNull(refunds.plan)));
  const planned = new Map<number, number>();
  for (const r of earlier)
    for (const p of r.plan!) planned.set(p.paymentId, (planned.get(p.paymentId) ?? 0) + p.amountMinor);
  const plan: RefundPart[] = [];
  let left = amountMinor;
  for (const p of captured) {
    if (left <= 0) break;
    // Refunds from before plans were kept show only in refunded_minor once executed.
    const part = Math.min(left, p.amount - Math.max(planned.get(p.id) ?? 0, p.refunded));
    if (part <= 0) continue;
    plan.push({ paymentId: p.id, amountMinor: part });
    left -= part;
  }
  return plan;
}
