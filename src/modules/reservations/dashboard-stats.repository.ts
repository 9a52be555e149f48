// SQL of the reservations dashboard. Every query takes the same scope: one owner's listings,
// or the whole platform. "Today" is each listing's own date in its time zone.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { queryRows } from '../../db/query-rows.ts';

export interface StatsScope {
  /** Only reservations on this owner's listings; null = the platform. */
  ownerId: number | null;
}

// Listings that can hold stays: drafts have never been bookable and archived ones are gone.
const OPERATING = sql`p.status IN ('active', 'inactive')`;

export function dashboardStatsRepository(db: Executor) {
  const scoped = (s: StatsScope): SQL => (s.ownerId === null ? sql`true` : sql`p.owner_id = ${s.ownerId}`);
  const today = (now: Date) => sql`(${now.toISOString()}::timestamptz AT TIME ZONE p.timezone)::date`;
  const run = async <T>(q: SQL) => (await queryRows<T>(db, q)).rows;

  return {
    async countsByStatus(s: StatsScope): Promise<Map<string, number>> {
      const rows = await run<{ status: string; n: string }>(sql`
        SELECT r.status, count(*)::text AS n FROM reservations r JOIN properties p ON p.id = r.property_id
        WHERE ${scoped(s)} GROUP BY r.status`);
      return new Map(rows.map((r) => [r.status, Number(r.n)]));
    },

    /** Sums of confirmed and completed reservations by check-in month in [from, to), with the currency's decimals. */
    async revenueByMonth(s: StatsScope, from: string, to: string) {
      const rows = await run<{ month: string; currency: string; total_minor: string; decimals: number | null }>(sql`
        SELECT to_char(r.checkin_date, 'YYYY-MM') AS month, r.currency, sum(r.total_minor)::text AS total_minor, max(c.decimals) AS decimals
        FROM reservations r JOIN properties p ON p.id = r.property_id LEFT JOIN currencies c ON c.code = r.currency
        WHERE ${scoped(s)} AND r.status IN ('confirmed', 'completed') AND r.checkin_date >= ${from}::date AND r.checkin_date < ${to}::date
        GROUP BY 1, 2 ORDER BY 1, 2`);
      return rows.map((r) => ({
        month: r.month,
        currency: r.currency,
        totalMinor: BigInt(r.total_minor),
        decimals: r.decimals === null ? 2 : Number(r.decimals),
      }));
    },

    /** Sellable units: the room types' count_of_rooms, or 1 for a listing without room types. */
    async units(s: StatsScope): Promise<number> {
      const [row] = await run<{ n: string }>(sql`
        SELECT coalesce(sum(coalesce(rt.units, 1)), 0)::text AS n
        FROM properties p LEFT JOIN (SELECT property_id, sum(count_of_rooms) AS units FROM room_types GROUP BY property_id) rt ON rt.property_id = p.id
        WHERE ${scoped(s)} AND ${OPERATING}`);
      return Number(row?.n ?? 0);
    },

    /** Unit-nights of confirmed/completed stays falling in each listing's [today, today + days). */
    async bookedUnitNights(s: StatsScope, now: Date, days: number): Promise<number> {
      const [row] = await run<{ n: string }>(sql`
        SELECT coalesce(sum(rr.rooms_count * GREATEST(0, LEAST(r.checkout_date, t.today + ${days}::int) - GREATEST(r.checkin_date, t.today))), 0)::text AS n
        FROM reservations r JOIN properties p ON p.id = r.property_id
        CROSS JOIN LATERAL (SELECT ${today(now)} AS today) t
        JOIN reservation_rooms rr ON rr.reservation_id = r.id
        WHERE ${scoped(s)} AND ${OPERATING} AND r.status IN ('confirmed', 'completed')
          AND r.checkout_date > t.today AND r.checkin_date < t.today + ${days}::int`);
      return Number(row?.n ?? 0);
    },

    /** Confirmed reservations whose check-in (or check-out) date is in each listing's [today, today + days). */
    async upcoming(s: StatsScope, which: 'checkin' | 'checkout', now: Date, days: number, limit: number) {
      const col = which === 'checkin' ? sql.raw('r.checkin_date') : sql.raw('r.checkout_date');
      const rows = await run<{ id: string; booking_ref_code: string; property_id: string; date: string }>(sql`
        SELECT r.id::text AS id, r.booking_ref_code, r.property_id::text AS property_id, to_char(${col}, 'YYYY-MM-DD') AS date
        FROM reservations r JOIN properties p ON p.id = r.property_id
        CROSS JOIN LATERAL (SELECT ${today(now)} AS today) t
        WHERE ${scoped(s)} AND r.status = 'confirmed' AND ${col} >= t.today AND ${col} < t.today + ${days}::int
        ORDER BY ${col}, r.id LIMIT ${limit}`);
      return rows.map((r) => ({
        id: Number(r.id),
        booking_ref_code: r.booking_ref_code,
        property_id: Number(r.property_id),
        date: r.date,
      }));
    },
  };
}
