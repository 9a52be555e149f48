// Which currencies we offer through Stripe, and where Stripe's "smallest unit" differs from ISO 4217
// minor units (ours, everywhere else in the service).

/**
 * Currencies Stripe can charge (https://docs.stripe.com/currencies) that our catalogue uses, plus
 * a few common ones. A fixed list rather than `countrySpecs`: the answer depends on the platform
 * account's country and settlement setup, which an operator knows better than an API lookup, and
 * the constructor takes a replacement list.
 *
 * Left out on purpose: BHD, JOD, KWD, OMR, TND. Stripe takes three-decimal amounts only when the
 * last digit is 0, which our prices do not guarantee, and rounding would charge a different amount
 * from what is owed.
 */
export const STRIPE_CURRENCIES: readonly string[] = [
  'AED',
  'AUD',
  'BGN',
  'BRL',
  'CAD',
  'CHF',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'HKD',
  'HUF',
  'IDR',
  'ILS',
  'INR',
  'ISK',
  'JPY',
  'KRW',
  'MAD',
  'MXN',
  'MYR',
  'NOK',
  'NZD',
  'PHP',
  'PLN',
  'RON',
  'SAR',
  'SEK',
  'SGD',
  'THB',
  'TRY',
  'USD',
  'XOF',
  'ZAR',
];

// ISK has no minor unit in ISO 4217, but Stripe keeps it two-decimal for backwards compatibility
// (100 = 1 króna, and only whole krónur are accepted). Every other listed currency uses the ISO
// exponent as Stripe does (zero-decimal JPY, KRW, XOF; two-decimal the rest).
const STRIPE_FACTOR: Readonly<Record<string, number>> = { ISK: 100 };

/** Our ISO minor units → the amount Stripe expects. */
export function toStripeAmount(currency: string, amountMinor: number): number {
  return amountMinor * (STRIPE_FACTOR[currency.toUpperCase()] ?? 1);
}

/** Stripe's amount → our ISO minor units (whole units only for ISK, so the division is exact). */
export function fromStripeAmount(currency: string, stripeAmount: number): number {
  return Math.round(stripeAmount / (STRIPE_FACTOR[currency.toUpperCase()] ?? 1));
}
