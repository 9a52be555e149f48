// The checks the request schemas cannot express, shared by the rule kinds: date order,
// percent precision, amounts in the listing currency, and the percent-or-amount discount.
// Each failure is a 422 naming the field, so a form can show it beside the input.
import { invalidField } from '../../platform/errors.ts';
import { formatMinor, toMinor } from '../../kernel/money.ts';

/** Dates are `YYYY-MM-DD` (checked as real dates by the schema), so text order is date order. */
export function assertDateOrder<K extends string>(input: Record<K, string>, startField: K, endField: K): void {
  const start = input[startField];
  if (input[endField] < start) throw invalidField(endField, `must be on or after ${startField} (${start})`);
}

/** A percent with at most two decimals → the NUMERIC(5,2) text it is kept as. */
export function percentText(value: number, field: string): string {
  const hundredths = toMinor(value, 2);
  if (hundredths === null) throw invalidField(field, 'must have at most 2 decimals');
  if (hundredths < 0 || hundredths > 10_000) throw invalidField(field, 'must be between 0 and 100');
  return formatMinor(hundredths, 2);
}

/** An amount in the listing currency → minor units; more decimals than the currency has → 422. */
export function amountMinor(value: number, decimals: number, field: string): number {
  const minor = toMinor(value, decimals);
  if (minor === null) {
    throw invalidField(
      field,
      decimals === 0
        ? 'must be a whole amount: the listing currency has no minor unit'
        : `must have at most ${decimals} decimals (the listing currency)`,
    );
  }
  if (minor < 0) throw invalidField(field, 'must not be negative');
  return minor;
}

export type DiscountType = 'percent' | 'fixed';

/**
 * A discount as stored in its NUMERIC column: percent with two decimals, or a fixed amount in
 * minor units of the listing currency. Zero is refused: a discount that takes nothing off is
 * a mistake in the form.
 */
export function discountText(type: DiscountType, value: number, decimals: number): string {
  if (type === 'percent') {
    const text = percentText(value, 'discount_value');
    if (Number(text) === 0) throw invalidField('discount_value', 'must be greater than 0');
    return text;
  }
  const minor = amountMinor(value, decimals, 'discount_value');
  if (minor === 0) throw invalidField('discount_value', 'must be greater than 0');
  return String(minor);
}
