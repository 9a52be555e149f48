// Reservations built straight in the database for the job, review and stats tests (creation has
// its own use case and tests). Nights are held through the inventory repository, so booked
// counts stay consistent with what the reservations hold.
import { queryRows } from '../../db/query-rows.ts';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../kernel/deps.ts';
import { outboxEvents, reservationRooms, reservations } from '../../db/schema/index.ts';
import { inventoryRepository } from './inventory.repository.ts';

export interface SeedLine {
  roomTypeId?: number;
  roomsCount?: number;
  /** Units of the kind (count_of_rooms, or 1 for the whole listing). */
  defaultAvailable?: number;
}

export interface SeedReservation {
  propertyId: number;
  guestId?: number | null;
  status?: 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'expired';
  checkin: string;
  checkout: string;
  holdExpiresAt?: Date | null;
  currency?: string;
  totalMinor?: number;
  feedbackId?: string | null;
  lines?: SeedLine[];
}

const HOLDING = new Set(['pending', 'confirmed', 'completed']);

export async function seedReservation(deps: Deps, s: SeedReservation) {
  const status = s.status ?? 'pending';
  const lines = s.lines ?? [{}];
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reservations)
      .values({
        bookingRefCode: `BK-${randomBytes(5).toString('hex').toUpperCase()}`,
        propertyId: s.propertyId,
        guestId: s.guestId ?? null,
        status,
        checkinDate: s.checkin,
        checkoutDate: s.checkout,
        currency: s.currency ?? 'EUR',
        totalMinor: s.totalMinor ?? 10_000,
        priceSnapshot: {},
        holdExpiresAt: s.holdExpiresAt ?? null,
        feedbackId: s.feedbackId ?? null,
      })
      .returning();
    for (const l of lines) {
      const roomTypeId = l.roomTypeId ?? 0;
      const count = l.roomsCount ?? 1;
      await tx
        .insert(reservationRooms)
        .values({ reservationId: row!.id, roomTypeId, roomsCount: count, lineTotalMinor: s.totalMinor ?? 10_000 });
      if (!HOLDING.has(status)) continue;
      const held = await inventoryRepository(tx).hold({
        propertyId: s.propertyId,
        roomTypeId,
        checkin: s.checkin,
        checkout: s.checkout,
        count,
        defaultAvailable: l.defaultAvailable ?? 1,
      });
      if (!held) throw new Error('seedReservation: nights not available');
    }
    return row!;
  });
}

export async function reservationById(deps: Deps, id: number) {
  const [row] = await deps.db.select().from(reservations).where(eq(reservations.id, id));
  return row!;
}

/** Outbox events of a topic about one reservation. */
export async function eventsFor(deps: Deps, topic: string, reservationId: number) {
  return deps.db
    .select()
    .from(outboxEvents)
    .where(
      sql`${outboxEvents.topic} = ${topic} AND (${outboxEvents.payload}->>'reservation_id')::bigint = ${reservationId}`,
    );
}

/** Total booked units over a property's nights of one unit kind. */
export async function bookedTotal(
  deps: Deps,
  propertyId: number,
  roomTypeId = 0,
  from = '2000-01-01',
  to = '2100-01-01',
): Promise<number> {
  const m = await inventoryRepository(deps.db).bookedByNight(propertyId, roomTypeId, from, to);
  return [...m.values()].reduce((a, b) => a + b, 0);
}

/** Marks a reservation paid in full and confirmed, as the payments issue's confirmation will. */
export async function markPaid(deps: Deps, id: number) {
  await deps.db.execute(
    sql`UPDATE reservations SET status = 'confirmed', paid_minor = total_minor, confirmed_at = now(), hold_expires_at = NULL WHERE id = ${id}`,
  );
}

/**
 * Every night's booked count of a listing against the sum of the units its holding reservations
 * (pending, confirmed, completed) take on it. Returns the nights where they differ.
 */
export async function inventoryDrift(
  deps: Deps,
  propertyId: number,
): Promise<Array<{ room_type_id: number; night: string; booked: number; held: number }>> {
  const res = await queryRows<{ room_type_id: number; night: string; booked: number; held: number }>(
    deps.db,
    sql`
    WITH cur AS (
      SELECT r.id, rr.room_type_id, d::date AS night, sum(rr.rooms_count)::int AS n
      FROM reservations r
      JOIN reservation_rooms rr ON rr.reservation_id = r.id
      CROSS JOIN LATERAL generate_series(r.checkin_date, r.checkout_date - 1, interval '1 day') AS d
      WHERE r.property_id = ${propertyId} AND r.status IN ('pending', 'confirmed', 'completed')
      GROUP BY r.id, rr.room_type_id, d::date
    ), paid AS (
      -- A change waiting for its money holds the stay as paid for too (held-nights.ts).
      SELECT r.id, (l->>'roomTypeId')::bigint AS room_type_id, d::date AS night, sum((l->>'roomsCount')::int)::int AS n
      FROM reservations r
      CROSS JOIN LATERAL jsonb_array_elements(r.paid_stay->'lines') AS l
      CROSS JOIN LATERAL generate_series((r.paid_stay->>'checkin')::date, (r.paid_stay->>'checkout')::date - 1, interval '1 day') AS d
      WHERE r.property_id = ${propertyId} AND r.status IN ('pending', 'confirmed', 'completed') AND r.paid_stay IS NOT NULL
      GROUP BY r.id, (l->>'roomTypeId')::bigint, d::date
    ), per AS (
      SELECT id, room_type_id, night, max(n) AS n FROM (SELECT * FROM cur UNION ALL SELECT * FROM paid) u GROUP BY id, room_type_id, night
    ), held AS (
      SELECT room_type_id, night, sum(n)::int AS held FROM per GROUP BY room_type_id, night
    )
    SELECT COALESCE(n.room_type_id, h.room_type_id)::int AS room_type_id, to_char(COALESCE(n.night, h.night), 'YYYY-MM-DD') AS night,
           COALESCE(n.booked, 0)::int AS booked, COALESCE(h.held, 0)::int AS held
    FROM (SELECT * FROM property_nights WHERE property_id = ${propertyId}) n
    FULL JOIN held h ON h.room_type_id = n.room_type_id AND h.night = n.night
    WHERE COALESCE(n.booked, 0) <> COALESCE(h.held, 0)`,
  );
  return res.rows;
}
