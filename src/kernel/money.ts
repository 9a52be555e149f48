// Money crosses the API as decimal numbers or decimal text and is kept as integer minor units
// of its currency (ISO 4217 exponent: EUR 2, JPY 0, KWD 3). Conversions never go through
// binary-float arithmetic on the amount itself.

/** Minor units → decimal text with the currency's decimals ("120.00", "1500" for JPY). */
export function formatMinor(minor: number, decimals: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(decimals + 1, '0');
  const whole = decimals ? digits.slice(0, -decimals) : digits;
  const frac = decimals ? `.${digits.slice(-decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${frac}`;
}

const SCALES = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** Minor units → a JSON number rounded to the currency's decimals (120.5 for 12050 EUR cents). */
export function minorToNumber(minor: number, decimals: number): number {
  // For integral minor units and an exact power of ten (10^0..10^22), IEEE division returns the
  // double nearest to the exact quotient, the same double Number() reads from the decimal text;
  // it skips building that text for every amount of every answer.
  const scale = SCALES[decimals];
  if (scale !== undefined && Number.isSafeInteger(minor)) return minor / scale + 0;
  return Number(formatMinor(minor, decimals));
}

/**
 * A decimal amount (number or text) → minor units. Returns null when it has more decimals than
 * the currency allows or is not a finite number, so callers can answer 422 on the field.
 */
export function toMinor(amount: number | string, decimals: number): number | null {
  const text = typeof amount === 'number' ? numberToPlainText(amount) : amount.trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) return null;
  const minor = Number(m[2]! + frac.padEnd(decimals, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return m[1] ? -minor : minor;
}

// JSON numbers like 1e-7 or 0.1+0.2 must not leak float noise into the digits.
function numberToPlainText(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}

/** ISO 4217 exponent of a currency code as the runtime knows it (2 when it does not). */
export function isoDecimals(code: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * Decimal text or a number from an outside system (a channel manager's booking amount) → minor
 * units, rounded half away from zero at the currency's decimals; null when it is not a decimal.
 * Unlike toMinor, more decimals than the currency has are rounded, not refused: the amount was
 * charged elsewhere and must be kept, not judged.
 */
export function roundToMinor(value: unknown, decimals: number): number | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'number' ? value.toFixed(Math.min(decimals + 2, 20)) : String(value).trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const frac = (m[3] ?? '').padEnd(decimals + 1, '0');
  let minor = Number(m[2]) * 10 ** decimals + Number(frac.slice(0, decimals) || '0');
  if (Number(frac[decimals]) >= 5) minor += 1;
  return m[1] === '-' ? -minor : minor;
}
