// Converting a balance between currencies with the currency table's rates, exactly.
//
// A currency's exchange_rate is "units of it per one unit of the default currency" (NUMERIC with
// 8 decimals), so an amount moves from A to B as
//
//   converted = amount / rate_A × rate_B, rounded half-up to B's decimals.
//
// Amounts are integer minor units and rates are read as integers scaled by 10^8, so the whole
// computation is one BigInt fraction rounded once at the end: no binary float ever touches it.
// The `rate` shown beside a conversion (rate_B / rate_A at 10 decimals) is for people to read;
// the converted amount is computed from the table's exact rates, not from that rounded figure.

export interface RateOf {
  /** exchange_rate as stored: decimal text, at most 8 decimals. */
  rate: string;
  decimals: number;
}

const RATE_SCALE = 8;
const SHOWN_RATE_DECIMALS = 10;

/** "1.08000000" → 108000000n (units of 10^-8). */
function scaledRate(text: string): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`not a stored exchange rate: ${text}`);
  const frac = (m[2] ?? '').slice(0, RATE_SCALE).padEnd(RATE_SCALE, '0');
  const scaled = BigInt(m[1]! + frac);
  if (scaled <= 0n) throw new Error(`exchange rate must be positive: ${text}`);
  return scaled;
}

// Half-up for positive values, half away from zero for negative ones (a symmetric rule).
function divRound(num: bigint, den: bigint): bigint {
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/** amount (minor units of `from`) → minor units of `to`, rounded half-up. */
export function convertMinor(amountMinor: number, from: RateOf, to: RateOf): number {
  const num = BigInt(amountMinor) * scaledRate(to.rate) * 10n ** BigInt(to.decimals);
  const den = scaledRate(from.rate) * 10n ** BigInt(from.decimals);
  const out = divRound(num, den);
  if (out > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('converted amount out of range');
  return Number(out);
}

/** rate_to / rate_from as decimal text with 10 decimals (what payouts.rate keeps). */
export function crossRate(from: RateOf, to: RateOf): string {
  const q = divRound(scaledRate(to.rate) * 10n ** BigInt(SHOWN_RATE_DECIMALS), scaledRate(from.rate));
  const digits = q.toString().padStart(SHOWN_RATE_DECIMALS + 1, '0');
  return `${digits.slice(0, -SHOWN_RATE_DECIMALS)}.${digits.slice(-SHOWN_RATE_DECIMALS)}`;
}
