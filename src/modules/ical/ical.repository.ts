// SQL of iCal: the listing's secret export token, its busy nights, imported feeds and the nights
// they block (ical_blocks, mirrored as counts in property_nights.blocked).
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { icalBlocks, icalFeeds, properties, roomTypes } from '../../db/schema/index.ts';
import { queryRows } from '../../db/query-rows.ts';

export type FeedRow = typeof icalFeeds.$inferSelect;

export function icalRepository(db: Executor) {
  return {
    /** Sets the token unless one exists (two first requests at once agree on one); returns the token in force. */
    async ensureToken(propertyId: number, candidate: string): Promise<string> {
      await db
        .update(properties)
        .set({ icalToken: candidate })
        .where(and(eq(properties.id, propertyId), isNull(properties.icalToken)));
      const [row] = await db
        .select({ token: properties.icalToken })
        .from(properties)
        .where(eq(properties.id, propertyId));
      return row!.token!;
    },
    async setToken(propertyId: number, token: string): Promise<void> {
      await db.update(properties).set({ icalToken: token }).where(eq(properties.id, propertyId));
    },
    async propertyByToken(propertyId: number, token: string) {
      const [row] = await db
        .select({ id: properties.id, timezone: properties.timezone })
        .from(properties)
        .where(and(eq(properties.id, propertyId), eq(properties.icalToken, token)))
        .limit(1);
      return row;
    },

    /**
     * Nights of [from, to) with no unit left to sell: a listing sold whole when its one unit is
     * taken, stopped or closed; a listing with room types when none of them has a unit left.
     * reserved: some unit of the night is taken by a reservation.
     */
    async busyNights(
      propertyId: number,
      from: string,
      to: string,
    ): Promise<Array<{ night: string; reserved: boolean }>> {
      const res = await queryRows<{ night: string; reserved: boolean }>(
        db,
        sql`
        WITH kinds AS (
          SELECT id AS kind, count_of_rooms AS units FROM room_types WHERE property_id = ${propertyId}
          UNION ALL SELECT 0, 1 WHERE NOT EXISTS (SELECT 1 FROM room_types WHERE property_id = ${propertyId})
        ), nights AS (
          SELECT d::date AS night FROM generate_series(${from}::date, ${to}::date - 1, interval '1 day') AS d
        )
        SELECT to_char(g.night, 'YYYY-MM-DD') AS night,
               EXISTS (SELECT 1 FROM kinds k JOIN property_nights n ON n.property_id = ${propertyId} AND n.room_type_id = k.kind AND n.night = g.night WHERE n.booked > 0) AS reserved
        FROM nights g
        WHERE NOT EXISTS (
          SELECT 1 FROM kinds k LEFT JOIN property_nights n ON n.property_id = ${propertyId} AND n.room_type_id = k.kind AND n.night = g.night
          WHERE NOT COALESCE(n.stop_sell, false) AND COALESCE(n.available_rooms, k.units) - COALESCE(n.booked, 0) - COALESCE(n.blocked, 0) > 0)
        ORDER BY 1`,
      );
      return res.rows.map((r) => ({ night: r.night, reserved: r.reserved === true || String(r.reserved) === 't' }));
    },

    /** The listing's room types with their unit counts (none: the listing is sold whole). */
    async unitKinds(propertyId: number): Promise<Array<{ id: number; units: number }>> {
      return db
        .select({ id: roomTypes.id, units: roomTypes.countOfRooms })
        .from(roomTypes)
        .where(eq(roomTypes.propertyId, propertyId))
        .orderBy(asc(roomTypes.id));
    },

    async feeds(propertyId: number): Promise<FeedRow[]> {
      return db.select().from(icalFeeds).where(eq(icalFeeds.propertyId, propertyId)).orderBy(asc(icalFeeds.id));
    },
    async feed(propertyId: number, feedId: number): Promise<FeedRow | undefined> {
      const [row] = await db
        .select()
        .from(icalFeeds)
        .where(and(eq(icalFeeds.propertyId, propertyId), eq(icalFeeds.id, feedId)));
      return row;
    },
    async feedByUrl(propertyId: number, roomTypeId: number, url: string): Promise<FeedRow | undefined> {
      const [row] = await db
        .select()
        .from(icalFeeds)
        .where(and(eq(icalFeeds.propertyId, propertyId), eq(icalFeeds.roomTypeId, roomTypeId), eq(icalFeeds.url, url)));
      return row;
    },
    async lockFeed(feedId: number): Promise<FeedRow | undefined> {
      const [row] = await db.select().from(icalFeeds).where(eq(icalFeeds.id, feedId)).for('update');
      return row;
    },
    async insertFeed(v: typeof icalFeeds.$inferInsert): Promise<FeedRow | undefined> {
      const [row] = await db.insert(icalFeeds).values(v).onConflictDoNothing().returning();
      return row;
    },
    async updateFeed(feedId: number, v: Partial<typeof icalFeeds.$inferInsert>): Promise<void> {
      await db.update(icalFeeds).set(v).where(eq(icalFeeds.id, feedId));
    },
    async deleteFeed(feedId: number): Promise<void> {
      await db.delete(icalFeeds).where(eq(icalFeeds.id, feedId));
    },
    /**
     * Claims up to `limit` feeds not fetched since `before` by stamping them fetched now, so no
     * other run (another instance, an overrun lease) takes them while they are being fetched;
     * rows another claimer holds are skipped, and so are feeds marked failed (over their reading budget).
     */
    async claimDueFeeds(before: Date, now: Date, limit: number): Promise<FeedRow[]> {
      const due = db
        .select({ id: icalFeeds.id })
        .from(icalFeeds)
        .where(
          and(eq(icalFeeds.status, 'active'), or(isNull(icalFeeds.lastFetchedAt), lt(icalFeeds.lastFetchedAt, before))),
        )
        .orderBy(sql`${icalFeeds.lastFetchedAt} NULLS FIRST`, asc(icalFeeds.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db.update(icalFeeds).set({ lastFetchedAt: now }).where(inArray(icalFeeds.id, due)).returning();
    },

    async blockedNights(feedId: number): Promise<string[]> {
      const rows = await db
        .select({ night: sql<string>`to_char(${icalBlocks.night}, 'YYYY-MM-DD')` })
        .from(icalBlocks)
        .where(eq(icalBlocks.feedId, feedId));
      return rows.map((r) => r.night);
    },
    async blockCounts(feedIds: number[]): Promise<Map<number, number>> {
      if (!feedIds.length) return new Map();
      const rows = await db
        .select({ feedId: icalBlocks.feedId, n: sql<number>`count(*)::int` })
        .from(icalBlocks)
        .where(inArray(icalBlocks.feedId, feedIds))
        .groupBy(icalBlocks.feedId);
      return new Map(rows.map((r) => [r.feedId, Number(r.n)]));
    },
    /** Nights a feed blocks where bookings alone already fill the unit kind (the block changes nothing there). */
    async conflicts(feed: FeedRow, units: number): Promise<string[]> {
      const res = await queryRows<{
        night: string;
      }>(
        db,
        sql`
        SELECT to_char(b.night, 'YYYY-MM-DD') AS night FROM ical_blocks b
        JOIN property_nights n ON n.property_id = ${feed.propertyId} AND n.room_type_id = ${feed.roomTypeId} AND n.night = b.night
        WHERE b.feed_id = ${feed.id} AND n.booked >= COALESCE(n.available_rooms, ${units}) ORDER BY 1`,
      );
      return res.rows.map((r) => r.night);
    },

    async addBlocks(
      feed: FeedRow,
      nights: Array<{ night: string; uid: string | null; summary: string | null }>,
    ): Promise<void> {
      if (!nights.length) return;
      await db.insert(icalBlocks).values(
        nights.map((n) => ({
          feedId: feed.id,
          night: n.night,
          uid: n.uid?.slice(0, 500) ?? null,
          summary: n.summary?.slice(0, 500) ?? null,
        })),
      );
      await db.execute(sql`
        INSERT INTO property_nights AS n (property_id, room_type_id, night, blocked)
        SELECT ${feed.propertyId}, ${feed.roomTypeId}, d::date, 1 FROM unnest(${`{${nights.map((n) => n.night).join(',')}}`}::date[]) AS d
        ON CONFLICT (property_id, room_type_id, night) DO UPDATE SET blocked = n.blocked + 1`);
    },
    async removeBlocks(feed: FeedRow, nights: string[]): Promise<void> {
      if (!nights.length) return;
      const list = `{${nights.join(',')}}`;
      await db.execute(sql`DELETE FROM ical_blocks WHERE feed_id = ${feed.id} AND night = ANY(${list}::date[])`);
      await db.execute(sql`
        UPDATE property_nights SET blocked = blocked - 1
        WHERE property_id = ${feed.propertyId} AND room_type_id = ${feed.roomTypeId} AND night = ANY(${list}::date[]) AND blocked > 0`);
    },
  };
}
