// Prices in listing search, compared in minor units of the currency the caller names (the
// `basis`). A listing's price_per_night (minor units of its currency A) reads in the basis B as
// payouts convert it (payouts/conversion.ts):
//
//   converted = round_half_up(m × rate_B × 10^dB ÷ (rate_A × 10^dA))
//             = div(m × k2 + den, 2 × den)   with k2 = 2 × rate_B × 10^dB, den = rate_A × 10^dA,
//
// all NUMERIC, the quotient truncated exactly by div(), so a listing priced exactly P in B reads
// P. What depends only on a currency is worked out from the listing's currency row alone in the
// `pc` lateral join (a subquery over every currency, fenced, was run again for each listing of
// a nested loop: 33 currencies' terms per listing, most of the facets' time); a row then costs
// one multiplication and one div() for the histogram and the price order, and the range filter
// is a comparison of price_per_night with the currency's own bounds, which are exactly the
// prices whose conversion lies in [min_price, max_price]:
//
//   converted ≥ X  ⇔  m × k2 ≥ (2X − 1) × den  ⇔  m ≥ ⌈(2X − 1) × den ÷ k2⌉   (X = ⌈min_price × 10^dB⌉ ≥ 1)
//   converted ≤ Y  ⇔  m × k2 < (2Y + 1) × den  ⇔  m ≤ ⌈(2Y + 1) × den ÷ k2⌉ − 1  (Y = ⌊max_price × 10^dB⌋)
//
// A listing whose currency is missing from the table has no comparable price: price filters
// leave it out, the histogram skips it, price order puts it last.
import { sql, type SQL } from 'drizzle-orm';
import type { Criteria } from './search-criteria.ts';

/**
 * The currency prices are compared in: its exchange rate (decimal text, as stored) and decimals;
 * a null rate compares each listing in its own currency.
 */
export type PriceBasis = { rate: string; decimals: number } | { rate: null };

const scaleOf = (decimals: number) => `1${'0'.repeat(decimals)}`;

/** ⌈a ÷ b⌉ for positive NUMERICs, exactly. */
const ceilDiv = (a: SQL, b: SQL) => sql`(div(${a}, ${b}) + CASE WHEN mod(${a}, ${b}) > 0 THEN 1 ELSE 0 END)`;

/** The listing currency's bounds for min_price/max_price, from its `rate` and `decimals` columns. */
function boundsSql(basis: PriceBasis, c: Criteria): SQL[] {
  const out: SQL[] = [];
  if (basis.rate === null) {
    // In each listing's own currency: the bounds in its minor units.
    const scale = sql`power(10::numeric, decimals)`;
    if (c.minPrice !== undefined) out.push(sql`ceil(${c.minPrice}::numeric * ${scale}) AS lo`);
    if (c.maxPrice !== undefined) out.push(sql`floor(${c.maxPrice}::numeric * ${scale}) AS hi`);
    return out;
  }
  const den = sql`(exchange_rate * power(10::numeric, decimals))`;
  const k2 = sql`(2 * ${basis.rate}::numeric * ${scaleOf(basis.decimals)}::numeric)`;
  const scale = sql`${scaleOf(basis.decimals)}::numeric`;
  if (c.minPrice !== undefined) {
    const x = sql`ceil(${c.minPrice}::numeric * ${scale})`;
    out.push(sql`CASE WHEN ${x} <= 0 THEN 0 ELSE ${ceilDiv(sql`(2 * ${x} - 1) * ${den}`, k2)} END AS lo`);
  }
  if (c.maxPrice !== undefined) {
    const y = sql`floor(${c.maxPrice}::numeric * ${scale})`;
    out.push(sql`${ceilDiv(sql`(2 * ${y} + 1) * ${den}`, k2)} - 1 AS hi`);
  }
  return out;
}

/** `LEFT JOIN … pc`: the conversion terms and price bounds of the listing's currency. */
export function priceJoinSql(basis: PriceBasis, c: Criteria): SQL {
  const terms =
    basis.rate === null
      ? [sql`power(10::numeric, decimals) AS unit`]
      : [
          sql`exchange_rate * power(10::numeric, decimals) AS den`,
          sql`2 * exchange_rate * power(10::numeric, decimals) AS den2`,
          sql`2 * ${basis.rate}::numeric * ${scaleOf(basis.decimals)}::numeric AS k2`,
        ];
  const columns = sql.join([...terms, ...boundsSql(basis, c)], sql`, `);
  return sql`LEFT JOIN LATERAL (SELECT ${columns} FROM currencies WHERE code = p.currency_code AND exchange_rate > 0) pc ON TRUE`;
}

/** price_per_night in currency units of the basis, exact (needs priceJoinSql). */
export function priceSql(basis: PriceBasis): SQL {
  if (basis.rate === null) return sql`(p.price_per_night::numeric / pc.unit)`;
  return sql`(div(p.price_per_night::numeric * pc.k2 + pc.den, pc.den2) / ${scaleOf(basis.decimals)}::numeric)`;
}

/** min_price/max_price as comparisons of price_per_night with its currency's bounds (needs priceJoinSql). */
export function priceRangeSql(c: Criteria): SQL[] {
  const out: SQL[] = [];
  if (c.minPrice !== undefined) out.push(sql`p.price_per_night >= pc.lo`);
  if (c.maxPrice !== undefined) out.push(sql`p.price_per_night <= pc.hi`);
  return out;
}
