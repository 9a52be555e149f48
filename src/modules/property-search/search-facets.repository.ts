// The search facets in one statement. The search's costly conditions (scope, text, dates and
// guests, distance) run once, over the listings they keep; each facetable filter (type,
// neighborhood, commodities, price) becomes a flag column there, and each facet counts the rows
// whose flags are true for every filter but its own. Commodities are the exception: the filter
// ANDs them, so a commodity counts what adding it to those sent gives (every flag true).
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { queryBuilt } from '../../db/raw-query.ts';
import { baseWhereSql, facetConditions, type FacetConditions, type Scope } from './search-conditions.repository.ts';
import { priceJoinSql, priceSql, type PriceBasis } from './search-price.repository.ts';
import type { Criteria } from './search-criteria.ts';

export interface FacetCount {
  id: number;
  name: string;
  count: number;
}

export interface FacetRows {
  /** The search's own total (every filter), counted as its meta.total is: the page then needs no count of its own. */
  total: number;
  types: FacetCount[];
  commodities: FacetCount[];
  neighborhoods: FacetCount[];
  /** The histogram's first bound and bucket width, and the non-empty buckets by index; null when no listing has a price. */
  price: { start: number; step: number; buckets: Array<{ i: number; count: number }> } | null;
}

export interface FacetRequest {
  scope: Scope;
  criteria: Criteria;
  basis: PriceBasis;
  /** Count each value only up to this many (public searches, as their meta.total); undefined counts all. */
  countCap?: number;
}

type Facet = keyof FacetConditions;
const FACETS: Facet[] = ['type', 'neighborhood', 'commodities', 'price'];

/** The flags of every facetable filter but `own`, ANDed (TRUE when there are none). */
function othersSql(own: Facet): SQL {
  return sql.join([sql`TRUE`, ...FACETS.filter((f) => f !== own).map((f) => sql.raw(`m.f_${f}`))], sql` AND `);
}

/**
 * The smallest round width (1, 2 or 5 × 10^k, at least 1) not under `raw` (a numeric), so that a
 * tenth of the price range gives at most about ten buckets. Plain expressions rather than a
 * subquery over the candidates: the planner copied such a subquery once per use of the width.
 */
export function roundWidthSql(raw: SQL): SQL {
  const b = sql`power(10::numeric, floor(log(GREATEST(${raw}, 1))))`;
  return sql`(CASE WHEN ${raw} <= 1 THEN 1::numeric WHEN ${raw} <= ${b} THEN ${b} WHEN ${raw} <= 2 * ${b} THEN 2 * ${b}
    WHEN ${raw} <= 5 * ${b} THEN 5 * ${b} ELSE 10 * ${b} END)`;
}

export function facetsSql(req: FacetRequest): SQL {
  const conds = facetConditions(req.criteria, req.basis);
  const flag = (f: Facet) => sql`${conds[f] ?? sql`TRUE`} AS ${sql.raw(`f_${f}`)}`;
  const n = req.countCap === undefined ? sql`count(*)::int` : sql`LEAST(count(*), ${req.countCap}::int)::int`;
  // Counted by id first, named after: a name lookup per value, not per listing.
  const named = (
    table: string,
    counts: SQL,
  ) => sql`(SELECT COALESCE(json_agg(json_build_object('id', x.id::float8, 'name', x.name, 'count', c.n)
      ORDER BY c.n DESC, x.name, x.id), '[]'::json) FROM (${counts}) c JOIN ${sql.raw(table)} x ON x.id = c.id)`;
  return sql`
    WITH m AS MATERIALIZED (
      SELECT p.id, p.type_id, p.neighborhood_id, ${priceSql(req.basis)} AS price,
        ${sql.join(FACETS.map(flag), sql`, `)}
      FROM properties p ${priceJoinSql()}
      WHERE ${baseWhereSql(req.scope, req.criteria)}
    ),
    pr AS MATERIALIZED (SELECT price FROM m WHERE ${othersSql('price')} AND price IS NOT NULL),
    -- The histogram's width worked out once (MATERIALIZED), not for every price it buckets.
    s AS MATERIALIZED (
      SELECT floor(lo / step) * step AS start, step FROM (
        SELECT lo, ${roundWidthSql(sql.raw('raw'))} AS step
        FROM (SELECT min(price) AS lo, (max(price) - min(price)) / 10 AS raw FROM pr) r
        WHERE lo IS NOT NULL) w
    )
    SELECT
      (SELECT ${n} FROM m WHERE ${sql.join(
        FACETS.map((f) => sql.raw(`m.f_${f}`)),
        sql` AND `,
      )}) AS total,
      ${named('property_types', sql`SELECT type_id AS id, ${n} AS n FROM m WHERE ${othersSql('type')} AND type_id IS NOT NULL GROUP BY type_id`)} AS types,
      ${named('neighborhoods', sql`SELECT neighborhood_id AS id, ${n} AS n FROM m WHERE ${othersSql('neighborhood')} AND neighborhood_id IS NOT NULL GROUP BY neighborhood_id`)} AS neighborhoods,
      ${named(
        'commodities',
        sql`SELECT fc.commodity_id AS id, ${n} AS n FROM m JOIN property_commodities fc ON fc.property_id = m.id
        WHERE ${othersSql('commodities')} AND m.f_commodities GROUP BY fc.commodity_id`,
      )} AS commodities,
      (SELECT json_build_object('start', s.start::float8, 'step', s.step::float8, 'buckets', COALESCE((
        SELECT json_agg(json_build_object('i', i, 'count', c) ORDER BY i) FROM (
          SELECT floor((pr.price - s.start) / s.step)::int AS i, ${n} AS c FROM pr GROUP BY 1) b), '[]'::json))
       FROM s) AS price`;
}

export function searchFacetsRepository(db: Executor) {
  return {
    async facets(req: FacetRequest): Promise<FacetRows> {
      return (await queryBuilt<FacetRows>(db, facetsSql(req)))[0]!;
    },
  };
}
