// SQL of the per-night calendar (property_nights). A row exists only for nights that differ from
// the defaults or have bookings; the effective values are
//   available = COALESCE(available_rooms, count_of_rooms)   (1 for the listing-level unit)
//   price     = COALESCE(price, first rate plan's price)     (price_per_night for the listing)
// and a booking may take a unit only while booked < available and not stop_sell.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';

/** `room_type_id` of the listing-level unit (a listing sold as one whole). */
export const LISTING_UNIT = 0;

export interface NightRow {
  night: string;
  price: number | null;
  available_rooms: number | null;
  booked: number;
  stop_sell: boolean;
}

export interface NightChange {
  propertyId: number;
  roomTypeId: number;
  from: string;
  to: string;
  /** undefined: unchanged; null: back to the default. Minor units. */
  price?: number | null;
  /** undefined: unchanged; null: back to the default count. */
  availableRooms?: number | null;
  stopSell?: boolean;
  /** The units the change leaves on sale each night; rows already booked beyond it are not touched. */
  availableAfter: number;
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

export function calendarRepository(db: Executor) {
  return {
    /**
     * Writes the change onto every night of [from, to] in one statement. When availability
     * changes, a night already booked beyond the new count is left as it was and not returned,
     * so the caller sees the clash from the count and rolls the whole change back; the check and
     * the write happen on the locked row, so a concurrent booking cannot slip in between.
     */
    async upsertRange(c: NightChange): Promise<number> {
      const sets: SQL[] = [];
      if (c.price !== undefined) sets.push(sql`price = EXCLUDED.price`);
      if (c.availableRooms !== undefined) sets.push(sql`available_rooms = EXCLUDED.available_rooms`);
      if (c.stopSell !== undefined) sets.push(sql`stop_sell = EXCLUDED.stop_sell`);
      const guard = c.availableRooms !== undefined ? sql`property_nights.booked <= ${c.availableAfter}` : sql`true`;
      const res = await db.execute(sql`
        INSERT INTO property_nights (property_id, room_type_id, night, price, available_rooms, stop_sell)
        SELECT ${c.propertyId}, ${c.roomTypeId}, d::date, ${c.price ?? null}::bigint, ${c.availableRooms ?? null}::integer, ${c.stopSell ?? false}::boolean
        FROM generate_series(${c.from}::timestamp, ${c.to}::timestamp, interval '1 day') AS d
        ON CONFLICT (property_id, room_type_id, night) DO UPDATE SET ${sql.join(sets, sql`, `)}
        WHERE ${guard}
        RETURNING night`);
      return rowsOf(res).length;
    },

    /** The first night from `from` (to `to`, when given) booked beyond `max` units, with its count. */
    async firstNightBookedAbove(unit: {
      propertyId: number;
      roomTypeId: number;
      max: number;
      from: string | null;
      to?: string | null;
    }): Promise<{ night: string; booked: number } | null> {
      const { propertyId, roomTypeId, max, from, to } = unit;
      const res = await db.execute(sql`
        SELECT night::text AS night, booked FROM property_nights
        WHERE property_id = ${propertyId} AND room_type_id = ${roomTypeId} AND booked > ${max}
          ${from ? sql`AND night >= ${from}::date` : sql``} ${to ? sql`AND night <= ${to}::date` : sql``}
        ORDER BY night LIMIT 1`);
      const [row] = rowsOf<{ night: string; booked: number }>(res);
      return row ? { night: row.night, booked: Number(row.booked) } : null;
    },

    /** Lowers availability overrides above `max` to `max` on nights from `from` on (a room type got fewer rooms). */
    async clampAvailability(propertyId: number, roomTypeId: number, max: number, from: string): Promise<void> {
      await db.execute(sql`
        UPDATE property_nights SET available_rooms = ${max}
        WHERE property_id = ${propertyId} AND room_type_id = ${roomTypeId} AND night >= ${from}::date AND available_rooms > ${max}`);
    },

    /** Every night of [from, to], with its row's values when one exists. */
    async nights(propertyId: number, roomTypeId: number, from: string, to: string): Promise<NightRow[]> {
      const res = await db.execute(sql`
        SELECT d::date::text AS night, n.price, n.available_rooms, COALESCE(n.booked + n.blocked, 0) AS booked, COALESCE(n.stop_sell, false) AS stop_sell
        FROM generate_series(${from}::timestamp, ${to}::timestamp, interval '1 day') AS d
        LEFT JOIN property_nights n ON n.property_id = ${propertyId} AND n.room_type_id = ${roomTypeId} AND n.night = d::date
        ORDER BY d`);
      return rowsOf<NightRow>(res).map((r) => ({
        night: r.night,
        price: r.price === null ? null : Number(r.price),
        available_rooms: r.available_rooms === null ? null : Number(r.available_rooms),
        booked: Number(r.booked),
        stop_sell: Boolean(r.stop_sell),
      }));
    },

    async deleteAll(propertyId: number, roomTypeId: number): Promise<void> {
      await db.execute(
        sql`DELETE FROM property_nights WHERE property_id = ${propertyId} AND room_type_id = ${roomTypeId}`,
      );
    },
  };
}
