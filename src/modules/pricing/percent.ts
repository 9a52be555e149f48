// Integer-exact percent math. A percent is scaled to an integer number of thousandths of a
// percent (12.5 → 12500; the schema keeps tax_rate at 3 decimals, the other percents at 2), and
// products run in BigInt, so no binary-float error ever reaches an amount. Rounding is half-up
// (away from zero for the negative values nobody should pass), done once per line.

/** Thousandths of a percent per percent. */
export const PERCENT_SCALE = 1000;
const HUNDRED_PERCENT = 100n * BigInt(PERCENT_SCALE);

/** 12.5 → 12500. Throws on NaN, negatives or more than 3 decimals. */
export function scalePercent(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`invalid percent: ${percent}`);
  const scaled = Math.round(percent * PERCENT_SCALE);
  if (Math.abs(percent * PERCENT_SCALE - scaled) > 1e-6 * Math.max(1, scaled)) {
    throw new RangeError(`percent has more than 3 decimals: ${percent}`);
  }
  return scaled;
}

/** numerator / denominator rounded half-up (half away from zero). */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = (2n * n + denominator) / (2n * denominator);
  return negative ? -q : q;
}

export function toSafeNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount out of safe integer range: ${value}`);
  return n;
}

/** percent % of amountMinor, rounded half-up to a whole minor unit. */
export function percentOf(amountMinor: number, percent: number): number {
  assertMinor(amountMinor, 'amount');
  return toSafeNumber(divRoundHalfUp(BigInt(amountMinor) * BigInt(scalePercent(percent)), HUNDRED_PERCENT));
}

/**
 * Σ amount_i × percent_i, rounded ONCE at the end (season reductions differ per night but make
 * a single line).
 */
export function sumPercentsOf(parts: { amountMinor: number; percent: number }[]): number {
  let acc = 0n;
  for (const p of parts) {
    assertMinor(p.amountMinor, 'amount');
    acc += BigInt(p.amountMinor) * BigInt(scalePercent(p.percent));
  }
  return toSafeNumber(divRoundHalfUp(acc, HUNDRED_PERCENT));
}

/** Average per unit (e.g. per night), rounded half-up; 0 when count is 0. */
export function averageMinor(totalMinor: number, count: number): number {
  if (count <= 0) return 0;
  return toSafeNumber(divRoundHalfUp(BigInt(totalMinor), BigInt(count)));
}

export function assertMinor(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be an integer in minor units: ${value}`);
}

export function assertNonNegativeMinor(value: number, what: string): void {
  assertMinor(value, what);
  if (value < 0) throw new RangeError(`${what} must not be negative: ${value}`);
}
