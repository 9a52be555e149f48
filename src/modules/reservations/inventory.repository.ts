// Nights are sold with conditional updates on property_nights rows, inside the caller's
// transaction: the UPDATE's WHERE is re-checked against the committed row after any concurrent
// writer, so a night is never sold beyond its count, whatever the concurrency or the number of
// instances. Stays are half-open: [checkin, checkout).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { daysBetween } from '../room-types/calendar-dates.ts';

export interface UnitNights {
  propertyId: number;
  /** 0 = the whole listing (a listing without room types is one unit). */
  roomTypeId: number;
  checkin: string;
  checkout: string;
  count: number;
  /** Units of this kind when a night has no availability override (count_of_rooms, or 1). */
  defaultAvailable: number;
}

type Rows<T> = { rows: T[] };

export function inventoryRepository(db: Executor) {
  return {
    /**
     * Takes `count` units on every night of the stay, or none: returns false (and changes
     * nothing the caller keeps, since it must roll back) when any night is stopped or full.
     */
    async hold(u: UnitNights): Promise<boolean> {
      // Rows must exist for the conditional update to see every night.
      await db.execute(sql`
        INSERT INTO property_nights (property_id, room_type_id, night)
        SELECT ${u.propertyId}, ${u.roomTypeId}, d::date
        FROM generate_series(${u.checkin}::date, ${u.checkout}::date - 1, interval '1 day') AS d
        ON CONFLICT DO NOTHING`);
      const res = (await db.execute(sql`
        UPDATE property_nights SET booked = booked + ${u.count}
        WHERE property_id = ${u.propertyId} AND room_type_id = ${u.roomTypeId}
          AND night >= ${u.checkin}::date AND night < ${u.checkout}::date
          AND NOT stop_sell
          AND booked + ${u.count} <= COALESCE(available_rooms, ${u.defaultAvailable})
        RETURNING night`)) as unknown as Rows<{ night: string }>;
      return res.rows.length === daysBetween(u.checkin, u.checkout);
    },

    /**
     * Creates any missing night rows of the given unit kinds over [from, to) and locks them all in
     * one fixed order (kind, night). A change that gives back some nights and takes others (a
     * modification, a booking of several room types) calls it first, so two such changes wait
     * for each other instead of deadlocking on rows taken in opposite orders.
     */
    async lockNights(propertyId: number, roomTypeIds: number[], from: string, to: string): Promise<void> {
      const kinds = [...new Set(roomTypeIds)].sort((a, b) => a - b);
      if (!kinds.length || from >= to) return;
      const ids = sql.join(kinds.map((k) => sql`${k}::bigint`), sql`, `);
      await db.execute(sql`
        INSERT INTO property_nights (property_id, room_type_id, night)
        SELECT ${propertyId}, k, d::date
        FROM unnest(ARRAY[${ids}]) AS k, generate_series(${from}::date, ${to}::date - 1, interval '1 day') AS d
        ON CONFLICT DO NOTHING`);
      await db.execute(sql`
        SELECT 1 FROM property_nights
        WHERE property_id = ${propertyId} AND room_type_id IN (${ids}) AND night >= ${from}::date AND night < ${to}::date
        ORDER BY room_type_id, night
        FOR UPDATE`);
    },

    /** Gives back `count` units on every night of the stay (cancellation, expiry, modification). */
    async release(u: Omit<UnitNights, 'defaultAvailable'>): Promise<number> {
      const res = (await db.execute(sql`
        UPDATE property_nights SET booked = booked - ${u.count}
        WHERE property_id = ${u.propertyId} AND room_type_id = ${u.roomTypeId}
          AND night >= ${u.checkin}::date AND night < ${u.checkout}::date AND booked >= ${u.count}
        RETURNING night`)) as unknown as Rows<{ night: string }>;
      return res.rows.length;
    },

    /** Booked units per night of a unit kind over a range (for checks and tests). */
    async bookedByNight(propertyId: number, roomTypeId: number, from: string, to: string): Promise<Map<string, number>> {
      const res = (await db.execute(sql`
        SELECT to_char(night, 'YYYY-MM-DD') AS night, booked FROM property_nights
        WHERE property_id = ${propertyId} AND room_type_id = ${roomTypeId} AND night >= ${from}::date AND night < ${to}::date`)) as unknown as Rows<{ night: string; booked: number }>;
      return new Map(res.rows.map((r) => [r.night, Number(r.booked)]));
    },
  };
}
