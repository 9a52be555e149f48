// Exchange rates arrive as JSON numbers or decimal text and are kept exactly as NUMERIC(18, 8).
import { invalidField } from '../../platform/errors.ts';

const RATE = /^(\d{1,10})(?:\.(\d{1,8}))?$/;

/** A positive rate with at most 10 integer digits and 8 decimals, as canonical decimal text; 422 otherwise. */
export function parseExchangeRate(value: number | string): string {
  const text = typeof value === 'number' ? plain(value) : value.trim();
  const m = RATE.exec(text);
  if (!m)
    throw invalidField(
      'exchange_rate',
      'must be a positive decimal number with at most 10 integer digits and 8 decimals',
    );
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (/^0+$/.test(whole) && frac === '') throw invalidField('exchange_rate', 'must be greater than 0');
  return frac ? `${whole}.${frac}` : whole;
}

// 1e-7 must be read as 0.0000001, not as text with an exponent.
function plain(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(20).replace(/\.?0+$/, '') : s;
}
