// SQL of the reservation lifecycle jobs: the batches they lock and the transitions they write.
// Batches are taken FOR UPDATE SKIP LOCKED, so two overlapping runs (a slow run whose lease
// ran out, a forced run) split the rows between them instead of both acting on one row.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { compileStatement, rawQuery } from '../../db/raw-query.ts';
import { mapRow } from '../../db/map-row.ts';
import { type GuestLock, guestWithLiveSession } from './inventory.repository.ts';
import { payments, reservationRooms, reservations } from '../../db/schema/index.ts';
import { queryRows } from '../../db/query-rows.ts';

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

function toLocked(r: {
  id: string | number;
  property_id: string | number;
  guest_id: string | number | null;
  checkin: string;
  checkout: string;
}): LockedReservation {
  return {
    id: Number(r.id),
    propertyId: Number(r.property_id),
    guestId: r.guest_id === null ? null : Number(r.guest_id),
    checkin: r.checkin,
    checkout: r.checkout,
  };
}

export function reservationsRepository(db: Executor) {
  return {
    /** Locks up to `limit` pending reservations whose hold ended before `now`. */
    async lockExpiredHolds(now: Date, limit: number): Promise<LockedReservation[]> {
      const res = await queryRows<Parameters<typeof toLocked>[0]>(
        db,
        sql`
        SELECT id, property_id, guest_id, to_char(checkin_date, 'YYYY-MM-DD') AS checkin, to_char(checkout_date, 'YYYY-MM-DD') AS checkout
        FROM reservations
        WHERE status = 'pending' AND hold_expires_at < ${now.toISOString()}::timestamptz
        ORDER BY hold_expires_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`,
      );
      return res.rows.map(toLocked);
    },

    /**
     * Locks up to `limit` confirmed reservations whose check-out date is before the property's
     * today: "today" depends on the listing's time zone, so the comparison is made per row.
     */
    async lockStaysToComplete(now: Date, limit: number): Promise<LockedReservation[]> {
      const res = await queryRows<Parameters<typeof toLocked>[0]>(
        db,
        sql`
        SELECT r.id, r.property_id, r.guest_id, to_char(r.checkin_date, 'YYYY-MM-DD') AS checkin, to_char(r.checkout_date, 'YYYY-MM-DD') AS checkout
        FROM reservations r JOIN properties p ON p.id = r.property_id
        WHERE r.status = 'confirmed'
          AND r.checkout_date < (${now.toISOString()}::timestamptz AT TIME ZONE p.timezone)::date
        ORDER BY r.checkout_date, r.id
        LIMIT ${limit}
        FOR UPDATE OF r SKIP LOCKED`,
      );
      return res.rows.map(toLocked);
    },

    async roomLines(reservationIds: number[]): Promise<RoomLine[]> {
      if (!reservationIds.length) return [];
      return db
        .select({
          reservationId: reservationRooms.reservationId,
          roomTypeId: reservationRooms.roomTypeId,
          roomsCount: reservationRooms.roomsCount,
        })
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

const p = (name: string) => sql.placeholder(name);

/**
 * How many live unpaid holds the guest has (the pending limit), as both of the booking's counts
 * ask it. Only reservations_guest_pending_idx serves it: the expiry job's index leaves out holds
 * without an expiry, so however stale the statistics, the count walks the guest's holds, not
 * everyone's (test/query-plans.test.ts).
 */
export function livePendingCount(guestId: unknown, at: unknown): SQL {
  return sql`SELECT count(*) FROM reservations
    WHERE guest_id = ${guestId} AND status = 'pending' AND paid_minor = refund_requested_minor
      AND (hold_expires_at IS NULL OR hold_expires_at > ${at}::timestamptz)`;
}

type InsertParam =
  | 'bookingRefCode'
  | 'propertyId'
  | 'guestId'
  | 'status'
  | 'checkin'
  | 'checkout'
  | 'adults'
  | 'children'
  | 'guestDetails'
  | 'specialRequests'
  | 'promoCodeId'
  | 'offerId'
  | 'currency'
  | 'totalMinor'
  | 'priceSnapshot'
  | 'rulesSnapshot'
  | 'cancellationPolicy'
  | 'holdExpiresAt'
  | 'at'
  | 'updatedAt'
  | 'maxPending'
  | 'lines'
  | 'topic'
  | 'payload';

// The reservation, its lines and its outbox event in one statement under the pending limit;
// every booking sends it, and the raw-SQL benchmark sends it as is.
export const INSERT_UNDER_PENDING_LIMIT = compileStatement<InsertParam>(
  sql`
    WITH r AS (
      INSERT INTO reservations (booking_ref_code, property_id, guest_id, status, checkin_date, checkout_date, adults, children,
        guest_details, special_requests, promo_code_id, offer_id, currency, total_minor, price_snapshot, rules_snapshot,
        cancellation_policy, hold_expires_at, created_at, updated_at)
      SELECT ${p('bookingRefCode')}, ${p('propertyId')}, ${p('guestId')}, ${p('status')}, ${p('checkin')}::date,
        ${p('checkout')}::date, ${p('adults')}, ${p('children')}, ${p('guestDetails')}::jsonb,
        ${p('specialRequests')}, ${p('promoCodeId')}::bigint, ${p('offerId')}::bigint, ${p('currency')},
        ${p('totalMinor')}, ${p('priceSnapshot')}::jsonb, ${p('rulesSnapshot')}::jsonb,
        ${p('cancellationPolicy')}::jsonb, ${p('holdExpiresAt')}::timestamptz,
        ${p('at')}::timestamptz, ${p('updatedAt')}::timestamptz
      WHERE (${livePendingCount(p('guestId'), p('at'))}) < ${p('maxPending')}
      RETURNING *
    ), l AS (
      INSERT INTO reservation_rooms (reservation_id, room_type_id, rate_plan_id, rooms_count, line_total_minor)
      SELECT r.id, (x.line->>'roomTypeId')::bigint, (x.line->>'ratePlanId')::bigint, (x.line->>'roomsCount')::int, (x.line->>'lineTotalMinor')::bigint
      FROM r, jsonb_array_elements(${p('lines')}::jsonb) WITH ORDINALITY AS x(line, ord)
      ORDER BY x.ord
      RETURNING *
    ), e AS (
      INSERT INTO outbox_events (topic, payload)
      SELECT ${p('topic')}, jsonb_build_object('reservation_id', r.id) || ${p('payload')}::jsonb FROM r
    )
    SELECT 'r' AS kind, to_jsonb(r) AS row FROM r
    UNION ALL SELECT 'l', to_jsonb(l) FROM l`,
  'insert_reservation',
);

export type ReservationRow = typeof reservations.$inferSelect;
export type NewReservation = typeof reservations.$inferInsert;
export type ReservationRoomRow = typeof reservationRooms.$inferSelect;
/** A new reservation as a booking writes it: guest and creation time always set. */
export type NewReservationValues = NewReservation & { guestId: number; createdAt: Date };

export interface InsertUnderPendingLimit {
  values: NewReservationValues;
  /** The reservation's lines, in order: their ids follow it. */
  lines: Array<Omit<typeof reservationRooms.$inferInsert, 'reservationId'>>;
  maxPending: number;
  /** The outbox event; reservation_id is added to its payload. */
  event: { topic: string; payload: Record<string, unknown> };
}

/** SQL of reservation creation and reading; every write takes the caller's transaction. */
export function reservationWritesRepository(db: Executor) {
  return {
    /** Whether the guest's session (if named) is live, as a booking's first statement checks it. */
    async guestLive(guest: GuestLock): Promise<boolean> {
      const query = guestWithLiveSession(guest.id, guest.sessionId, guest.now.toISOString());
      return (await queryRows<{ id: number }>(db, query)).rows.length > 0;
    },

    /** The guest's live unpaid holds. */
    async countPending(guestId: number, now: Date): Promise<number> {
      const res = await queryRows<{ n: number }>(
        db,
        sql`SELECT (${livePendingCount(guestId, now.toISOString())})::int AS n`,
      );
      return Number(res.rows[0]!.n);
    },

    /**
     * In one statement: the reservation, its lines and its outbox event, written only while the
     * guest has fewer than `maxPending` live unpaid holds; undefined when at the limit (nothing
     * written). Must run after the guest's lock: the statement then sees every committed hold.
     */
    async insertUnderPendingLimit(
      opts: InsertUnderPendingLimit,
    ): Promise<{ reservation: ReservationRow; lines: ReservationRoomRow[] } | undefined> {
      const { values, lines, maxPending, event } = opts;
      const json = (v: unknown) => JSON.stringify(v ?? null);
      const bound = INSERT_UNDER_PENDING_LIMIT.bind({
        bookingRefCode: values.bookingRefCode,
        propertyId: values.propertyId,
        guestId: values.guestId,
        status: values.status ?? 'pending',
        checkin: values.checkinDate,
        checkout: values.checkoutDate,
        adults: values.adults ?? 1,
        children: values.children ?? 0,
        guestDetails: json(values.guestDetails ?? {}),
        specialRequests: values.specialRequests ?? null,
        promoCodeId: values.promoCodeId ?? null,
        offerId: values.offerId ?? null,
        currency: values.currency,
        totalMinor: values.totalMinor,
        priceSnapshot: json(values.priceSnapshot),
        rulesSnapshot: json(values.rulesSnapshot ?? {}),
        cancellationPolicy: json(values.cancellationPolicy ?? []),
        holdExpiresAt: values.holdExpiresAt ? values.holdExpiresAt.toISOString() : null,
        at: values.createdAt.toISOString(),
        updatedAt: (values.updatedAt ?? values.createdAt).toISOString(),
        maxPending,
        lines: json(lines),
        topic: event.topic,
        payload: json(event.payload),
      });
      const res = await rawQuery<{ kind: string; row: Record<string, unknown> | string }>(
        db,
        INSERT_UNDER_PENDING_LIMIT,
        bound,
      );
      const rows = res.map((x) => ({
        kind: x.kind,
        row: typeof x.row === 'string' ? (JSON.parse(x.row) as Record<string, unknown>) : x.row,
      }));
      const r = rows.find((x) => x.kind === 'r');
      if (!r) return undefined;
      return {
        reservation: mapRow(reservations, r.row),
        // Ids follow the lines' order (ORDER BY ord above).
        lines: rows
          .filter((x) => x.kind === 'l')
          .map((x) => mapRow(reservationRooms, x.row))
          .sort((a, b) => a.id - b.id),
      };
    },

    /** Units per room type when a night has no override (property_nights' default). */
    async roomCounts(propertyId: number): Promise<Map<number, number>> {
      const res = await queryRows<{ id: string | number; count_of_rooms: number }>(
        db,
        sql`SELECT id, count_of_rooms FROM room_types WHERE property_id = ${propertyId}`,
      );
      return new Map(res.rows.map((r) => [Number(r.id), Number(r.count_of_rooms)]));
    },

    /** Counts one use of a promo code unless it is used up (re-checked against the committed row). */
    async usePromo(promoId: number): Promise<boolean> {
      const res = await queryRows<{ id: number }>(
        db,
        sql`
        UPDATE promo_codes SET used_count = used_count + 1
        WHERE id = ${promoId} AND (max_uses IS NULL OR used_count < max_uses)
        RETURNING id`,
      );
      return res.rows.length > 0;
    },

    async findById(id: number): Promise<ReservationRow | undefined> {
      const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
      return row;
    },

    async rooms(reservationId: number): Promise<ReservationRoomRow[]> {
      return db
        .select()
        .from(reservationRooms)
        .where(eq(reservationRooms.reservationId, reservationId))
        .orderBy(reservationRooms.id);
    },
  };
}
