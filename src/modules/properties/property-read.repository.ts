// The read model of listings: what the read form shows around a batch of properties (but the
// sections other modules own), one query per kind of row whatever the number of listings (no N+1).
import { and, asc, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import {
  commodities,
  currencies,
  favorites,
  properties,
  propertyCommodities,
  propertyNights,
  propertyTypes,
  roomTypes,
  users,
} from '../../db/schema/index.ts';
import { groupBy as group } from './read-form-sections.ts';
import { queryRows } from '../../db/query-rows.ts';
import { compileStatement, rawQuery } from '../../db/raw-query.ts';

export type CurrencyRow = typeof currencies.$inferSelect;

export interface OwnerRow {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  location: string | null;
  email: string;
  avatar: string | null;
  phone: string | null;
}

export interface CommodityEntry {
  id: number;
  name: string;
  type: string;
}

/**
 * How far ahead the read form looks for booked nights: [today, today + this). Without a bound a
 * listing's answer (and every booking's, which carries it) would grow with its future bookings;
 * one year is what a date picker shows, and GET /properties/{id}/availability covers any range.
 */
export const RESERVED_HORIZON_NIGHTS = 366;
// A constant of the statement's text (not a parameter), so the booking's prepared statement keeps one plan.
const HORIZON = sql.raw(String(RESERVED_HORIZON_NIGHTS));

/** Nights in [the listing's today, + RESERVED_HORIZON_NIGHTS) that carry a booking; `full` when no unit is left. */
export interface BookedNight {
  night: string;
  full: boolean;
}

export function propertyReadRepository(db: Executor) {
  return {
    async typeNames(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: propertyTypes.id, name: propertyTypes.name })
        .from(propertyTypes)
        .where(inArray(propertyTypes.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async owners(ids: number[]): Promise<Map<number, OwnerRow>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          location: users.location,
          email: users.email,
          avatar: users.avatar,
          phone: users.phone,
        })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r]));
    },

    async currencies(codes: string[]): Promise<Map<string, CurrencyRow>> {
      if (!codes.length) return new Map();
      const rows = await db.select().from(currencies).where(inArray(currencies.code, codes));
      return new Map(rows.map((r) => [r.code, r]));
    },

    async commodities(propertyIds: number[]): Promise<Map<number, CommodityEntry[]>> {
      const rows = await db
        .select({
          propertyId: propertyCommodities.propertyId,
          id: commodities.id,
          name: commodities.name,
          type: commodities.type,
        })
        .from(propertyCommodities)
        .innerJoin(commodities, eq(commodities.id, propertyCommodities.commodityId))
        .where(inArray(propertyCommodities.propertyId, propertyIds))
        .orderBy(asc(commodities.id));
      return group(rows, (r) => r.propertyId);
    },

    /** Booked nights per listing from its own today on (see bookedNightsSql), by night. */
    async bookedNights(propertyIds: number[], at: Date): Promise<Map<number, BookedNight[]>> {
      const result = await queryRows<{ propertyId: number | string; night: string; full: boolean }>(
        db,
        sql`${bookedNightsSql(propertyIds, at)} ORDER BY n.property_id, n.night`,
      );
      return group(
        result.rows.map((r) => ({ propertyId: Number(r.propertyId), night: r.night, full: r.full === true })),
        (r) => r.propertyId,
      );
    },

    /**
     * One listing's booked nights and, for a signed-in caller, whether it is among their
     * favorites: the parts of a cached read form that change without the listing changing, in
     * one statement.
     */
    async liveParts(propertyId: number, at: Date, userId: number | null): Promise<LiveParts> {
      const values = LIVE_PARTS.bind({ propertyId, at: at.toISOString(), userId: userId ?? 0 });
      const [row] = await rawQuery<LivePartsRow>(db, LIVE_PARTS, values);
      return toLiveParts(row!, userId);
    },

    /** Whether the listing is among the user's favorites. */
    async isFavorite(userId: number, propertyId: number): Promise<boolean> {
      const [row] = await rawQuery<{ favorite: boolean }>(db, IS_FAVORITE, IS_FAVORITE.bind({ userId, propertyId }));
      return row?.favorite === true;
    },

    /** Which of these listings the user has in their favorites. */
    async favoriteIds(userId: number, propertyIds: number[]): Promise<Set<number>> {
      const rows = await db
        .select({ id: favorites.propertyId })
        .from(favorites)
        .where(and(eq(favorites.userId, userId), inArray(favorites.propertyId, propertyIds)));
      return new Set(rows.map((r) => r.id));
    },
  };
}

export interface LiveParts {
  bookedNights: BookedNight[];
  isFavorite: boolean;
}

/** What livePartsSql's single row holds. */
interface LivePartsRow {
  /** Entries in no order, comma-separated ('' for none): "YYYY-MM-DD", followed by "?" when not full. */
  nights: string;
  favorite: boolean;
}

const p = (name: string) => sql.placeholder(name);
const isFavoriteSql = sql`EXISTS (SELECT 1 FROM ${favorites} f WHERE f.user_id = ${p('userId')} AND f.property_id = ${p('propertyId')})`;

/**
 * One row (nights text, favorite bool): a listing's booked nights and whether it is one of the
 * user's favorites. Prepared (raw-query.ts): every booking's answer sends it.
 */
const LIVE_PARTS = compileStatement<'propertyId' | 'at' | 'userId'>(
  // The nights as one text rather than a JSON array of objects: building an object per night
  // cost the database about as much as finding the nights (a listing's few hundred). night::text
  // is ISO, as every date column drizzle reads as text, and the text is sorted here, not by
  // string_agg: at 331 nights both cost the statement half its time (pgbench, 4 clients: 4,500
  // calls/s with to_char and ORDER BY, 7,500 without).
  sql`
    WITH b AS (${bookedNightsOfListingSql(p('propertyId'), p('at'))})
    SELECT COALESCE((SELECT string_agg(b.night::text || CASE WHEN b."full" THEN '' ELSE '?' END, ',') FROM b), '') AS nights,
      ${isFavoriteSql} AS favorite`,
  'live_parts',
);

/** Prepared: every booking's answer sends it, the listing's availability being kept in the detail cache. */
const IS_FAVORITE = compileStatement<'userId' | 'propertyId'>(sql`SELECT ${isFavoriteSql} AS favorite`, 'is_favorite');

function toLiveParts(row: LivePartsRow, userId: number | null): LiveParts {
  const bookedNights: BookedNight[] = [];
  // ISO dates sort as text, and a night's full entry ("…-01") before its other ones ("…-01?"):
  // the first entry of a night says whether it is full.
  for (const entry of row.nights ? row.nights.split(',').sort() : []) {
    const full = !entry.endsWith('?');
    const night = full ? entry : entry.slice(0, -1);
    if (bookedNights.at(-1)?.night !== night) bookedNights.push({ night, full });
  }
  return { bookedNights, isFavorite: userId !== null && row.favorite === true };
}

/**
 * bookedNightsSql for one listing, computed the cheap way for the listing's kind: the same
 * verdicts, but one row per unit kind and night where that form has one per night (toLiveParts
 * merges them). Its room types are counted once first (in the many-listing form that count is
 * a CTE PostgreSQL may re-run for every night row). A listing without room types (one unit,
 * room_type_id 0) needs neither a join with them nor a grouping, which cost the statement a
 * third of its time at 260 nights: at most a year of its nights, whatever its history.
 */
function bookedNightsOfListingSql(propertyId: Placeholder, at: Placeholder) {
  return sql`
    WITH c AS MATERIALIZED (SELECT count(*)::int AS cnt FROM ${roomTypes} WHERE property_id = ${propertyId}),
    h AS MATERIALIZED (SELECT d.today AS first, d.today + ${HORIZON} AS until
      FROM (SELECT (CAST(${at} AS timestamptz) AT TIME ZONE p.timezone)::date AS today FROM ${properties} p WHERE p.id = ${propertyId}) d)
    SELECT n.night, n.room_type_id = 0 AS "full"
    FROM ${propertyNights} n, h, c
    WHERE c.cnt = 0 AND n.property_id = ${propertyId} AND n.night >= h.first AND n.night < h.until AND n.booked + n.blocked > 0
    UNION ALL
    SELECT n.night, count(*) FILTER (WHERE rt.id IS NOT NULL AND n.booked + n.blocked >= COALESCE(n.available_rooms, rt.count_of_rooms)) = c.cnt
    FROM ${propertyNights} n CROSS JOIN h CROSS JOIN c
    LEFT JOIN ${roomTypes} rt ON rt.id = n.room_type_id AND rt.property_id = n.property_id
    WHERE c.cnt > 0 AND n.property_id = ${propertyId} AND n.night >= h.first AND n.night < h.until AND n.booked + n.blocked > 0
    GROUP BY n.night, c.cnt`;
}

/**
 * Booked nights from each listing's own today (the instant `at` in its time zone) on, for
 * RESERVED_HORIZON_NIGHTS nights. A night is full when a listing without room types has a
 * booking on room_type_id 0, or when every room type of the listing has sold all its units (the
 * night's available_rooms override, else count_of_rooms). Unordered: callers add their ORDER BY.
 */
function bookedNightsSql(propertyIds: number[], at: Date) {
  return sql`
    WITH rt_count AS (
      SELECT property_id, count(*)::int AS cnt FROM ${roomTypes} WHERE ${inArray(roomTypes.propertyId, propertyIds)} GROUP BY property_id
    )
    SELECT n.property_id AS "propertyId", n.night::text AS night,
      CASE WHEN COALESCE(c.cnt, 0) = 0 THEN bool_or(n.room_type_id = 0)
           ELSE count(*) FILTER (WHERE rt.id IS NOT NULL AND n.booked + n.blocked >= COALESCE(n.available_rooms, rt.count_of_rooms)) = c.cnt
      END AS "full"
    FROM ${propertyNights} n
    JOIN ${properties} p ON p.id = n.property_id
    LEFT JOIN rt_count c ON c.property_id = n.property_id
    LEFT JOIN ${roomTypes} rt ON rt.id = n.room_type_id AND rt.property_id = n.property_id
    WHERE n.property_id IN (${sql.join(
      propertyIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      AND n.booked + n.blocked > 0
      AND n.night >= (CAST(${at.toISOString()} AS timestamptz) AT TIME ZONE p.timezone)::date
      AND n.night < (CAST(${at.toISOString()} AS timestamptz) AT TIME ZONE p.timezone)::date + ${HORIZON}
    GROUP BY n.property_id, n.night, c.cnt`;
}
