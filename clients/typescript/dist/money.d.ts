import type { ResponseData } from './types.js';
/** A currency: its ISO 4217 code, or its number of decimals (as GET /api/currencies lists them). */
export type CurrencyLike = string | {
    decimals: number;
};
/** Decimals of a currency: its ISO 4217 exponent (EUR 2, JPY 0, KWD 3), 2 for a code the runtime does not know. */
export declare function currencyDecimals(currency: CurrencyLike): number;
/**
 * A decimal amount (string or number, as the service sends it) in minor units, as a bigint.
 * Throws RangeError when it is not a decimal or has more decimals than the currency allows.
 */
export declare function toMinorUnitsBig(amount: string | number, currency: CurrencyLike): bigint;
/** The same as toMinorUnitsBig, as a number (throws RangeError beyond Number.MAX_SAFE_INTEGER). */
export declare function toMinorUnits(amount: string | number, currency: CurrencyLike): number;
/** Minor units → the decimal text the service uses for the currency ("12.50" EUR, "1500" JPY, "1.250" KWD). */
export declare function fromMinorUnits(minor: number | bigint, currency: CurrencyLike): string;
/** The price lines of a reservation's read form (numbers, currency units). */
export type PriceDetails = ResponseData<'/api/reservations/{id}', 'get'>['price_details'];
/**
 * A reservation's price_details as an object: the read form has it as one, while the booking
 * answer (createReservation) and searchReservations send the same lines as JSON text.
 */
export declare function priceDetailsOf(reservation: {
    price_details: string | PriceDetails;
}): PriceDetails;
