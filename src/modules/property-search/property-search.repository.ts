// The queries of listing lists. A page costs at most four statements whatever its size: the
// page's ids (filter, order, limit), the count when the page cannot tell it, everything the cards
// show (type, currency, owner, cover, commodities) for those ids alone unless the card cache has
// them, and the signed-in caller's favorite flags among them.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { bigintArray } from '../../db/sql-arrays.ts';
import { queryBuilt } from '../../db/raw-query.ts';
import { distanceSql, orderSql, whereSql, type Scope } from './search-conditions.repository.ts';
import { priceJoinSql, type PriceBasis } from './search-price.repository.ts';
import type { Criteria, SortKey } from './search-criteria.ts';

export interface CardRow {
  id: number;
  owner_id: number;
  internal_name: string | null;
  public_name: string | null;
  type_name: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  status: string;
  visibility: boolean;
  breakfast_included: boolean;
  pets_allowed: boolean;
  recommended: boolean;
  base_price: number | null;
  price_per_night: number | null;
  cleaning_fee: number | null;
  tax_rate: string | null;
  security_deposit: number | null;
  capacity: number | null;
  rating_sum: number;
  rating_count: number;
  like_count: number;
  check_in_time: string | null;
  check_in_time_end: string | null;
  check_out_time: string | null;
  currency_code: string;
  decimals: number;
  timezone: string;
  cover_id: number | null;
  cover_has_thumbnail: boolean | null;
  commodities: Array<{ id: number; name: string; type: string }>;
  owner_username: string;
  owner_first_name: string;
  owner_last_name: string;
  owner_avatar: string | null;
  is_favorite: boolean;
  distance_km: number | null;
}

export interface PageRequest {
  scope: Scope;
  criteria: Criteria;
  sort: SortKey;
  /** Price comparisons and price order need one; other searches pass null. */
  basis: PriceBasis | null;
  /** Only this user's favorites (ordered by when they were added). */
  favoritesOf?: number;
  limit: number;
  offset: number;
  /** Count matches only up to this many (public searches); undefined counts them all. */
  countCap?: number;
  /** The total, when a statement of the same request already counted it (the search facets): no count then. */
  knownTotal?: number;
}

/** A card's members as stored for every caller: all but the caller's favorite flag and the distance from their search. */
export type CardFields = Omit<CardRow, 'is_favorite' | 'distance_km'>;

export interface PickedId {
  id: number;
  distance_km: number | null;
}

function fromSql(req: PageRequest): SQL {
  const joins: SQL[] = [sql`properties p`];
  if (req.basis) joins.push(priceJoinSql());
  if (req.favoritesOf !== undefined)
    joins.push(sql`JOIN favorites f ON f.property_id = p.id AND f.user_id = ${req.favoritesOf}`);
  return sql.join(joins, sql` `);
}

/** The page's ids in order, with the distance from `near`. */
export function pageIdsSql(req: PageRequest): SQL {
  const distance = req.criteria.near ? distanceSql(req.criteria.near) : sql`NULL::float8`;
  return sql`SELECT p.id::float8 AS id, ${distance} AS distance_km
    FROM ${fromSql(req)}
    WHERE ${whereSql(req.scope, req.criteria, req.basis)}
    ORDER BY ${orderSql(req.sort, req.criteria, req.basis)}
    LIMIT ${req.limit} OFFSET ${req.offset}`;
}

/** Everything a card shows but the caller's favorite flag, for the page's ids (primary-key lookups only). */
export function cardsSql(ids: readonly number[]): SQL {
  return sql`
    SELECT p.id::float8 AS id, p.owner_id::float8 AS owner_id, p.internal_name, p.public_name, t.name AS type_name,
      p.address, p.latitude, p.longitude, p.status, p.visibility, p.breakfast_included, p.pets_allowed, p.recommended,
      p.base_price::float8 AS base_price, p.price_per_night::float8 AS price_per_night, p.cleaning_fee::float8 AS cleaning_fee,
      p.tax_rate::text AS tax_rate, p.security_deposit::float8 AS security_deposit, p.capacity,
      p.rating_sum, p.rating_count, p.like_count,
      p.check_in_time::text AS check_in_time, p.check_in_time_end::text AS check_in_time_end, p.check_out_time::text AS check_out_time,
      p.currency_code, COALESCE(c.decimals, 2) AS decimals, p.timezone,
      cover.id::float8 AS cover_id, cover.thumbnail_key IS NOT NULL AS cover_has_thumbnail,
      (SELECT COALESCE(json_agg(json_build_object('id', cm.id, 'name', cm.name, 'type', cm.type) ORDER BY cm.name, cm.id), '[]'::json)
         FROM property_commodities pcm JOIN commodities cm ON cm.id = pcm.commodity_id WHERE pcm.property_id = p.id) AS commodities,
      u.username AS owner_username, u.first_name AS owner_first_name, u.last_name AS owner_last_name, u.avatar AS owner_avatar
    FROM properties p
    JOIN users u ON u.id = p.owner_id
    LEFT JOIN property_types t ON t.id = p.type_id
    LEFT JOIN currencies c ON c.code = p.currency_code
    LEFT JOIN LATERAL (
      SELECT m.id, m.thumbnail_key FROM property_medias m WHERE m.property_id = p.id ORDER BY m.position, m.id LIMIT 1
    ) cover ON TRUE
    WHERE p.id = ANY(${bigintArray(ids)})`;
}

/** The number of matches, counting no further than `cap` + 1 when a cap is given. */
export function countSql(req: PageRequest): SQL {
  const matches = sql`SELECT 1 FROM ${fromSql(req)} WHERE ${whereSql(req.scope, req.criteria, req.basis)}`;
  if (req.countCap === undefined) return sql`SELECT count(*)::int AS n FROM (${matches}) m`;
  return sql`SELECT count(*)::int AS n FROM (${matches} LIMIT ${req.countCap + 1}) m`;
}

export function propertySearchRepository(db: Executor) {
  return {
    /**
     * One page's ids in order, and a count only when the page is full or past the end (a short
     * page tells its own total). With `countCap`, a search matching more reports `countCap` as
     * its total.
     */
    async page(req: PageRequest): Promise<{ picked: PickedId[]; total: number }> {
      // A capped search serves its first `countCap` matches and no further.
      const limit =
        req.countCap === undefined ? req.limit : Math.max(0, Math.min(req.limit, req.countCap - req.offset));
      const picked = limit === 0 ? [] : await queryBuilt<PickedId>(db, pageIdsSql({ ...req, limit }));
      if (picked.length < limit && (picked.length > 0 || req.offset === 0))
        return { picked, total: req.offset + picked.length };
      if (req.knownTotal !== undefined) return { picked, total: req.knownTotal };
      const n = (await queryBuilt<{ n: number }>(db, countSql(req)))[0]?.n ?? 0;
      return { picked, total: req.countCap === undefined ? n : Math.min(n, req.countCap) };
    },

    /** What the cards of these listings show, but the favorite flag; a listing deleted meanwhile is missing. */
    async cards(ids: readonly number[]): Promise<CardFields[]> {
      return ids.length === 0 ? [] : queryBuilt<CardFields>(db, cardsSql(ids));
    },

    /** Which of these listings the user has among their favorites. */
    async favoritesAmong(userId: number, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await queryBuilt<{ id: number }>(
        db,
        sql`SELECT property_id::float8 AS id FROM favorites WHERE user_id = ${userId} AND property_id = ANY(${bigintArray(ids)})`,
      );
      return new Set(rows.map((r) => r.id));
    },

    /** The exchange rate and decimals of a currency by code, or of the default currency without one. */
    async currencyRate(code?: string): Promise<{ code: string; rate: string; decimals: number } | undefined> {
      const cond = code ? sql`code = ${code}` : sql`is_default`;
      const [row] = await queryBuilt<{ code: string; rate: string; decimals: number }>(
        db,
        sql`SELECT code, exchange_rate::text AS rate, decimals FROM currencies WHERE ${cond} LIMIT 1`,
      );
      return row;
    },
  };
}
