// SQL of the reservation lists (GET /reservations and GET /reservations/search): one page of
// rows in a caller's scope, its total, and the room lines of the whole page in one query.
import { and, asc, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { reservationRooms, reservations } from '../../db/schema/index.ts';
import type { ReservationRoomRow, ReservationRow } from './reservations.repository.ts';

/** Whose reservations a caller may list: every one (staff), or those they booked or host. */
export type ListScope = { kind: 'all' } | { kind: 'guestOrHost'; userId: number };

export interface ListFilter {
  scope: ListScope;
  status?: string;
  propertyId?: number;
  /** Stays overlapping [from, to): checkin_date < to AND checkout_date > from. */
  from?: string;
  to?: string;
  /** Booking reference prefix, or a substring of the guest's or the contact's name. */
  text?: string;
}

/** Makes LIKE's wildcards (and its escape character) match themselves. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function scopeCondition(scope: ListScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  // ARRAY(subquery) is computed once, so both sides of the OR can use their index
  // (reservations_guest_idx, reservations_property_idx) instead of a filter over every row.
  return sql`(${reservations.guestId} = ${scope.userId}
    OR ${reservations.propertyId} = ANY(ARRAY(SELECT p.id FROM properties p WHERE p.owner_id = ${scope.userId})))`;
}

function textCondition(text: string): SQL {
  const esc = escapeLike(text);
  const prefix = `${esc}%`;
  const contains = `%${esc}%`;
  // Names are matched as "first last", so a full name finds the booking as well as either part.
  return sql`(${reservations.bookingRefCode} ILIKE ${prefix} ESCAPE '\\'
    OR EXISTS (SELECT 1 FROM users u WHERE u.id = ${reservations.guestId}
      AND (u.first_name || ' ' || u.last_name) ILIKE ${contains} ESCAPE '\\')
    OR (coalesce(${reservations.guestDetails} ->> 'first_name', '') || ' ' || coalesce(${reservations.guestDetails} ->> 'last_name', ''))
      ILIKE ${contains} ESCAPE '\\')`;
}

function whereOf(f: ListFilter): SQL | undefined {
  return and(
    scopeCondition(f.scope),
    f.status ? eq(reservations.status, f.status) : undefined,
    f.propertyId ? eq(reservations.propertyId, f.propertyId) : undefined,
    f.to ? lt(reservations.checkinDate, f.to) : undefined,
    f.from ? gt(reservations.checkoutDate, f.from) : undefined,
    f.text ? textCondition(f.text) : undefined,
  );
}

export function reservationListRepository(db: Executor) {
  return {
    /** Newest booking first; id breaks ties so pages never overlap or skip a row. */
    async page(filter: ListFilter, limit: number, offset: number): Promise<{ rows: ReservationRow[]; total: number }> {
      const where = whereOf(filter);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(reservations)
          .where(where)
          .orderBy(desc(reservations.createdAt), desc(reservations.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(reservations).where(where),
      ]);
      return { rows, total: Number(totals[0]?.total ?? 0) };
    },

    /** These reservations' rows, in no particular order (those that do not exist are left out). */
    async byIds(ids: number[]): Promise<ReservationRow[]> {
      if (!ids.length) return [];
      return db.select().from(reservations).where(inArray(reservations.id, ids));
    },

    /** Room lines of several reservations, in line order. */
    async roomLines(reservationIds: number[]): Promise<ReservationRoomRow[]> {
      if (!reservationIds.length) return [];
      return db
        .select()
        .from(reservationRooms)
        .where(inArray(reservationRooms.reservationId, reservationIds))
        .orderBy(asc(reservationRooms.id));
    },
  };
}
