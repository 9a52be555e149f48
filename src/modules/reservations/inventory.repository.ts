// Nights are sold with conditional updates on property_nights rows, inside the caller's
// transaction: the UPDATE's WHERE is re-checked against the committed row after any concurrent
// writer, so a night is never sold beyond its count, whatever the concurrency or the number of
// instances. Stays are half-open: [checkin, checkout). Units blocked by imported calendars (iCal)
// count against a night like booked ones.
import { sql, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { compileStatement, rawQuery } from '../../db/raw-query.ts';
import { daysBetween } from '../../kernel/calendar-dates.ts';
import { queryRows } from '../../db/query-rows.ts';
import { type CalendarNight, toNight } from './pricing-input.repository.ts';

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

/** The guest a booking locks: with a sessionId, only while that session is live (checked at `now`). */
export interface GuestLock {
  id: number;
  sessionId: string | null;
  now: Date;
}

const p = (name: string) => sql.placeholder(name);
type HoldParam = 'propertyId' | 'roomTypeId' | 'checkin' | 'checkout' | 'count' | 'defaultAvailable';

/**
 * The guest's row when the session is live and the account active (null sessionId: the caller
 * is already authenticated, only the row), as SessionService checks them; the booking's lock.
 */
export const guestWithLiveSession = (
  guestId: number | Placeholder,
  sessionId: string | null | Placeholder,
  now: string | Placeholder,
) => sql`
  SELECT u.id FROM users u WHERE u.id = ${guestId} AND (${sessionId}::text IS NULL OR EXISTS (
    SELECT 1 FROM sessions s WHERE s.id = ${sessionId} AND s.user_id = u.id AND s.revoked_at IS NULL
      AND s.expires_at > ${now}::timestamptz AND u.is_active AND u.deleted_at IS NULL))
  FOR UPDATE OF u`;

type GuestParam = 'guestId' | 'sessionId' | 'now';

/**
 * The conditional hold of a stay's nights. Nights without a row are created holding the units;
 * existing rows take them only under the conditional update, which PostgreSQL re-checks against
 * the newest committed row. Locking the guest, the guest's row is locked first in the same
 * statement (no row, so nothing held, when the session is not live): the booking's lock for its
 * pending limit without a round trip of its own. With the answer's read prepared (liveParts),
 * bench `booking` went from 148–169 to 248–331 bookings/s (interleaved runs, 2026-11-29).
 */
const holdSql = (lockingGuest: boolean) => sql`
    INSERT INTO property_nights AS n (property_id, room_type_id, night, booked)
    SELECT ${p('propertyId')}, ${p('roomTypeId')}, d::date, ${p('count')}
    FROM ${lockingGuest ? sql`(${guestWithLiveSession(p('guestId'), p('sessionId'), p('now'))}) AS g, ` : sql``}
      generate_series(${p('checkin')}::date, ${p('checkout')}::date - 1, interval '1 day') AS d
    ON CONFLICT (property_id, room_type_id, night) DO UPDATE SET booked = n.booked + ${p('count')}
      WHERE NOT n.stop_sell AND n.booked + n.blocked + ${p('count')} <= COALESCE(n.available_rooms, ${p('defaultAvailable')})
    RETURNING n.room_type_id, to_char(n.night, 'YYYY-MM-DD') AS night, n.price, n.available_rooms, n.stop_sell,
      n.booked + n.blocked AS booked`;

export const HOLD_NIGHTS = compileStatement<HoldParam>(holdSql(false), 'hold_nights');
/** A booking's first statement (also sent as is by the raw-SQL benchmark). */
export const HOLD_NIGHTS_LOCKING_GUEST = compileStatement<HoldParam | GuestParam>(
  holdSql(true),
  'hold_nights_locking_guest',
);

/** A guest lock's placeholders' values. */
const guestValues = (guest: GuestLock) => ({
  guestId: guest.id,
  sessionId: guest.sessionId,
  now: guest.now.toISOString(),
});

interface HeldRow {
  room_type_id: number | string;
  night: string;
  price: number | string | null;
  available_rooms: number | null;
  stop_sell: boolean;
  booked: number | string;
}

export function inventoryRepository(db: Executor) {
  return {
    /**
     * Takes `count` units on every night of the stay, or none: returns false (and changes
     * nothing the caller keeps, since it must roll back) when any night is stopped or full.
     */
    async hold(u: UnitNights): Promise<boolean> {
      return (await inventoryRepository(db).holdAndRead(u)) !== null;
    },

    /**
     * hold, answering the stay's calendar rows as they were before it (a booking is priced from
     * them, so it needs no read of its own), or null when refused. With `guest`, that guest's row
     * is locked first (null also when the session named is not live).
     */
    async holdAndRead(u: UnitNights, guest?: GuestLock): Promise<CalendarNight[] | null> {
      const rows = guest
        ? await rawQuery<HeldRow>(
            db,
            HOLD_NIGHTS_LOCKING_GUEST,
            HOLD_NIGHTS_LOCKING_GUEST.bind({ ...u, ...guestValues(guest) }),
          )
        : await rawQuery<HeldRow>(db, HOLD_NIGHTS, HOLD_NIGHTS.bind(u));
      // A row created here holds `count` units against the default: it too must fit.
      const fits = (r: HeldRow) => !r.stop_sell && Number(r.booked) <= (r.available_rooms ?? u.defaultAvailable);
      if (rows.length !== daysBetween(u.checkin, u.checkout) || !rows.every(fits)) return null;
      return rows.map((r) => ({ ...toNight({ ...r }), booked: Number(r.booked) - u.count }));
    },

    /**
     * Creates any missing night rows of the given unit kinds over [from, to) and locks them all in
     * one fixed order (kind, night). A change that gives back some nights and takes others (a
     * modification, a booking of several room types) calls it first, so two such changes wait
     * for each other instead of deadlocking on rows taken in opposite orders.
     */
    async lockNights(propertyId: number, roomTypeIds: number[], from: string, to: string): Promise<void> {
      await inventoryRepository(db).lockStays(propertyId, roomTypeIds, [{ from, to }]);
    },

    /**
     * lockNights over several stays [from, to) at once, still in one (kind, night) order: only
     * the stays' own nights, never the days between them, so moving a stay years away locks (and
     * creates) two stays' worth of rows, not every night in between.
     */
    async lockStays(
      propertyId: number,
      roomTypeIds: number[],
      stays: Array<{ from: string; to: string }>,
    ): Promise<void> {
      const kinds = [...new Set(roomTypeIds)].sort((a, b) => a - b);
      const spans = stays.filter((s) => s.from < s.to);
      if (!kinds.length || !spans.length) return;
      const ids = sql.join(
        kinds.map((k) => sql`${k}::bigint`),
        sql`, `,
      );
      const series = sql.join(
        spans.map((s) => sql`SELECT generate_series(${s.from}::date, ${s.to}::date - 1, interval '1 day') AS d`),
        sql` UNION `,
      );
      const within = sql.join(
        spans.map((s) => sql`(night >= ${s.from}::date AND night < ${s.to}::date)`),
        sql` OR `,
      );
      await db.execute(sql`
        INSERT INTO property_nights (property_id, room_type_id, night)
        SELECT ${propertyId}, k, n.d::date
        FROM unnest(ARRAY[${ids}]) AS k, (${series}) AS n
        ON CONFLICT DO NOTHING`);
      await db.execute(sql`
        SELECT 1 FROM property_nights
        WHERE property_id = ${propertyId} AND room_type_id IN (${ids}) AND (${within})
        ORDER BY room_type_id, night
        FOR UPDATE`);
    },

    /** Gives back `count` units on every night of the stay (cancellation, expiry, modification). */
    async release(u: Omit<UnitNights, 'defaultAvailable'>): Promise<number> {
      const res = await queryRows<{ night: string }>(
        db,
        sql`
        UPDATE property_nights SET booked = booked - ${u.count}
        WHERE property_id = ${u.propertyId} AND room_type_id = ${u.roomTypeId}
          AND night >= ${u.checkin}::date AND night < ${u.checkout}::date AND booked >= ${u.count}
        RETURNING night`,
      );
      return res.rows.length;
    },

    /** Booked units per night of a unit kind over a range (for checks and tests). */
    async bookedByNight(
      propertyId: number,
      roomTypeId: number,
      from: string,
      to: string,
    ): Promise<Map<string, number>> {
      const res = await queryRows<{
        night: string;
        booked: number;
      }>(
        db,
        sql`
        SELECT to_char(night, 'YYYY-MM-DD') AS night, booked FROM property_nights
        WHERE property_id = ${propertyId} AND room_type_id = ${roomTypeId} AND night >= ${from}::date AND night < ${to}::date`,
      );
      return new Map(res.rows.map((r) => [r.night, Number(r.booked)]));
    },
  };
}
