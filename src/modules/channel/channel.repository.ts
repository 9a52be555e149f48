// SQL of the outbound link: remote ids, pending pushes, push state (rate-limit window, backoff,
// last outcome), failures, drift, and the per-night values pushed (availability left, rate and
// restrictions), computed from property_nights, room types and rate plans.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { channelDrift, channelPendingChanges, channelPushState, channelSyncFailures, properties, ratePlans, roomTypes } from '../../db/schema/index.ts';

type Rows<T> = { rows: T[] };
export type PushKind = 'availability' | 'restrictions';
export type PushStateRow = typeof channelPushState.$inferSelect;

export interface NightValue {
  /** Our unit kind: 0 = the whole listing. */
  roomTypeId: number;
  night: string;
  available: number;
  /** The night's price override, or for the listing sold whole its nightly price (minor units); null: the rate plan's own price. */
  price: number | null;
  stopSell: boolean;
}

export function channelRepository(db: Executor) {
  return {
    async setPropertyLink(id: number, v: Partial<Pick<typeof properties.$inferInsert, 'channelPropertyId' | 'channelSyncedAt' | 'channelUnitRoomTypeId' | 'channelUnitRatePlanId' | 'channelSyncRequested'>>): Promise<void> {
      await db.update(properties).set(v).where(eq(properties.id, id));
    },
    async setRoomTypeLink(id: number, remote: string): Promise<void> {
      await db.update(roomTypes).set({ channelRoomTypeId: remote }).where(eq(roomTypes.id, id));
    },
    async setRatePlanLink(id: number, remote: string): Promise<void> {
      await db.update(ratePlans).set({ channelRatePlanId: remote }).where(eq(ratePlans.id, id));
    },
    /** Listings whose owner asked for a link (step 7's channel_sync_now) not yet done. */
    async linkRequested(limit = 20): Promise<number[]> {
      const rows = await db.select({ id: properties.id }).from(properties).where(eq(properties.channelSyncRequested, true)).orderBy(properties.id).limit(limit);
      return rows.map((r) => r.id);
    },
    async linkedIds(): Promise<number[]> {
      const res = (await db.execute(sql`SELECT id FROM properties WHERE channel_property_id IS NOT NULL ORDER BY id`)) as unknown as Rows<{ id: string | number }>;
      return res.rows.map((r) => Number(r.id));
    },
    async roomTypesWithPlans(propertyId: number) {
      const rts = await db.select().from(roomTypes).where(eq(roomTypes.propertyId, propertyId)).orderBy(roomTypes.id);
      const plans = rts.length ? await db.select().from(ratePlans).where(inArray(ratePlans.roomTypeId, rts.map((r) => r.id))).orderBy(ratePlans.id) : [];
      return rts.map((rt) => ({ ...rt, plans: plans.filter((p) => p.roomTypeId === rt.id) }));
    },
    async propertyTypeName(typeId: number | null): Promise<string | null> {
      if (typeId === null) return null;
      const res = (await db.execute(sql`SELECT name FROM property_types WHERE id = ${typeId}`)) as unknown as Rows<{ name: string }>;
      return res.rows[0]?.name ?? null;
    },

    async queue(propertyId: number, kinds: PushKind[], from: string, to: string): Promise<void> {
      if (kinds.length) await db.insert(channelPendingChanges).values(kinds.map((kind) => ({ propertyId, kind, dateFrom: from, dateTo: to })));
    },
    /** Queues a range for a listing only if it is linked (one statement; nothing for the others). */
    async queueIfLinked(propertyId: number, kinds: PushKind[], from: string, to: string): Promise<void> {
      if (!kinds.length || from >= to) return;
      await db.execute(sql`
        INSERT INTO channel_pending_changes (property_id, kind, date_from, date_to)
        SELECT p.id, k, ${from}::date, ${to}::date FROM properties p, unnest(${`{${kinds.join(',')}}`}::text[]) AS k
        WHERE p.id = ${propertyId} AND p.channel_property_id IS NOT NULL`);
    },
    /** Queues a reservation's nights (and an earlier range it moved from) for an availability push, if its listing is linked. */
    async queueReservation(reservationId: number, old?: { from: string; to: string }): Promise<void> {
      await db.execute(sql`
        INSERT INTO channel_pending_changes (property_id, kind, date_from, date_to)
        SELECT r.property_id, 'availability', LEAST(r.checkin_date, COALESCE(${old?.from ?? null}::date, r.checkin_date)),
               GREATEST(r.checkout_date, COALESCE(${old?.to ?? null}::date, r.checkout_date))
        FROM reservations r JOIN properties p ON p.id = r.property_id
        WHERE r.id = ${reservationId} AND p.channel_property_id IS NOT NULL`);
    },
    /** Properties and kinds with changes waiting, linked listings only. */
    async waiting(): Promise<Array<{ propertyId: number; kind: PushKind }>> {
      const res = (await db.execute(sql`
        SELECT DISTINCT c.property_id, c.kind FROM channel_pending_changes c
        JOIN properties p ON p.id = c.property_id AND p.channel_property_id IS NOT NULL
        ORDER BY c.property_id, c.kind`)) as unknown as Rows<{ property_id: string | number; kind: PushKind }>;
      return res.rows.map((r) => ({ propertyId: Number(r.property_id), kind: r.kind }));
    },
    async pending(propertyId: number, kind: PushKind) {
      return db.select({ id: channelPendingChanges.id, from: channelPendingChanges.dateFrom, to: channelPendingChanges.dateTo })
        .from(channelPendingChanges).where(and(eq(channelPendingChanges.propertyId, propertyId), eq(channelPendingChanges.kind, kind)));
    },
    async dropPending(ids: number[]): Promise<void> {
      if (ids.length) await db.delete(channelPendingChanges).where(inArray(channelPendingChanges.id, ids));
    },
    async pendingCounts(propertyId: number): Promise<Record<PushKind, number>> {
      const res = (await db.execute(sql`SELECT kind, count(*)::int AS n FROM channel_pending_changes WHERE property_id = ${propertyId} GROUP BY kind`)) as unknown as Rows<{ kind: PushKind; n: number }>;
      const out: Record<PushKind, number> = { availability: 0, restrictions: 0 };
      for (const r of res.rows) out[r.kind] = Number(r.n);
      return out;
    },

    async state(propertyId: number, kind: PushKind): Promise<PushStateRow | undefined> {
      const [row] = await db.select().from(channelPushState).where(and(eq(channelPushState.propertyId, propertyId), eq(channelPushState.kind, kind)));
      return row;
    },
    async states(propertyId: number): Promise<PushStateRow[]> {
      return db.select().from(channelPushState).where(eq(channelPushState.propertyId, propertyId));
    },
    async saveState(v: typeof channelPushState.$inferInsert): Promise<void> {
      await db.insert(channelPushState).values(v).onConflictDoUpdate({ target: [channelPushState.propertyId, channelPushState.kind], set: { ...v } });
    },

    async recordFailure(propertyId: number, kind: string, message: string, warnings: string[] | null = null): Promise<void> {
      await db.insert(channelSyncFailures).values({ propertyId, kind, message, warnings });
    },
    async resolveFailures(propertyId: number, kind: string, at: Date): Promise<void> {
      await db.update(channelSyncFailures).set({ resolvedAt: at })
        .where(and(eq(channelSyncFailures.propertyId, propertyId), eq(channelSyncFailures.kind, kind), isNull(channelSyncFailures.resolvedAt)));
    },
    async openFailures(propertyId: number, limit = 20) {
      return db.select().from(channelSyncFailures)
        .where(and(eq(channelSyncFailures.propertyId, propertyId), isNull(channelSyncFailures.resolvedAt)))
        .orderBy(desc(channelSyncFailures.createdAt), desc(channelSyncFailures.id)).limit(limit);
    },

    async replaceDrift(propertyId: number, rows: Array<{ roomTypeId: number; night: string; ours: number; remote: number }>, at: Date): Promise<void> {
      await db.delete(channelDrift).where(eq(channelDrift.propertyId, propertyId));
      if (rows.length) await db.insert(channelDrift).values(rows.map((r) => ({ propertyId, ...r, detectedAt: at })));
    },
    async drift(propertyId: number) {
      return db.select().from(channelDrift).where(eq(channelDrift.propertyId, propertyId)).orderBy(channelDrift.night, channelDrift.roomTypeId);
    },

    /**
     * Per unit kind and night of [from, to): units left to sell (the night's count or override,
     * minus booked and blocked, never below 0), the night's price and stop-sell. Kind 0 is the
     * listing sold whole; a listing with room types has one row per room type.
     */
    async nightValues(propertyId: number, from: string, to: string): Promise<NightValue[]> {
      const res = (await db.execute(sql`
        WITH kinds AS (
          SELECT rt.id AS kind, rt.count_of_rooms AS units, NULL::bigint AS rate FROM room_types rt WHERE rt.property_id = ${propertyId}
          UNION ALL
          SELECT 0, 1, p.price_per_night FROM properties p WHERE p.id = ${propertyId} AND NOT EXISTS (SELECT 1 FROM room_types WHERE property_id = ${propertyId})
        )
        SELECT k.kind, to_char(d, 'YYYY-MM-DD') AS night,
          GREATEST(0, COALESCE(n.available_rooms, k.units) - COALESCE(n.booked, 0) - COALESCE(n.blocked, 0))::int AS available,
          COALESCE(n.price, k.rate) AS price,
          COALESCE(n.stop_sell, false) AS stop_sell
        FROM kinds k CROSS JOIN generate_series(${from}::date, ${to}::date - 1, interval '1 day') AS d
        LEFT JOIN property_nights n ON n.property_id = ${propertyId} AND n.room_type_id = k.kind AND n.night = d::date
        ORDER BY k.kind, d`)) as unknown as Rows<{ kind: string | number; night: string; available: number; price: string | number | null; stop_sell: boolean }>;
      return res.rows.map((r) => ({ roomTypeId: Number(r.kind), night: r.night, available: Number(r.available), price: r.price === null ? null : Number(r.price), stopSell: r.stop_sell }));
    },
  };
}
