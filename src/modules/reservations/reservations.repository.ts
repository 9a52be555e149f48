// SQL of the reservation lifecycle jobs: the batches they lock and the transitions they write.
// Batches are taken FOR UPDATE SKIP LOCKED, so two overlapping runs (a slow run whose lease
// ran out, a forced run) split the rows between them instead of both acting on one row.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { reservationRooms, reservations } from '../../db/schema/index.ts';

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
