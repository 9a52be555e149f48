// The pages of Channex's public documentation the local Channex server follows, and the small
// value checks they describe. Every rule in channex-*.ts names its page here; the text was read on
// docs.channex.io and in ChannexIO/wl_docs (Channex's own copy of the same pages). Nothing here is
// taken from our adapter: where the documentation is silent, the server says so in a comment.

export const DOC = {
  /** Type-key wrappers, `errors` shape, status codes, pagination (10 by default, at most 100), filters. */
  reference: 'https://docs.channex.io/api-v.1-documentation/api-reference',
  /** The `user-api-key` header. */
  apiKey: 'https://docs.channex.io/api-v.1-documentation/api-key-access',
  /** 10 availability and 10 restrictions calls per minute per property; 429 `http_too_many_requests`. */
  rateLimits: 'https://docs.channex.io/api-v.1-documentation/rate-limits',
  properties: 'https://docs.channex.io/api-v.1-documentation/hotels-collection',
  roomTypes: 'https://docs.channex.io/api-v.1-documentation/room-types-collection',
  ratePlans: 'https://docs.channex.io/api-v.1-documentation/rate-plans-collection',
  /** Availability and Rates: ranges, warnings on a 200, rate > 0, no past dates. */
  ari: 'https://docs.channex.io/api-v.1-documentation/ari',
  /** Booking revisions, the feed, acknowledgement; rooms may be unmapped (room_type_id null). */
  bookings: 'https://docs.channex.io/api-v.1-documentation/bookings-collection',
  /** Message threads (title, provider; property and booking under relationships) and messages. */
  messages: 'https://docs.channex.io/api-v.1-documentation/messages-collection',
  /** Full sync = 500 days, at most once per 24 h; otherwise only changes. */
  certification: 'https://docs.channex.io/api-v.1-documentation/pms-certification-tests',
  bestPractices: 'https://docs.channex.io/guides/best-practices-guide',
} as const;

/** The `errors` object every failure carries (DOC.reference, "Errors"). */
export const errorBody = (code: string, title: string, details?: unknown) => ({
  errors: { code, title, ...(details === undefined ? {} : { details }) },
});

/** Collects per-field reasons, as Channex's `details: {field: [reasons]}` (DOC.reference). */
export class Problems {
  readonly details: Record<string, string[]> = {};
  add(field: string, reason: string): void {
    (this.details[field] ??= []).push(reason);
  }
  get any(): boolean {
    return Object.keys(this.details).length > 0;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
export const isDay = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
export const blank = (v: unknown) => v === undefined || v === null || v === '';

/** "Any non-empty string with maximum length of N symbols". */
export function text(p: Problems, field: string, v: unknown, max: number, required: boolean): void {
  if (blank(v)) {
    if (required) p.add(field, "can't be blank");
    return;
  }
  if (typeof v !== 'string') p.add(field, 'is invalid');
  else if (v.length > max) p.add(field, `should be at most ${max} character(s)`);
}

/** A whole number at least `min` (1: "positive", 0: "non-negative"). */
export function int(p: Problems, field: string, v: unknown, min: number, required: boolean): void {
  if (blank(v)) {
    if (required) p.add(field, "can't be blank");
    return;
  }
  if (!isInt(v)) p.add(field, 'is invalid');
  else if (v < min) p.add(field, `must be greater than or equal to ${min}`);
}

export function oneOf(p: Problems, field: string, v: unknown, allowed: readonly string[]): void {
  if (!blank(v) && !(typeof v === 'string' && allowed.includes(v))) p.add(field, 'is invalid');
}

/**
 * "Decimal number represented as String with maximum length of N symbols. Can have maximum 7
 * decimal chars" (DOC.properties, latitude N = 9, longitude N = 10). The page's own example,
 * latitude "51.5285582", is 10 characters but 9 digits: the length counts digits (a numeric of
 * precision N, scale 7), not the sign and the point.
 */
export function coordinate(p: Problems, field: string, v: unknown, maxDigits: number, limit: number): void {
  if (blank(v)) return;
  if (typeof v !== 'string' || !/^[-+]?\d+(\.\d+)?$/.test(v)) {
    p.add(field, 'is invalid');
    return;
  }
  if (v.replace(/[-+.]/g, '').length > maxDigits) p.add(field, `should have at most ${maxDigits} digit(s)`);
  if ((v.split('.')[1] ?? '').length > 7) p.add(field, 'can have at most 7 decimal digits');
  if (Math.abs(Number(v)) > limit) p.add(field, `must be between -${limit} and ${limit}`);
}

export function isTimezone(v: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return v.includes('/') || v === 'UTC';
  } catch {
    return false;
  }
}

/** ISO 4217 exponents the server needs to read integer rates ("count of cents", DOC.ratePlans); 2 otherwise. */
const DECIMALS: Record<string, number> = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
};
export const decimalsOf = (currency: unknown) => (typeof currency === 'string' ? (DECIMALS[currency] ?? 2) : 2);

/**
 * A money value as Channex takes it: a decimal String ("100", "100.00") or an Integer counted in
 * the currency's smallest unit (DOC.ratePlans, "Occupancy Options"; DOC.ari, "rate"). Returns the
 * amount in minor units, or null when it is neither.
 */
export function money(v: unknown, decimals: number): number | null {
  if (isInt(v)) return v;
  if (typeof v !== 'string' || !/^\d+(\.\d+)?$/.test(v)) return null;
  const [whole, frac = ''] = v.split('.');
  if (frac.length > decimals && /[1-9]/.test(frac.slice(decimals))) return null;
  return Number(whole) * 10 ** decimals + Number(frac.slice(0, decimals).padEnd(decimals, '0') || '0');
}

/** Minor units → the decimal text Channex answers with ("200.00"). */
export function decimalText(minor: number, decimals: number): string {
  if (decimals === 0) return String(minor);
  const digits = String(minor).padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

export function* daysOf(from: string, to: string): Generator<string> {
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000)
    yield new Date(d).toISOString().slice(0, 10);
}

/** Today in a time zone, as YYYY-MM-DD. */
export function todayIn(timezone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: isTimezone(timezone) ? timezone : 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
