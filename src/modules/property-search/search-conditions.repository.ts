// The SQL conditions and orderings of listing search, over the alias `p` (properties). Kept apart
// from the queries so each rule (availability, distance, price) reads on its own.
import { sql, type SQL } from 'drizzle-orm';
import type { Criteria, Near, SortKey, Stay } from './search-criteria.ts';
import { priceRangeSql, priceSql, type PriceBasis } from './search-price.repository.ts';

/** Which listings a caller reaches before any filter. */
export type Scope =
  | { kind: 'public' }
  | { kind: 'all' }
  | { kind: 'own'; ownerId: number }
  | { kind: 'public-or-own'; ownerId: number };

// Written exactly as the partial indexes' predicate so the planner can use them.
export const PUBLIC = sql`p.status = 'active' AND p.visibility`;

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;

// LIKE treats % and _ as wildcards; a search for "a_b" must match those characters only.
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function scopeSql(scope: Scope): SQL {
  switch (scope.kind) {
    case 'public':
      return PUBLIC;
    case 'all':
      return sql`TRUE`;
    case 'own':
      return sql`p.owner_id = ${scope.ownerId}`;
    case 'public-or-own':
      return sql`((${PUBLIC}) OR p.owner_id = ${scope.ownerId})`;
  }
}

/** Great-circle distance from `near` to the listing, km (haversine). */
export function distanceSql(near: Near): SQL {
  const lat = sql`${near.lat}::float8`;
  const lng = sql`${near.lng}::float8`;
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(LEAST(1::float8, sqrt(
    power(sin(radians(p.latitude - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - ${lng}) / 2), 2)))))`;
}

/**
 * A box around the circle on the indexed (latitude, longitude) columns, so the geo index does
 * the coarse work; the exact distance check then runs on the few rows inside it.
 */
function boundingBoxSql(near: Near): SQL {
  const margin = 1e-6;
  const dLat = near.radiusKm / KM_PER_DEGREE + margin;
  const latMin = near.lat - dLat;
  const latMax = near.lat + dLat;
  const lat = sql`p.latitude BETWEEN ${latMin}::float8 AND ${latMax}::float8`;
  if (latMin <= -90 || latMax >= 90) return lat;
  // Longitude half-width of a spherical cap (exact, not the small-angle approximation).
  const ratio = Math.sin(near.radiusKm / EARTH_RADIUS_KM) / Math.cos((near.lat * Math.PI) / 180);
  if (ratio >= 1) return lat;
  const dLng = (Math.asin(ratio) * 180) / Math.PI + margin;
  const lngMin = near.lng - dLng;
  const lngMax = near.lng + dLng;
  if (lngMin < -180)
    return sql`${lat} AND (p.longitude >= ${lngMin + 360}::float8 OR p.longitude <= ${lngMax}::float8)`;
  if (lngMax > 180) return sql`${lat} AND (p.longitude >= ${lngMin}::float8 OR p.longitude <= ${lngMax - 360}::float8)`;
  return sql`${lat} AND p.longitude BETWEEN ${lngMin}::float8 AND ${lngMax}::float8`;
}

const HAS_ROOM_TYPES = sql`EXISTS (SELECT 1 FROM room_types rt0 WHERE rt0.property_id = p.id)`;

/**
 * Only listings with one unit free for every night of [checkin, checkout) that holds the
 * guests. Without room types the listing is one unit (room_type_id 0 in the calendar); with
 * room types, some room type must hold the guests and have a unit left on every night. Nights
 * without a calendar row are free. NOT EXISTS keeps each check an index probe on the calendar's
 * primary key, whatever the size of the table.
 */
function availabilitySql(stay: Stay, guests: number): SQL {
  const from = sql`${stay.checkin}::date`;
  const to = sql`${stay.checkout}::date`;
  return sql`((NOT ${HAS_ROOM_TYPES}
      AND COALESCE(p.capacity, 0) >= ${guests}::int
      AND NOT EXISTS (SELECT 1 FROM property_nights n WHERE n.property_id = p.id AND n.room_type_id = 0
        AND n.night >= ${from} AND n.night < ${to}
        AND (n.stop_sell OR COALESCE(n.available_rooms, 1) - n.booked - n.blocked <= 0)))
    OR EXISTS (SELECT 1 FROM room_types rt WHERE rt.property_id = p.id AND rt.capacity >= ${guests}::int
      AND NOT EXISTS (SELECT 1 FROM property_nights n WHERE n.property_id = p.id AND n.room_type_id = rt.id
        AND n.night >= ${from} AND n.night < ${to}
        AND (n.stop_sell OR COALESCE(n.available_rooms, rt.count_of_rooms) - n.booked - n.blocked <= 0))))`;
}

/** Guests without dates: one unit must be able to hold them. */
function capacitySql(guests: number): SQL {
  return sql`((NOT ${HAS_ROOM_TYPES} AND COALESCE(p.capacity, 0) >= ${guests}::int)
    OR EXISTS (SELECT 1 FROM room_types rt WHERE rt.property_id = p.id AND rt.capacity >= ${guests}::int))`;
}

/**
 * The filters search facets count over, each as one condition (absent when not asked for): a
 * facet counts with every filter but its own, so each stays separable from the rest.
 */
export interface FacetConditions {
  type?: SQL;
  neighborhood?: SQL;
  commodities?: SQL;
  price?: SQL;
}

export function facetConditions(c: Criteria, basis: PriceBasis | null): FacetConditions {
  const out: FacetConditions = {};
  if (c.typeId !== undefined) out.type = sql`p.type_id = ${c.typeId}`;
  if (c.neighborhoodId !== undefined) out.neighborhood = sql`p.neighborhood_id = ${c.neighborhoodId}`;
  const commodities = (c.commodityIds ?? []).map(
    (id) =>
      sql`EXISTS (SELECT 1 FROM property_commodities pcm WHERE pcm.property_id = p.id AND pcm.commodity_id = ${id})`,
  );
  if (commodities.length) out.commodities = sql.join(commodities, sql` AND `);
  const price = basis ? priceRangeSql(basis, c) : [];
  if (price.length) out.price = sql.join(price, sql` AND `);
  return out;
}

/** The search's conditions but the facetable ones (type, neighborhood, commodities, price). */
export function baseWhereSql(scope: Scope, c: Criteria): SQL {
  return whereSql(
    scope,
    {
      ...c,
      typeId: undefined,
      neighborhoodId: undefined,
      commodityIds: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    },
    null,
  );
}

export function whereSql(scope: Scope, c: Criteria, basis: PriceBasis | null): SQL {
  const conds: SQL[] = [scopeSql(scope)];
  if (c.status) conds.push(sql`p.status = ${c.status}`);
  if (c.visibility !== undefined) conds.push(sql`p.visibility = ${c.visibility}`);
  if (c.recommendedOnly) conds.push(sql`p.recommended`);
  if (c.q) {
    const pat = likePattern(c.q);
    conds.push(sql`(p.public_name ILIKE ${pat} OR p.description ILIKE ${pat} OR p.address ILIKE ${pat})`);
  }
  const facetable = facetConditions(c, basis);
  if (facetable.type) conds.push(facetable.type);
  if (facetable.neighborhood) conds.push(facetable.neighborhood);
  if (c.address) conds.push(sql`p.address ILIKE ${likePattern(c.address)}`);
  if (c.stay) conds.push(availabilitySql(c.stay, c.guests ?? 1));
  else if (c.guests !== undefined) conds.push(capacitySql(c.guests));
  if (facetable.price) conds.push(facetable.price);
  if (c.near) conds.push(boundingBoxSql(c.near), sql`${distanceSql(c.near)} <= ${c.near.radiusKm}::float8`);
  if (facetable.commodities) conds.push(facetable.commodities);
  return sql.join(conds, sql` AND `);
}

export function orderSql(sort: SortKey, c: Criteria, basis: PriceBasis | null): SQL {
  switch (sort) {
    case 'newest':
      return sql`p.created_at DESC, p.id DESC`;
    case 'popular':
      return sql`p.like_count DESC, p.created_at DESC, p.id DESC`;
    case 'rating':
      return sql`(CASE WHEN p.rating_count > 0 THEN p.rating_sum::numeric / p.rating_count END) DESC NULLS LAST, p.rating_count DESC, p.id DESC`;
    case 'price':
      return sql`${priceSql(basis ?? { rate: null })} ASC NULLS LAST, p.id ASC`;
    case '-price':
      return sql`${priceSql(basis ?? { rate: null })} DESC NULLS LAST, p.id DESC`;
    case 'distance':
      return sql`${distanceSql(c.near!)} ASC, p.id ASC`;
    case 'favorited':
      return sql`f.created_at DESC, p.id DESC`;
  }
}
