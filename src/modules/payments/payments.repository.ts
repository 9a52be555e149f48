// SQL of payments: the rows a checkout is made for, their confirmation, and the lists per user.
// Writes take the caller's transaction.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { payments, properties, reservations, users } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;

export function paymentsRepository(db: Executor) {
  return {
    async reservation(id: number): Promise<ReservationRow | undefined> {
      const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
      return row;
    },

    async lockReservation(id: number): Promise<ReservationRow | undefined> {
      const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).for('update').limit(1);
      return row;
    },

    async emailOf(userId: number): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },

    async ownerOf(propertyId: number): Promise<number | null> {
      const [row] = await db
        .select({ ownerId: properties.ownerId })
        .from(properties)
        .where(eq(properties.id, propertyId));
      return row?.ownerId ?? null;
    },

    async pendingOfType(reservationId: number, type: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.reservationId, reservationId), eq(payments.type, type), eq(payments.status, 'pending')))
        .limit(1);
      return row;
    },

    /** A new open request (the caller holds the reservation's lock; the partial unique index keeps it one per type). */
    async insertRequest(v: {
      reservationId: number;
      reservationVersion: number;
      userId: number | null;
      type: string;
      amountMinor: number;
      taxMinor: number;
      currency: string;
      paymentMethod: string;
      at: Date;
    }): Promise<PaymentRow> {
      const { at, ...values } = v;
      const [row] = await db
        .insert(payments)
        .values({ ...values, checkoutRequestedAt: at, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    /**
     * Records the processor's session on its request, once: a second session for the same request
     * (a concurrent attempt under another key) is not recorded and the caller expires it. Also on
     * a request superseded meanwhile, so a payment that lands on the session is still recognised.
     */
    async attachSession(
      id: number,
      s: {
        sessionId: string;
        checkoutUrl: string | null;
        checkoutSecret: string | null;
        details: unknown;
        expiresAt: Date;
        at: Date;
      },
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({
          sessionId: s.sessionId,
          checkoutUrl: s.checkoutUrl,
          checkoutSecret: s.checkoutSecret,
          details: s.details,
          expiresAt: s.expiresAt,
          transactionId: s.sessionId,
          updatedAt: s.at,
        })
        .where(and(eq(payments.id, id), isNull(payments.sessionId)))
        .returning();
      return row;
    },

    async byId(id: number): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row;
    },

    async bySession(sessionId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.sessionId, sessionId)).limit(1);
      return row;
    },

    async lockBySession(sessionId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.sessionId, sessionId)).for('update').limit(1);
      return row;
    },

    /**
     * A session the processor made for one of our requests but that no request records (its
     * answer was lost, or a concurrent attempt's session won): recorded as a request that can
     * never count (version −1), so money paid on it is refunded like any superseded payment.
     */
    async adoptSession(
      of: PaymentRow,
      s: { sessionId: string; amountMinor: number; currency: string; details: unknown; at: Date },
    ): Promise<void> {
      await db
        .insert(payments)
        .values({
          reservationId: of.reservationId,
          reservationVersion: -1,
          userId: of.userId,
          type: of.type,
          status: 'expired',
          amountMinor: s.amountMinor,
          currency: s.currency,
          paymentMethod: of.paymentMethod,
          sessionId: s.sessionId,
          transactionId: s.sessionId,
          details: s.details,
          createdAt: s.at,
          updatedAt: s.at,
        })
        .onConflictDoNothing();
    },

    /** Tax carried by the payments that count towards the booking (received, not given back as superseded or late). */
    async taxCovered(reservationId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<string>`COALESCE(sum(${payments.taxMinor}), 0)` })
        .from(payments)
        .where(
          and(
            eq(payments.reservationId, reservationId),
            inArray(payments.status, ['paid', 'partially_refunded', 'refunded']),
            sql`NOT EXISTS (SELECT 1 FROM refunds f WHERE f.payment_id = ${payments.id})`,
          ),
        );
      return Number(row?.n ?? 0);
    },

    async update(id: number, values: Partial<typeof payments.$inferInsert>): Promise<PaymentRow> {
      const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
      return row!;
    },

    async addPaid(id: number, amountMinor: number, at: Date): Promise<void> {
      await db
        .update(reservations)
        .set({ paidMinor: sql`${reservations.paidMinor} + ${amountMinor}`, updatedAt: at })
        .where(eq(reservations.id, id));
    },

    /** A user's payments, newest first; `status` narrows to one status. */
    async forUser({
      userId,
      status,
      limit,
      offset,
    }: {
      userId: number;
      status: string | null;
      limit: number;
      offset: number;
    }): Promise<{ rows: PaymentRow[]; total: number }> {
      const where = status
        ? and(eq(payments.userId, userId), eq(payments.status, status))
        : eq(payments.userId, userId);
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(where)
          .orderBy(desc(payments.createdAt), desc(payments.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(payments).where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },
  };
}
