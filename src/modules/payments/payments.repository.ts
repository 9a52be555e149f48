// SQL of payments: the rows a checkout is made for, their confirmation, and the lists per user.
// Writes take the caller's transaction.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { payments, properties, reservations } from '../../db/schema/index.ts';

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

    async ownerOf(propertyId: number): Promise<number | null> {
      const [row] = await db.select({ ownerId: properties.ownerId }).from(properties).where(eq(properties.id, propertyId));
      return row?.ownerId ?? null;
    },

    async pendingOfType(reservationId: number, type: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments)
        .where(and(eq(payments.reservationId, reservationId), eq(payments.type, type), eq(payments.status, 'pending'))).limit(1);
      return row;
    },

    /** The open request of that type, created when missing; the partial unique index keeps it one. */
    async openRequest(v: { reservationId: number; userId: number | null; type: string; amountMinor: number; taxMinor: number; currency: string; paymentMethod: string; at: Date }): Promise<PaymentRow> {
      const inserted = await db.insert(payments)
        .values({ ...v, createdAt: v.at, updatedAt: v.at })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return inserted[0];
      const [row] = await db.select().from(payments)
        .where(and(eq(payments.reservationId, v.reservationId), eq(payments.type, v.type), eq(payments.status, 'pending'))).limit(1);
      return row!;
    },

    async attachSession(id: number, s: { sessionId: string; checkoutUrl: string | null; checkoutSecret: string | null; details: unknown; expiresAt: Date; paymentMethod: string; at: Date }): Promise<PaymentRow> {
      const [row] = await db.update(payments).set({
        sessionId: s.sessionId, checkoutUrl: s.checkoutUrl, checkoutSecret: s.checkoutSecret, details: s.details,
        expiresAt: s.expiresAt, paymentMethod: s.paymentMethod, transactionId: s.sessionId, updatedAt: s.at,
      }).where(eq(payments.id, id)).returning();
      return row!;
    },

    async bySession(sessionId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.sessionId, sessionId)).limit(1);
      return row;
    },

    async lockBySession(sessionId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.sessionId, sessionId)).for('update').limit(1);
      return row;
    },

    async update(id: number, values: Partial<typeof payments.$inferInsert>): Promise<PaymentRow> {
      const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
      return row!;
    },

    async setReservation(id: number, values: Partial<typeof reservations.$inferInsert>): Promise<void> {
      await db.update(reservations).set(values).where(eq(reservations.id, id));
    },

    async addPaid(id: number, amountMinor: number, at: Date): Promise<void> {
      await db.update(reservations).set({ paidMinor: sql`${reservations.paidMinor} + ${amountMinor}`, updatedAt: at }).where(eq(reservations.id, id));
    },

    /** A user's payments, newest first; `status` narrows to one status. */
    async forUser(userId: number, status: string | null, limit: number, offset: number): Promise<{ rows: PaymentRow[]; total: number }> {
      const where = status ? and(eq(payments.userId, userId), eq(payments.status, status)) : eq(payments.userId, userId);
      const [rows, [count]] = await Promise.all([
        db.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(payments).where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },
  };
}
