// SQL of what travel platforms send through the channel manager: booking revisions (each applied
// once, keyed by its remote id), the reservations they become, and units taken even beyond a
// night's count when the platform has already sold them (an overbooking, flagged for the owner).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import {
  channelBookingRevisions,
  properties,
  reservationRooms,
  reservations,
  roomTypes,
} from '../../db/schema/index.ts';
import { queryRows } from '../../db/query-rows.ts';

// A listing's revisions, as its owner's view and the channel sync read them: both go by the
// listing's own index entries, whatever the other listings' history (test/query-plans.test.ts).

/** The members of a stored booking revision the channel status shows (the channel's own words). */
export interface UnplacedPayload {
  otaName?: unknown;
  customer?: { name?: unknown; surname?: unknown };
  arrivalDate?: unknown;
  departureDate?: unknown;
}

export const unplacedRevisions = (propertyId: number, limit: number) => sql`
  SELECT r.revision_id, r.remote_booking_id, r.unplaced_reason, r.applied_at, r.payload FROM channel_booking_revisions r
  WHERE r.property_id = ${propertyId} AND r.unplaced_reason IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM channel_booking_revisions later WHERE later.remote_booking_id = r.remote_booking_id
                    AND later.payload->>'insertedAt' > r.payload->>'insertedAt' AND later.unplaced_reason IS NULL)
  ORDER BY r.applied_at DESC LIMIT ${limit}`;
export const unacknowledgedRevisions = (propertyId: number) =>
  sql`SELECT count(*)::int AS n FROM channel_booking_revisions WHERE property_id = ${propertyId} AND acked_at IS NULL`;

export type ReservationRow = typeof reservations.$inferSelect;
export type ReservationLine = typeof reservationRooms.$inferSelect;

export interface LinkedProperty {
  id: number;
  ownerId: number;
  timezone: string;
  /** Remote room type id → ours, with its unit count. */
  roomTypes: Map<string, { id: number; countOfRooms: number }>;
  /** Whether the listing is sold whole (no room types). */
  whole: boolean;
}

export function channelInboundRepository(db: Executor) {
  return {
    async linkedProperty(remoteId: string): Promise<LinkedProperty | undefined> {
      const [p] = await db
        .select({ id: properties.id, ownerId: properties.ownerId, timezone: properties.timezone })
        .from(properties)
        .where(eq(properties.channelPropertyId, remoteId))
        .limit(1);
      if (!p) return undefined;
      const rts = await db
        .select({ id: roomTypes.id, remote: roomTypes.channelRoomTypeId, count: roomTypes.countOfRooms })
        .from(roomTypes)
        .where(eq(roomTypes.propertyId, p.id));
      const map = new Map(rts.filter((r) => r.remote).map((r) => [r.remote!, { id: r.id, countOfRooms: r.count }]));
      return { ...p, roomTypes: map, whole: rts.length === 0 };
    },

    /** Records the revision; false when it was recorded before (another pull applied it). */
    async claimRevision(v: typeof channelBookingRevisions.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(channelBookingRevisions)
        .values(v)
        .onConflictDoNothing()
        .returning({ id: channelBookingRevisions.revisionId });
      return rows.length === 1;
    },

    async setRevisionOutcome(
      revisionId: string,
      v: { reservationId?: number | null; overbooked?: boolean },
    ): Promise<void> {
      await db.update(channelBookingRevisions).set(v).where(eq(channelBookingRevisions.revisionId, revisionId));
    },

    /**
     * Records a revision that cannot be placed on any unit (its room is not mapped), once, so it
     * can be acknowledged and shown to the owner; false when it was recorded before.
     */
    async recordUnplaced(v: {
      revisionId: string;
      remoteBookingId: string;
      propertyId: number;
      status: string;
      reason: string;
      payload: Record<string, unknown>;
      at: Date;
    }): Promise<boolean> {
      const rows = await db
        .insert(channelBookingRevisions)
        .values({
          revisionId: v.revisionId,
          remoteBookingId: v.remoteBookingId,
          propertyId: v.propertyId,
          status: v.status,
          unplacedReason: v.reason,
          payload: v.payload,
          appliedAt: v.at,
        })
        .onConflictDoNothing()
        .returning({ id: channelBookingRevisions.revisionId });
      return rows.length === 1;
    },

    /** A listing's unplaced revisions no later revision of the same booking has settled, newest first. */
    async unplaced(propertyId: number, limit = 20) {
      const res = await queryRows<{
        revision_id: string;
        remote_booking_id: string;
        unplaced_reason: string;
        applied_at: string | Date;
        payload: unknown;
      }>(db, unplacedRevisions(propertyId, limit));
      return res.rows.map((r) => ({
        revisionId: r.revision_id,
        bookingId: r.remote_booking_id,
        reason: r.unplaced_reason,
        receivedAt: new Date(r.applied_at),
        payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : (r.payload ?? {})) as UnplacedPayload,
      }));
    },

    /** Revisions of a listing recorded here whose acknowledgement has not reached the channel manager. */
    async unacknowledged(propertyId: number): Promise<number> {
      const res = await queryRows<{ n: number }>(db, unacknowledgedRevisions(propertyId));
      return Number(res.rows[0]?.n ?? 0);
    },

    async markAcked(revisionId: string, at: Date): Promise<void> {
      await db
        .update(channelBookingRevisions)
        .set({ ackedAt: at })
        .where(eq(channelBookingRevisions.revisionId, revisionId));
    },

    async isRecorded(revisionId: string): Promise<boolean> {
      const [r] = await db
        .select({ id: channelBookingRevisions.revisionId })
        .from(channelBookingRevisions)
        .where(eq(channelBookingRevisions.revisionId, revisionId))
        .limit(1);
      return Boolean(r);
    },

    /** When the newest revision already applied to this booking was made at the platform. */
    async latestAppliedAt(remoteBookingId: string): Promise<string | null> {
      const [r] = await db
        .select({ at: sql<string>`${channelBookingRevisions.payload}->>'insertedAt'` })
        .from(channelBookingRevisions)
        .where(
          and(
            eq(channelBookingRevisions.remoteBookingId, remoteBookingId),
            isNull(channelBookingRevisions.unplacedReason),
            sql`NOT coalesce((${channelBookingRevisions.payload}->>'stale')::boolean, false)`,
          ),
        )
        .orderBy(desc(sql`${channelBookingRevisions.payload}->>'insertedAt'`))
        .limit(1);
      return r?.at ?? null;
    },

    /** The reservation a platform booking became, locked for the change. */
    async lockBooking(remoteBookingId: string): Promise<ReservationRow | undefined> {
      const [r] = await db
        .select()
        .from(reservations)
        .where(and(eq(reservations.source, 'channel'), eq(reservations.externalId, remoteBookingId)))
        .for('update')
        .limit(1);
      return r;
    },

    async lines(reservationId: number): Promise<ReservationLine[]> {
      return db
        .select()
        .from(reservationRooms)
        .where(eq(reservationRooms.reservationId, reservationId))
        .orderBy(reservationRooms.id);
    },

    async insertReservation(
      values: typeof reservations.$inferInsert,
      lines: Array<Omit<typeof reservationRooms.$inferInsert, 'reservationId'>>,
    ): Promise<ReservationRow> {
      const [row] = await db.insert(reservations).values(values).returning();
      if (lines.length) await db.insert(reservationRooms).values(lines.map((l) => ({ ...l, reservationId: row!.id })));
      return row!;
    },

    async replaceLines(
      reservationId: number,
      lines: Array<Omit<typeof reservationRooms.$inferInsert, 'reservationId'>>,
    ): Promise<void> {
      await db.delete(reservationRooms).where(eq(reservationRooms.reservationId, reservationId));
      if (lines.length) await db.insert(reservationRooms).values(lines.map((l) => ({ ...l, reservationId })));
    },

    async updateReservation(id: number, v: Partial<typeof reservations.$inferInsert>): Promise<void> {
      await db.update(reservations).set(v).where(eq(reservations.id, id));
    },

    /**
     * Takes `count` units on every night of [checkin, checkout) whatever is left: the platform
     * has sold them already. Used only after the conditional hold refused; the caller flags
     * the reservation as overbooked.
     */
    async forceHold(stay: {
      propertyId: number;
      roomTypeId: number;
      checkin: string;
      checkout: string;
      count: number;
    }): Promise<void> {
      const { propertyId, roomTypeId, checkin, checkout, count } = stay;
      await db.execute(
        sql`
        INSERT INTO property_nights AS n (property_id, room_type_id, night, booked)
        SELECT ${propertyId}, ${roomTypeId}, d::date, ${count}
        FROM generate_series(${checkin}::date, ${checkout}::date - 1, interval '1 day') AS d
        ON CONFLICT (property_id, room_type_id, night) DO UPDATE SET booked = n.booked + ${count}`,
      );
    },

    /** Records a failure unless the same one is still open (a pull repeats every minute). */
    async recordFailure(propertyId: number | null, kind: string, message: string): Promise<void> {
      await db.execute(sql`
        INSERT INTO channel_sync_failures (property_id, kind, message)
        SELECT ${propertyId}::bigint, ${kind}, ${message}
        WHERE NOT EXISTS (SELECT 1 FROM channel_sync_failures WHERE property_id IS NOT DISTINCT FROM ${propertyId}::bigint
                          AND kind = ${kind} AND message = ${message} AND resolved_at IS NULL)`);
    },
  };
}

/** Owners' replies to travel-platform threads on their way out (messages.external_message_id states). */
export function channelRepliesRepository(db: Executor) {
  return {
    /**
     * Claims up to `limit` replies not yet sent (or whose claim is older than `staleBefore`, an
     * instance that died mid-send) by marking them '<marker>:<id>' (unique, like every external
     * message id); two instances never claim one.
     */
    async claim(
      marker: string,
      at: Date,
      staleBefore: Date,
      limit: number,
    ): Promise<Array<{ id: number; threadId: string; content: string; propertyId: number | null }>> {
      const res = await queryRows<{
        id: string | number;
        external_thread_id: string;
        content: string;
        property_id: string | number | null;
      }>(
        db,
        sql`
        UPDATE messages m SET external_message_id = ${marker} || ':' || m.id, updated_at = ${at.toISOString()}::timestamptz
        WHERE m.id IN (
          SELECT id FROM messages
          WHERE sender_id IS NOT NULL AND external_thread_id IS NOT NULL AND source <> 'internal'
            AND (external_message_id IS NULL OR (external_message_id LIKE 'sending:%' AND updated_at < ${staleBefore.toISOString()}::timestamptz))
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING m.id, m.external_thread_id, m.content, m.property_id`,
      );
      return res.rows.map((r) => ({
        id: Number(r.id),
        threadId: r.external_thread_id,
        content: r.content,
        propertyId: r.property_id === null ? null : Number(r.property_id),
      }));
    },

    /** The remote id once sent; 'undeliverable:<id>' when the platform refused it for good; null to retry. */
    async settle(id: number, marker: string, externalId: string | null, at: Date): Promise<void> {
      await db.execute(sql`UPDATE messages SET external_message_id = ${externalId}, updated_at = ${at.toISOString()}::timestamptz
        WHERE id = ${id} AND external_message_id = ${marker} || ':' || ${id}::text`);
    },
  };
}
