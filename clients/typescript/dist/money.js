/** Decimals of a currency: its ISO 4217 exponent (EUR 2, JPY 0, KWD 3), 2 for a code the runtime does not know. */
export function currencyDecimals(currency) {
    if (typeof currency !== 'string')
        return currency.decimals;
    try {
        return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    }
    catch {
        return 2;
    }
}
// A JSON number is read through its shortest decimal text (what JSON.parse read it from), so 120.5
// is "120.5", never 120.4999…; exponent forms (1e-7) are spelled out first.
function plainText(n) {
    if (!Number.isFinite(n))
        throw new RangeError(`not a finite amount: ${n}`);
    const s = String(n);
    return /e/i.test(s) ? n.toFixed(20).replace(/\.?0+$/, '') : s;
}
/**
 * A decimal amount (string or number, as the service sends it) in minor units, as a bigint.
 * Throws RangeError when it is not a decimal or has more decimals than the currency allows.
 */
export function toMinorUnitsBig(amount, currency) {
    const decimals = currencyDecimals(currency);
    const text = typeof amount === 'number' ? plainText(amount) : amount.trim();
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
    if (!m)
        throw new RangeError(`not a decimal amount: ${JSON.stringify(amount)}`);
    const frac = (m[3] ?? '').replace(/0+$/, '');
    if (frac.length > decimals)
        throw new RangeError(`${text} has more than the ${decimals} decimals of ${typeof currency === 'string' ? currency : 'its currency'}`);
    const minor = BigInt(m[2] + frac.padEnd(decimals, '0'));
    return m[1] ? -minor : minor;
}
/** The same as toMinorUnitsBig, as a number (throws RangeError beyond Number.MAX_SAFE_INTEGER). */
export function toMinorUnits(amount, currency) {
    const big = toMinorUnitsBig(amount, currency);
    const n = Number(big);
    if (!Number.isSafeInteger(n))
        throw new RangeError(`${amount} is too large for a number of minor units; use toMinorUnitsBig`);
    return n;
}
/** Minor units → the decimal text the service uses for the currency ("12.50" EUR, "1500" JPY, "1.250" KWD). */
export function fromMinorUnits(minor, currency) {
    const decimals = currencyDecimals(currency);
    if (typeof minor === 'number' && !Number.isSafeInteger(minor))
        throw new RangeError(`not a whole number of minor units: ${minor}`);
    const big = BigInt(minor);
    const digits = (big < 0n ? -big : big).toString().padStart(decimals + 1, '0');
    const text = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
    return big < 0n ? `-${text}` : text;
}
/**
 * A reservation's price_details as an object: the read form has it as one, while the booking
 * answer (createReservation) and searchReservations send the same lines as JSON text.
 */
export function priceDetailsOf(reservation) {
    const d = reservation.price_details;
    return typeof d === 'string' ? JSON.parse(d) : d;
}
