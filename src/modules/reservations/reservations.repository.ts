// SQL of the reservation lifecycle jobs: the batches they lock and the transitions they write.
// Batches are taken FOR UPDATE SKIP LOCKED, so two overlapping runs (a slow run whose lease
// ran out, a forced run) split the rows between them instead of both acting on one row.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { payments, reservationRooms, reservations } from '../../db/schema/index.ts';

type Rows<T> = { rows: T[] };

export interface LockedReservation {
  id: number;
  propertyId: number;
  guestId: number | null;
  checkin: string;
  checkout: string;
}

export interface RoomLine {
  reservationId: number;
  roomTypeId: number;
  roomsCount: number;
}

function toLocked(r: { id: string | number; property_id: string | number; guest_id: string | number | null; checkin: string; checkout: string }): LockedReservation {
  return { id: Number(r.id), propertyId: Number(r.property_id), guestId: r.guest_id === null ? null : Number(r.guest_id), checkin: r.checkin, checkout: r.checkout };
}

export function reservationsRepository(db: Executor) {
  return {
    /** Locks up to `limit` pending reservations whose hold ended before `now`. */
    async lockExpiredHolds(now: Date, limit: number): Promise<LockedReservation[]> {
      const res = (await db.execute(sql`
        SELECT id, property_id, guest_id, to_char(checkin_date, 'YYYY-MM-DD') AS checkin, to_char(checkout_date, 'YYYY-MM-DD') AS checkout
        FROM reservations
        WHERE status = 'pending' AND hold_expires_at < ${now.toISOString()}::timestamptz
        ORDER BY hold_expires_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`)) as unknown as Rows<Parameters<typeof toLocked>[0]>;
      return res.rows.map(toLocked);
    },

    /**
     * Locks up to `limit` confirmed reservations whose check-out date is before the property's
     * today: "today" depends on the listing's time zone, so the comparison is made per row.
     */
    async lockStaysToComplete(now: Date, limit: number): Promise<LockedReservation[]> {
      const res = (await db.execute(sql`
        SELECT r.id, r.property_id, r.guest_id, to_char(r.checkin_date, 'YYYY-MM-DD') AS checkin, to_char(r.checkout_date, 'YYYY-MM-DD') AS checkout
        FROM reservations r JOIN properties p ON p.id = r.property_id
        WHERE r.status = 'confirmed'
          AND r.checkout_date < (${now.toISOString()}::timestamptz AT TIME ZONE p.timezone)::date
        ORDER BY r.checkout_date, r.id
        LIMIT ${limit}
        FOR UPDATE OF r SKIP LOCKED`)) as unknown as Rows<Parameters<typeof toLocked>[0]>;
      return res.rows.map(toLocked);
    },

    async roomLines(reservationIds: number[]): Promise<RoomLine[]> {
      if (!reservationIds.length) return [];
      return db
        .select({ reservationId: reservationRooms.reservationId, roomTypeId: reservationRooms.roomTypeId, roomsCount: reservationRooms.roomsCount })
        .from(reservationRooms)
        .where(inArray(reservationRooms.reservationId, reservationIds));
    },

    /** Moves locked rows from one status to another; the status guard keeps it a no-op on a repeat. */
    async setStatus(ids: number[], from: string, to: string, at: Date): Promise<number> {
      if (!ids.length) return 0;
      const rows = await db
        .update(reservations)
        .set({ status: to, updatedAt: at })
        .where(and(inArray(reservations.id, ids), eq(reservations.status, from)))
        .returning({ id: reservations.id });
      return rows.length;
    },

    /** Closes the unpaid payments of these reservations; returns their checkout session ids. */
    async expirePendingPayments(reservationIds: number[], at: Date): Promise<string[]> {
      if (!reservationIds.length) return [];
      const rows = await db
        .update(payments)
        .set({ status: 'expired', updatedAt: at })
        .where(and(inArray(payments.reservationId, reservationIds), eq(payments.status, 'pending')))
        .returning({ sessionId: payments.sessionId });
      return rows.flatMap((r) => (r.sessionId ? [r.sessionId] : []));
    },

    async complete(id: number, feedbackId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(reservations)
        .set({ status: 'completed', feedbackId, updatedAt: at })
        .where(and(eq(reservations.id, id), eq(reservations.status, 'confirmed')))
        .returning({ id: reservations.id });
      return rows.length > 0;
    },
  };
}

export type ReservationRow = typeof reservations.$inferSelect;
export type NewReservation = typeof reservations.$inferInsert;
export type ReservationRoomRow = typeof reservationRooms.$inferSelect;

/** SQL of reservation creation and reading; every write takes the caller's transaction. */
export function reservationWritesRepository(db: Executor) {
  return {
    /**
     * Locks the guest's account row so two bookings of one user cannot both pass the pending
     * limit; other users are not blocked. Returns the guest's live unpaid holds.
     */
    async lockGuestAndCountPending(guestId: number, now: Date): Promise<number> {
      await db.execute(sql`SELECT id FROM users WHERE id = ${guestId} FOR UPDATE`);
      const res = (await db.execute(sql`
        SELECT count(*)::int AS n FROM reservations
        WHERE guest_id = ${guestId} AND status = 'pending' AND paid_minor = 0
          AND (hold_expires_at IS NULL OR hold_expires_at > ${now.toISOString()}::timestamptz)`)) as unknown as Rows<{ n: number }>;
      return Number(res.rows[0]!.n);
    },

    async insert(values: NewReservation): Promise<ReservationRow> {
      const [row] = await db.insert(reservations).values(values).returning();
      return row!;
    },

    async insertRooms(lines: Array<typeof reservationRooms.$inferInsert>): Promise<ReservationRoomRow[]> {
      return lines.length ? db.insert(reservationRooms).values(lines).returning() : [];
    },

    /** Units per room type when a night has no override (property_nights' default). */
    async roomCounts(propertyId: number): Promise<Map<number, number>> {
      const res = (await db.execute(sql`SELECT id, count_of_rooms FROM room_types WHERE property_id = ${propertyId}`)) as unknown as Rows<{ id: string | number; count_of_rooms: number }>;
      return new Map(res.rows.map((r) => [Number(r.id), Number(r.count_of_rooms)]));
    },

    /** Counts one use of a promo code unless it is used up (re-checked against the committed row). */
    async usePromo(promoId: number): Promise<boolean> {
      const res = (await db.execute(sql`
        UPDATE promo_codes SET used_count = used_count + 1
        WHERE id = ${promoId} AND (max_uses IS NULL OR used_count < max_uses)
        RETURNING id`)) as unknown as Rows<{ id: number }>;
      return res.rows.length > 0;
    },

    async findById(id: number): Promise<ReservationRow | undefined> {
      const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
      return row;
    },

    async rooms(reservationId: number): Promise<ReservationRoomRow[]> {
      return db.select().from(reservationRooms).where(eq(reservationRooms.reservationId, reservationId)).orderBy(reservationRooms.id);
    },
  };
}
