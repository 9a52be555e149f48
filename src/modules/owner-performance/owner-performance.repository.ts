// All of the owner performance report's SQL: the listings in scope, their calendar rows, the
// stays that hold nights in the range and the cancellations in it, and the currencies' rates.
// Five statements whatever the range; the figures are computed in get-owner-performance.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { bigintArray } from '../../db/sql-arrays.ts';
import { queryRows } from '../../db/query-rows.ts';

export interface PerformanceScope {
  /** One owner's listings; null = any owner (admin naming a listing). */
  ownerId: number | null;
  /** One listing; null = every operating listing of the owner. */
  propertyId: number | null;
}

export interface ListingUnits {
  propertyId: number;
  currency: string;
  timezone: string;
  /** Room type id → count_of_rooms; { 0: 1 } for a listing sold whole. */
  units: Map<number, number>;
  /**
   * Room type id → the weekdays (Monday first) some rate plan sells, after the plans' weekday
   * stop-sell; a room type without plans sells none. Absent for the listing sold whole.
   */
  sellingDays: Map<number, boolean[]>;
}

export interface CalendarRow {
  propertyId: number;
  roomTypeId: number;
  night: string;
  availableRooms: number | null;
  stopSell: boolean;
  blocked: number;
}

export interface StayRow {
  propertyId: number;
  checkin: string;
  checkout: string;
  /** The day it was booked, in the listing's time zone. */
  bookedOn: string;
  totalMinor: number;
  /** Units held per night, per room type (0 = the listing sold whole). */
  rooms: Map<number, number>;
}

export interface CurrencyRate {
  code: string;
  rate: string;
  decimals: number;
  isDefault: boolean;
}

export function ownerPerformanceRepository(db: Executor) {
  const run = async <T>(q: SQL) => (await queryRows<T>(db, q)).rows;
  const scoped = (s: PerformanceScope): SQL => {
    const owner = s.ownerId === null ? sql`true` : sql`p.owner_id = ${s.ownerId}`;
    // A named listing is reported whatever its status; the whole portfolio is the listings that can hold stays.
    const which = s.propertyId === null ? sql`p.status IN ('active', 'inactive')` : sql`p.id = ${s.propertyId}`;
    return sql`${owner} AND ${which}`;
  };

  return {
    async listings(s: PerformanceScope): Promise<ListingUnits[]> {
      type Unit = [id: number, rooms: number, planStopSell: boolean[][] | null];
      const rows = await run<{ id: string; currency: string; timezone: string; units: Unit[] | null }>(sql`
        SELECT p.id::text AS id, p.currency_code AS currency, p.timezone,
          (SELECT json_agg(json_build_array(rt.id, rt.count_of_rooms,
            (SELECT json_agg(rp.stop_sell) FROM rate_plans rp WHERE rp.room_type_id = rt.id)))
           FROM room_types rt WHERE rt.property_id = p.id) AS units
        FROM properties p WHERE ${scoped(s)} ORDER BY p.id`);
      return rows.map((r) => {
        const units = r.units ?? [];
        return {
          propertyId: Number(r.id),
          currency: r.currency,
          timezone: r.timezone,
          units: new Map(units.length > 0 ? units.map(([id, n]) => [Number(id), Number(n)]) : [[0, 1]]),
          sellingDays: new Map(
            units.map(([id, , plans]) => [
              Number(id),
              Array.from({ length: 7 }, (_, wd) => (plans ?? []).some((stopSell) => stopSell[wd] !== true)),
            ]),
          ),
        };
      });
    },

    /** Calendar rows (overrides, stop-sell, iCal blocks) of the listings' units for nights in [from, to). */
    async calendar(ids: number[], from: string, to: string): Promise<CalendarRow[]> {
      if (ids.length === 0) return [];
      const rows = await run<{
        property_id: string;
        room_type_id: string;
        night: string;
        available_rooms: number | null;
        stop_sell: boolean;
        blocked: number;
      }>(sql`
        SELECT n.property_id::text AS property_id, n.room_type_id::text AS room_type_id, to_char(n.night, 'YYYY-MM-DD') AS night,
          n.available_rooms, n.stop_sell, n.blocked
        FROM property_nights n
        WHERE n.property_id = ANY(${bigintArray(ids)}) AND n.night >= ${from}::date AND n.night < ${to}::date
          AND (n.available_rooms IS NOT NULL OR n.stop_sell OR n.blocked > 0)`);
      return rows.map((r) => ({
        propertyId: Number(r.property_id),
        roomTypeId: Number(r.room_type_id),
        night: r.night,
        availableRooms: r.available_rooms === null ? null : Number(r.available_rooms),
        stopSell: r.stop_sell,
        blocked: Number(r.blocked),
      }));
    },

    /** Confirmed and completed stays with a night in [from, to). */
    async stays(ids: number[], from: string, to: string): Promise<StayRow[]> {
      if (ids.length === 0) return [];
      const rows = await run<{
        property_id: string;
        checkin: string;
        checkout: string;
        booked_on: string;
        total_minor: string;
        rooms: Array<[number, number]>;
      }>(sql`
        SELECT r.property_id::text AS property_id, to_char(r.checkin_date, 'YYYY-MM-DD') AS checkin, to_char(r.checkout_date, 'YYYY-MM-DD') AS checkout,
          to_char((r.created_at AT TIME ZONE p.timezone)::date, 'YYYY-MM-DD') AS booked_on, r.total_minor::text AS total_minor,
          (SELECT json_agg(json_build_array(rr.room_type_id, rr.rooms_count)) FROM reservation_rooms rr WHERE rr.reservation_id = r.id) AS rooms
        FROM reservations r JOIN properties p ON p.id = r.property_id
        WHERE r.property_id = ANY(${bigintArray(ids)}) AND r.status IN ('confirmed', 'completed')
          AND r.checkin_date < ${to}::date AND r.checkout_date > ${from}::date
        ORDER BY r.id`);
      return rows.map((r) => {
        const rooms = new Map<number, number>();
        for (const [rt, n] of r.rooms ?? [])
          rooms.set(Number(rt), (rooms.get(Number(rt)) ?? 0) + Math.max(1, Number(n)));
        if (rooms.size === 0) rooms.set(0, 1);
        return {
          propertyId: Number(r.property_id),
          checkin: r.checkin,
          checkout: r.checkout,
          bookedOn: r.booked_on,
          totalMinor: Number(r.total_minor),
          rooms,
        };
      });
    },

    /** Confirmed-then-cancelled reservations per listing and month of cancellation (the listing's time zone), within [from, to). */
    async cancellations(
      ids: number[],
      from: string,
      to: string,
    ): Promise<Array<{ propertyId: number; month: string; count: number }>> {
      if (ids.length === 0) return [];
      const rows = await run<{ property_id: string; month: string; n: string }>(sql`
        SELECT r.property_id::text AS property_id, to_char((r.cancelled_at AT TIME ZONE p.timezone)::date, 'YYYY-MM') AS month, count(*)::text AS n
        FROM reservations r JOIN properties p ON p.id = r.property_id
        WHERE r.property_id = ANY(${bigintArray(ids)}) AND r.status = 'cancelled' AND r.confirmed_at IS NOT NULL
          AND (r.cancelled_at AT TIME ZONE p.timezone)::date >= ${from}::date AND (r.cancelled_at AT TIME ZONE p.timezone)::date < ${to}::date
        GROUP BY 1, 2`);
      return rows.map((r) => ({ propertyId: Number(r.property_id), month: r.month, count: Number(r.n) }));
    },

    async currencies(): Promise<CurrencyRate[]> {
      const rows = await run<{ code: string; rate: string; decimals: number; is_default: boolean }>(sql`
        SELECT code, exchange_rate::text AS rate, decimals, is_default FROM currencies`);
      return rows.map((r) => ({ code: r.code, rate: r.rate, decimals: Number(r.decimals), isDefault: r.is_default }));
    },
  };
}
