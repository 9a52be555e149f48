// SQL of the outbound link: remote ids, failures, drift, and the per-night values pushed
// (availability left, rate and restrictions), computed from property_nights, room types and rate
// plans. Pending changes and push state are in channel-push.repository.ts.
import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { channelDrift, channelSyncFailures, properties, ratePlans, roomTypes } from '../../db/schema/index.ts';
import { queryRows } from '../../db/query-rows.ts';

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
    async setPropertyLink(
      id: number,
      v: Partial<
        Pick<
          typeof properties.$inferInsert,
          | 'channelPropertyId'
          | 'channelSyncedAt'
          | 'channelUnitRoomTypeId'
          | 'channelUnitRatePlanId'
          | 'channelSyncRequested'
        >
      >,
    ): Promise<void> {
      await db.update(properties).set(v).where(eq(properties.id, id));
    },
    async setRoomTypeLink(id: number, remote: string): Promise<void> {
      await db.update(roomTypes).set({ channelRoomTypeId: remote }).where(eq(roomTypes.id, id));
    },
    async setRatePlanLink(id: number, remote: string): Promise<void> {
      await db.update(ratePlans).set({ channelRatePlanId: remote }).where(eq(ratePlans.id, id));
    },
    /**
     * Listings to send (again) to the channel manager: asked for in step 7 (channel_sync_now), or
     * linked ones whose room types or rate plans changed. Only those with what linking needs (a
     * name and a country) and not backing off after a failed attempt.
     */
    async linkRequested(now: Date, limit = 20): Promise<number[]> {
      const res = await queryRows<{ id: string | number }>(
        db,
        sql`
        SELECT p.id FROM properties p
        LEFT JOIN channel_push_state s ON s.property_id = p.id AND s.kind = 'link'
        WHERE p.channel_sync_requested AND p.country_code IS NOT NULL AND COALESCE(NULLIF(p.public_name, ''), NULLIF(p.internal_name, '')) IS NOT NULL
          AND (s.next_attempt_at IS NULL OR s.next_attempt_at <= ${now.toISOString()}::timestamptz)
        ORDER BY p.id LIMIT ${limit}`,
      );
      return res.rows.map((r) => Number(r.id));
    },
    async linkedIds(): Promise<number[]> {
      const res = await queryRows<{ id: string | number }>(
        db,
        sql`SELECT id FROM properties WHERE channel_property_id IS NOT NULL ORDER BY id`,
      );
      return res.rows.map((r) => Number(r.id));
    },
    async roomTypesWithPlans(propertyId: number) {
      const rts = await db.select().from(roomTypes).where(eq(roomTypes.propertyId, propertyId)).orderBy(roomTypes.id);
      const plans = rts.length
        ? await db
            .select()
            .from(ratePlans)
            .where(
              inArray(
                ratePlans.roomTypeId,
                rts.map((r) => r.id),
              ),
            )
            .orderBy(ratePlans.id)
        : [];
      return rts.map((rt) => ({ ...rt, plans: plans.filter((p) => p.roomTypeId === rt.id) }));
    },
    async propertyTypeName(typeId: number | null): Promise<string | null> {
      if (typeId === null) return null;
      const res = await queryRows<{
        name: string;
      }>(db, sql`SELECT name FROM property_types WHERE id = ${typeId}`);
      return res.rows[0]?.name ?? null;
    },

    async recordFailure(
      propertyId: number,
      kind: string,
      message: string,
      at: Date,
      warnings: string[] | null = null,
    ): Promise<void> {
      await db
        .insert(channelSyncFailures)
        .values({ propertyId, kind, message: message.slice(0, 2000), warnings, createdAt: at });
    },
    async resolveFailures(propertyId: number, kind: string, at: Date): Promise<void> {
      await db
        .update(channelSyncFailures)
        .set({ resolvedAt: at })
        .where(
          and(
            eq(channelSyncFailures.propertyId, propertyId),
            eq(channelSyncFailures.kind, kind),
            isNull(channelSyncFailures.resolvedAt),
          ),
        );
    },
    async openFailures(propertyId: number, limit = 20) {
      return db
        .select()
        .from(channelSyncFailures)
        .where(and(eq(channelSyncFailures.propertyId, propertyId), isNull(channelSyncFailures.resolvedAt)))
        .orderBy(desc(channelSyncFailures.createdAt), desc(channelSyncFailures.id))
        .limit(limit);
    },

    async replaceDrift(
      propertyId: number,
      rows: Array<{ roomTypeId: number; night: string; ours: number; remote: number }>,
      at: Date,
    ): Promise<void> {
      await db.delete(channelDrift).where(eq(channelDrift.propertyId, propertyId));
      if (rows.length) await db.insert(channelDrift).values(rows.map((r) => ({ propertyId, ...r, detectedAt: at })));
    },
    /** A push of [from, to) just set the channel manager to our values: no drift is left there. */
    async clearDrift(propertyId: number, from: string, to: string): Promise<void> {
      await db
        .delete(channelDrift)
        .where(and(eq(channelDrift.propertyId, propertyId), gte(channelDrift.night, from), lt(channelDrift.night, to)));
    },
    async drift(propertyId: number) {
      return db
        .select()
        .from(channelDrift)
        .where(eq(channelDrift.propertyId, propertyId))
        .orderBy(channelDrift.night, channelDrift.roomTypeId);
    },

    /**
     * Per unit kind and night of [from, to): units left to sell (the night's count or override,
     * minus booked and blocked, never below 0), the night's price and stop-sell. Kind 0 is the
     * listing sold whole; a listing with room types has one row per room type.
     */
    async nightValues(propertyId: number, from: string, to: string): Promise<NightValue[]> {
      const res = await queryRows<{
        kind: string | number;
        night: string;
        available: number;
        price: string | number | null;
        stop_sell: boolean;
      }>(
        db,
        sql`
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
        ORDER BY k.kind, d`,
      );
      return res.rows.map((r) => ({
        roomTypeId: Number(r.kind),
        night: r.night,
        available: Number(r.available),
        price: r.price === null ? null : Number(r.price),
        stopSell: r.stop_sell,
      }));
    },
  };
}
