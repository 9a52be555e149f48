// The price loader's inputs per listing, kept in memory: its rules (the listing row with its
// currency's decimals, room types, rate plans, seasons, offers, packages, services), and for
// previews its calendar. Without them a preview costs two statements (the rules in one, see
// pricingInputRepository.rules, and the nights) and a booking one before its transaction; with
// them a preview costs none and a booking reads only its nights.
//
// Freshness comes from the listing change feed (platform/listing-cache.ts): every write under
// /api/properties/{id} (listing, rules, room types, rate plans, calendar) drops the listing's
// entries here, and a reservation created, changed, cancelled or expired drops its calendar.
//
// Not cached: promo codes (their use count moves with every booking) and, for bookings, the
// calendar (read fresh, then held by the transaction's conditional update).
import type { Executor } from '../../db/connection.ts';
import type { Season } from '../pricing/index.ts';
import type { Deps } from '../../kernel/deps.ts';
import type { ListingChanges } from '../../kernel/services.ts';
import { ListingCache } from '../../platform/listing-cache.ts';
import { addDays, dayNumber, parseDay } from '../../kernel/calendar-dates.ts';
import {
  pricingInputRepository,
  type CalendarNight,
  type OfferRow,
  type PackageRow,
  type PropertyRow,
  type RatePlanRow,
  type RoomTypeRow,
  type SeasonRow,
  type ServiceRow,
} from './pricing-input.repository.ts';

/** The listing's pricing rules, whole; the loader picks what a request names. Frozen when cached. */
export interface PricingConfig {
  property: PropertyRow;
  /** The currency's exponent; null when its row is missing (priced with 2). */
  decimals: number | null;
  roomTypes: readonly RoomTypeRow[];
  ratePlans: readonly RatePlanRow[];
  seasons: readonly SeasonRow[];
  offers: readonly OfferRow[];
  packages: readonly PackageRow[];
  services: readonly ServiceRow[];
  // Derived once per load rather than per price: lookups and the engine's view of the seasons.
  typeById: ReadonlyMap<number, RoomTypeRow>;
  planById: ReadonlyMap<number, RatePlanRow>;
  /** `seasons` as the engine takes them, same order. */
  engineSeasons: readonly Season[];
}

/** One statement; undefined when the listing does not exist. */
export async function loadPricingConfig(db: Executor, propertyId: number): Promise<PricingConfig | undefined> {
  const found = await pricingInputRepository(db).rules(propertyId);
  if (!found) return undefined;
  const { roomTypes, ratePlans, seasons, offers, packages, services } = found;
  return {
    property: found.property,
    decimals: found.decimals,
    roomTypes,
    ratePlans,
    seasons,
    offers,
    packages,
    services,
    typeById: new Map(roomTypes.map((t) => [t.id, t])),
    planById: new Map(ratePlans.map((p) => [p.id, p])),
    engineSeasons: seasons.map((x) => ({
      id: x.id,
      name: x.name,
      startDate: x.startDate,
      endDate: x.endDate,
      reductionPercent: Number(x.reductionPercent ?? 0),
      minStay: x.minStay,
      maxStay: x.maxStay,
    })),
  };
}

// A calendar starts two days before UTC today, which is on or before every time zone's today.
const CALENDAR_BACK_DAYS = 2;
// A listing with more rows than this (many room types priced night by night for years) is read per request.
const CALENDAR_MAX_ROWS = 5_000;

/**
 * The calendar from `from` on: per room type, its rows by day number (calendar-dates.ts), so a
 * lookup builds no key; `rows` counts the rows kept (the cache's weight). Null when too big to keep.
 */
type Calendar = { from: string; rows: number; byKind: Map<number, Map<number, CalendarNight>> } | null;

const CACHE = Symbol('reservations.pricing-input-cache');

/** The running app's price-input cache (made on first use, closed with the app). */
export const pricingInputCache = (deps: Pick<Deps, 'services' | 'listings'>) =>
  deps.services.get(
    CACHE,
    () => new PricingInputCache(deps.listings),
    (c) => c.close(),
  );

/** The nights a price needs: the listing's unit kinds over [checkin, checkout), as of `now`. */
export interface CalendarRange {
  propertyId: number;
  kinds: number[];
  checkin: string;
  checkout: string;
  now: Date;
  /** The stamp `db`'s data is current at when it is a replica (Deps.readAt): a stale read is not kept. */
  readAt?: number;
}

export class PricingInputCache {
  private readonly configs: ListingCache<PricingConfig | undefined>;
  private readonly calendars: ListingCache<Calendar>;

  constructor(changes: ListingChanges, ttlMs = 15_000, maxListings = 5_000, maxCalendarRows = 250_000) {
    this.configs = new ListingCache(changes, { scope: 'listing', ttlMs, maxWeight: maxListings });
    this.calendars = new ListingCache(changes, {
      scope: 'nights',
      ttlMs,
      maxWeight: maxCalendarRows,
      weigh: (calendar) => calendar?.rows ?? 0,
    });
  }

  /**
   * The listing's pricing rules, cached; undefined when it does not exist. `readAt`: the stamp
   * `db`'s data is current at when it is a replica (Deps.readAt), so a stale read is not kept.
   */
  async config(db: Executor, propertyId: number, readAt?: number): Promise<PricingConfig | undefined> {
    return this.configs.load(
      propertyId,
      async () => {
        const config = await loadPricingConfig(db, propertyId);
        return config && freeze(config);
      },
      {
        // A missing currency row may appear with other decimals: such a listing is read each time.
        keep: (config) => config !== undefined && config.decimals !== null,
        readAt,
      },
    );
  }

  /** The cached rules, without waiting: undefined when they must be read. */
  peekConfig(propertyId: number): PricingConfig | undefined {
    return this.configs.get(propertyId);
  }

  /** `nights` from the cached calendar, without waiting: undefined when it must be read. */
  peekNights(propertyId: number, kinds: number[], checkin: string, checkout: string): CalendarNight[] | undefined {
    const calendar = this.calendars.get(propertyId);
    return calendar && checkin >= calendar.from ? pick(calendar, kinds, checkin, checkout) : undefined;
  }

  /** Calendar rows of the unit kinds over [checkin, checkout), as the repository's `nights` returns them. */
  async nights(db: Executor, range: CalendarRange): Promise<CalendarNight[]> {
    const { propertyId, kinds, checkin, checkout, now, readAt } = range;
    if (kinds.length === 0 || checkout <= checkin) return [];
    const from = addDays(now.toISOString().slice(0, 10), -CALENDAR_BACK_DAYS);
    let calendar = this.calendars.get(propertyId);
    if (calendar === undefined && checkin >= from)
      calendar = await this.calendars.load(propertyId, () => readCalendar(db, propertyId, from), { readAt });
    if (!calendar || checkin < calendar.from)
      return pricingInputRepository(db).nights(propertyId, kinds, checkin, checkout);
    return pick(calendar, kinds, checkin, checkout);
  }

  close(): void {
    this.configs.close();
    this.calendars.close();
  }
}

async function readCalendar(db: Executor, propertyId: number, from: string): Promise<Calendar> {
  const rows = await pricingInputRepository(db).calendarFrom(propertyId, from, CALENDAR_MAX_ROWS + 1);
  if (rows.length > CALENDAR_MAX_ROWS) return null;
  const byKind = new Map<number, Map<number, CalendarNight>>();
  let kept = 0;
  for (const r of rows) {
    // A night outside the days requests may name (years 100–9999) can match no stay.
    const day = parseDay(r.night);
    if (day === null) continue;
    let nights = byKind.get(r.roomTypeId);
    if (!nights) byKind.set(r.roomTypeId, (nights = new Map()));
    if (!nights.has(day)) kept++;
    nights.set(day, Object.freeze(r));
  }
  return { from, rows: kept, byKind };
}

/** The calendar rows of the kinds over [checkin, checkout), night by night. */
function pick(calendar: NonNullable<Calendar>, kinds: number[], checkin: string, checkout: string): CalendarNight[] {
  const out: CalendarNight[] = [];
  if (kinds.length === 0 || checkout <= checkin) return out;
  const last = dayNumber(checkout);
  const lines = kinds.map((kind) => calendar.byKind.get(kind));
  for (let day = dayNumber(checkin); day < last; day++) {
    for (const nights of lines) {
      const row = nights?.get(day);
      if (row) out.push(row);
    }
  }
  return out;
}

/** Shared by concurrent requests: a use case that changed a row in place would change every later price. */
function freeze(c: PricingConfig): PricingConfig {
  const rows = <T extends object>(xs: readonly T[]) => Object.freeze(xs.map((x) => Object.freeze(x)));
  return Object.freeze({
    property: Object.freeze(c.property),
    decimals: c.decimals,
    roomTypes: rows(c.roomTypes),
    ratePlans: rows(c.ratePlans),
    seasons: rows(c.seasons),
    offers: rows(c.offers),
    packages: rows(c.packages),
    services: rows(c.services),
    typeById: c.typeById,
    planById: c.planById,
    engineSeasons: rows(c.engineSeasons),
  });
}
