// Turns a list's query string into search criteria, refusing with 422 (naming the field) what
// the schema alone cannot judge: calendar dates, stay length, coordinates, id lists, pairs of
// fields that only make sense together.
import { invalidField } from '../../platform/errors.ts';
import type { FilterQuery } from './property-search.schemas.ts';

export type PropertyStatus = 'draft' | 'active' | 'inactive' | 'archived';
export type SortKey = 'newest' | 'price' | '-price' | 'rating' | 'distance' | 'popular' | 'favorited';

export interface Stay {
  /** First night, YYYY-MM-DD. */
  checkin: string;
  /** Departure day: the stay is the half-open range [checkin, checkout). */
  checkout: string;
}

export interface Near {
  lat: number;
  lng: number;
  radiusKm: number;
}

export interface Criteria {
  q?: string;
  typeId?: number;
  neighborhoodId?: number;
  address?: string;
  stay?: Stay;
  guests?: number;
  /** Decimal text as sent (see exactPrices): compared in SQL NUMERIC, never through a double. */
  minPrice?: string;
  maxPrice?: string;
  /** The currency min/max price and sort=price are expressed in, when the caller named one. */
  currency?: string;
  near?: Near;
  commodityIds?: number[];
  status?: PropertyStatus;
  visibility?: boolean;
  recommendedOnly?: boolean;
}

export const MAX_NIGHTS = 365;
export const MAX_RADIUS_KM = 500;
export const DEFAULT_RADIUS_KM = 25;
export const MAX_COMMODITIES = 20;
const DAY_MS = 86_400_000;

function calendarDay(field: string, value: string): number {
  const t = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== value)
    throw invalidField(field, `${field} is not a real calendar date`);
  return t;
}

/**
 * Stays start no earlier than yesterday in UTC: a listing's "today" can be a day behind UTC
 * (UTC-12), and a stay that started before that is never bookable.
 */
function parseStay(q: FilterQuery, now: Date): Stay | undefined {
  if (q.checkin_date === undefined && q.checkout_date === undefined) return undefined;
  if (q.checkin_date === undefined) throw invalidField('checkin_date', 'checkin_date is required with checkout_date');
  if (q.checkout_date === undefined) throw invalidField('checkout_date', 'checkout_date is required with checkin_date');
  const checkin = calendarDay('checkin_date', q.checkin_date);
  const checkout = calendarDay('checkout_date', q.checkout_date);
  const earliest = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`) - DAY_MS;
  if (checkin < earliest) throw invalidField('checkin_date', 'checkin_date is in the past');
  const nights = (checkout - checkin) / DAY_MS;
  if (nights < 1) throw invalidField('checkout_date', 'checkout_date must be after checkin_date');
  if (nights > MAX_NIGHTS) throw invalidField('checkout_date', `a stay is at most ${MAX_NIGHTS} nights`);
  return { checkin: q.checkin_date, checkout: q.checkout_date };
}

const COORDS = /^\s*([-+]?\d{1,3}(?:\.\d+)?)\s*,\s*([-+]?\d{1,3}(?:\.\d+)?)\s*$/;

function parseNear(q: FilterQuery): Near | undefined {
  if (q.near === undefined) {
    if (q.radius_km !== undefined) throw invalidField('radius_km', 'radius_km needs near');
    return undefined;
  }
  const m = COORDS.exec(q.near);
  const lat = m ? Number(m[1]) : NaN;
  const lng = m ? Number(m[2]) : NaN;
  if (!m || lat < -90 || lat > 90 || lng < -180 || lng > 180)
    throw invalidField('near', 'near must be "<lat>,<lng>" with -90 ≤ lat ≤ 90 and -180 ≤ lng ≤ 180');
  const radiusKm = q.radius_km ?? DEFAULT_RADIUS_KM;
  if (!(radiusKm > 0 && radiusKm <= MAX_RADIUS_KM))
    throw invalidField('radius_km', `radius_km must be more than 0 and at most ${MAX_RADIUS_KM}`);
  return { lat, lng, radiusKm };
}

function parseCommodities(raw: string | undefined): number[] | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.some((p) => !/^[1-9][0-9]{0,15}$/.test(p) || !Number.isSafeInteger(Number(p)))) {
    throw invalidField('commodities', 'commodities must be comma-separated commodity ids');
  }
  const ids = [...new Set(parts.map(Number))];
  if (ids.length > MAX_COMMODITIES) throw invalidField('commodities', `at most ${MAX_COMMODITIES} commodities`);
  return ids;
}

const trimmed = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);

/**
 * min_price and max_price as the caller wrote them: the query schema reads them as numbers, and a
 * double keeps about 15 significant digits ("563784203284.9871" reads as …284.987), so a bound
 * just above a price would find it. The routes add the text to the query; criteria compare it.
 */
export interface PriceText {
  price_text?: { min_price?: string; max_price?: string };
}

export function withPriceText<Q>(req: { query: Q; url: string }): Q & PriceText {
  const raw = new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1 || req.url.length));
  const text = (name: 'min_price' | 'max_price') => raw.get(name) ?? undefined;
  return { ...req.query, price_text: { min_price: text('min_price'), max_price: text('max_price') } };
}

/** The bound's exact text when it is a plain decimal that reads as the validated number, else the number's. */
function exactPrice(value: number | undefined, text: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return text !== undefined && /^\d+(\.\d+)?$/.test(text) && Number(text) === value ? text : String(value);
}

export function parseCriteria(q: FilterQuery & PriceText, now: Date): { criteria: Criteria; sort: SortKey } {
  const near = parseNear(q);
  const sort: SortKey = q.sort ?? 'newest';
  if (sort === 'distance' && !near) throw invalidField('sort', 'sort=distance needs near');
  if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price) {
    throw invalidField('min_price', 'min_price must not exceed max_price');
  }
  const criteria: Criteria = {
    q: trimmed(q.q),
    typeId: q.type,
    neighborhoodId: q.neighborhood,
    address: trimmed(q.address),
    stay: parseStay(q, now),
    guests: q.guests,
    minPrice: exactPrice(q.min_price, q.price_text?.min_price),
    maxPrice: exactPrice(q.max_price, q.price_text?.max_price),
    currency: q.currency?.toUpperCase(),
    near,
    commodityIds: parseCommodities(q.commodities),
    status: q.status,
    visibility: q.visibility === undefined ? undefined : q.visibility === '1',
  };
  return { criteria, sort };
}

/** Whether the search needs amounts in a reference currency (price range or price order). */
export const needsPriceConversion = (c: Criteria, sort: SortKey) =>
  c.minPrice !== undefined || c.maxPrice !== undefined || sort === 'price' || sort === '-price';
