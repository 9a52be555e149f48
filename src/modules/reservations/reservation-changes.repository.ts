// SQL of changing a reservation after booking (modification, cancellation): the row lock, the
// money already held for it, and the payment and refund requests the payments issue executes.
// Every function takes the caller's transaction.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { payments, refunds, reservationRooms, reservations } from '../../db/schema/index.ts';
import type { ReservationRoomRow, ReservationRow } from './reservations.repository.ts';

type Rows<T> = { rows: T[] };

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
      const res = (await db.execute(sql`
        SELECT r.paid_minor - COALESCE((SELECT sum(f.amount_minor) FROM refunds f WHERE f.reservation_id = r.id), 0) AS balance
        FROM reservations r WHERE r.id = ${id}`)) as unknown as Rows<{ balance: string | number }>;
      return Number(res.rows[0]?.balance ?? 0);
    },

    /** Open payment requests stop being payable (a new amount replaces them, or nothing is owed). */
    async expirePendingPayments(id: number, types: string[], at: Date): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'expired', updatedAt: at })
        .where(and(eq(payments.reservationId, id), eq(payments.status, 'pending'), inArray(payments.type, types)));
    },

    async requestPayment(v: { reservationId: number; userId: number | null; type: 'additional'; amountMinor: number; taxMinor: number; currency: string; at: Date }): Promise<number> {
      const [row] = await db
        .insert(payments)
        .values({ reservationId: v.reservationId, userId: v.userId, type: v.type, amountMinor: v.amountMinor, taxMinor: v.taxMinor, currency: v.currency, createdAt: v.at, updatedAt: v.at })
        .returning({ id: payments.id });
      return row!.id;
    },

    async requestRefund(v: { reservationId: number; amountMinor: number; currency: string; reason: 'cancellation' | 'modification' | 'late_payment'; at: Date }): Promise<number> {
      const [row] = await db
        .insert(refunds)
        .values({ reservationId: v.reservationId, amountMinor: v.amountMinor, currency: v.currency, reason: v.reason, createdAt: v.at })
        .returning({ id: refunds.id });
      return row!.id;
    },

    async replaceRooms(id: number, lines: Array<Omit<typeof reservationRooms.$inferInsert, 'reservationId'>>): Promise<ReservationRoomRow[]> {
      await db.delete(reservationRooms).where(eq(reservationRooms.reservationId, id));
      return lines.length ? db.insert(reservationRooms).values(lines.map((l) => ({ ...l, reservationId: id }))).returning() : [];
    },

    async update(id: number, values: Partial<typeof reservations.$inferInsert>): Promise<ReservationRow> {
      const [row] = await db.update(reservations).set(values).where(eq(reservations.id, id)).returning();
      return row!;
    },
  };
}
