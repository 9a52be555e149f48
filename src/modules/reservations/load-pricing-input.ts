// Turns the database into the pricing engine's input for one stay request. Shared by the price
// preview and reservation creation, so the two agree to the cent (contract §6). It only reads.
//
// Decisions (the creation route relies on the same ones):
// - the listing must be public (active + visible) whoever asks → else 404;
// - a listing with room types is sold by room lines (`rooms` required → 422 `rooms`); a listing
//   without is sold whole, as one unit (room type 0), and `rooms` may be omitted or empty;
// - a room type, rate plan, offer, package or service that is not the listing's → 422 naming
//   the field (`rooms.1.rate_plan_id`, `offer_id`, `package_ids`, …), all of them in one answer;
// - an unknown promo code is not an error: no promo is applied (promo_applied false), as for a
//   known code outside its validity, so a guest cannot probe codes through error messages;
// - checkout ≤ checkin and a check-in before the listing's today are NOT errors here: the engine
//   reports them in stay_validation, which the creation route turns into 422. A stay longer
//   than MAX_NIGHTS is a 422 on `checkout_date`, since pricing it would read an unbounded calendar.
import type { Executor } from '../../db/connection.ts';
import {
  addDays,
  daysBetween,
  isSupportedDay,
  stayNights,
  SUPPORTED_DAYS,
  todayIn,
} from '../../kernel/calendar-dates.ts';
import { AppError, type FieldErrors } from '../../platform/errors.ts';
import { MAX_NIGHTS, type Currency, type Guests, type PricingInput, type ServiceType } from '../pricing/index.ts';
import { isPublic } from '../properties/index.ts';
import { loadPricingConfig, type PricingConfig, type PricingInputCache } from './pricing-input-cache.ts';
import {
  pricingInputRepository,
  type CalendarNight,
  type OfferRow,
  type PromoCodeRow,
  type PropertyRow,
} from './pricing-input.repository.ts';
import { calendarOf, LISTING_UNIT, listingLine, type RoomRequest, roomLines } from './unit-lines.ts';

export interface PricingRequest {
  propertyId: number;
  checkin: string;
  checkout: string;
  rooms?: RoomRequest[];
  guests?: Partial<Guests>;
  promoCode?: string | null;
  /** Re-pricing: the promo the reservation already applied (and counted a use of). */
  promoId?: number | null;
  offerId?: number | null;
  packageIds?: number[];
  serviceIds?: number[];
}

export interface PricingContext {
  now: Date;
  /** deps.config.SERVICE_FEE_PERCENT. */
  serviceFeePercent: number;
  /**
   * Re-pricing an existing reservation: its listing need not be public any more (a guest keeps
   * their booking when the owner hides the listing), and extras deleted since booking are
   * dropped instead of refused (the guest did not ask for them in this request).
   */
  reprice?: boolean;
  /**
   * The listing's rules from this cache (previews and bookings); without it they are read from
   * `db`, as a change does inside its transaction.
   */
  cache?: PricingInputCache;
  /** Previews: the nights from the cache too. */
  cachedNights?: boolean;
  /** A booking: the nights are not read here, its holds answer them (`nights` is then empty). */
  nightsFromHolds?: boolean;
}

export interface LoadedPricing {
  property: PropertyRow;
  currency: Currency;
  input: PricingInput;
  /** The promo code row found for the code given, applicable or not (creation counts a use only if applied). */
  promoCodeId: number | null;
}

const unique = (ids: readonly number[] | undefined) => [...new Set(ids ?? [])];
const num = (text: string | null | undefined) => (text === null || text === undefined ? 0 : Number(text));

/** Everything a price needs but the stay's calendar rows; `withNights` completes the engine's input. */
export interface PricingBase {
  property: PropertyRow;
  currency: Currency;
  /** The promo code row found for the code given, applicable or not (creation counts a use only if applied). */
  promoCodeId: number | null;
  /** The unit kinds the stay takes (0 = the listing sold whole). */
  kinds: number[];
  /** The engine's input over these calendar rows of `kinds` (nights without a row are absent). */
  withNights(nights: readonly CalendarNight[]): PricingInput;
}

export async function loadPricingInput(db: Executor, req: PricingRequest, ctx: PricingContext): Promise<LoadedPricing> {
  const { base, nights } = await loadPricingBase(db, req, ctx);
  return {
    property: base.property,
    currency: base.currency,
    input: base.withNights(nights),
    promoCodeId: base.promoCodeId,
  };
}

/**
 * The listing's rules and the promo code for a request, checked (404, 422 per field), and the
 * stay's calendar rows, read in the same round as the promo code.
 */
export async function loadPricingBase(
  db: Executor,
  req: PricingRequest,
  ctx: PricingContext,
): Promise<{ base: PricingBase; nights: CalendarNight[] }> {
  checkDates(req.checkin, req.checkout);
  // Cache hits are taken without an await: a preview from memory then runs straight through.
  const config =
    ctx.cache?.peekConfig(req.propertyId) ??
    (ctx.cache ? await ctx.cache.config(db, req.propertyId) : await loadPricingConfig(db, req.propertyId));
  if (!config || (!ctx.reprice && !isPublic(config.property))) throw new AppError('NOT_FOUND', 'Property not found');
  const { property } = config;
  const currency: Currency = { code: property.currencyCode, decimals: config.decimals ?? 2 };

  const rooms = req.rooms ?? [];
  const kinds = rooms.length ? unique(rooms.map((r) => r.roomTypeId)) : [LISTING_UNIT];
  const known = ctx.nightsFromHolds ? [] : nightsInCache(ctx, req, kinds);
  // Nights in hand and no promo code to read: no await, so a preview from memory runs straight through.
  const { nights, promo } =
    known && req.promoId == null && !req.promoCode
      ? { nights: known, promo: undefined }
      : await readNightsAndPromo(db, { req, ctx, kinds, known });
  const lastNight = req.checkout > req.checkin ? addDays(req.checkout, -1) : req.checkin;
  // Seasons sharing a day with the stay [checkin, last night]; the config keeps them by start date.
  const seasons = config.engineSeasons.filter((s) => s.startDate <= lastNight && s.endDate >= req.checkin);
  const offer = req.offerId != null ? config.offers.find((o) => o.id === req.offerId) : undefined;
  const packageIds = unique(req.packageIds);
  const serviceIds = unique(req.serviceIds);
  const chosenPackages = config.packages.filter((p) => packageIds.includes(p.id));
  const chosenServices = config.services.filter((s) => serviceIds.includes(s.id));
  checkChoices(config, {
    req,
    reprice: ctx.reprice === true,
    offer,
    packages: { asked: packageIds, found: chosenPackages },
    services: { asked: serviceIds, found: chosenServices },
  });

  const guests: Guests = { adults: req.guests?.adults ?? 1, children: req.guests?.children ?? 0 };
  const dates = stayNights(req.checkin, req.checkout);
  const input: Required<Omit<PricingInput, 'units'>> = {
    stay: { checkin: req.checkin, checkout: req.checkout, guests, today: todayIn(property.timezone, ctx.now) },
    currency,
    seasons,
    longStay: {
      weeklyPercent: num(property.weeklyDiscountPercent),
      monthlyPercent: num(property.monthlyDiscountPercent),
    },
    cleaningFeeMinor: property.cleaningFee ?? 0,
    serviceFeePercent: ctx.serviceFeePercent,
    taxPercent: num(property.taxRate),
    offer: offer ? engineOffer(offer) : null,
    promo: promo ? enginePromo(promo, req.promoId) : null,
    packages: chosenPackages.map((p) => ({ id: p.id, name: p.name, priceMinor: p.price, isGlobal: p.isGlobal })),
    services: chosenServices.map((s) => ({ id: s.id, name: s.name, priceMinor: s.price, type: s.type as ServiceType })),
  };
  const base: PricingBase = {
    property,
    currency,
    promoCodeId: promo?.id ?? null,
    kinds,
    withNights(rows) {
      const calendar = calendarOf(rows);
      const units = rooms.length
        ? roomLines(rooms, {
            types: config.typeById,
            plans: config.planById,
            dates,
            calendar,
            guests: guests.adults + guests.children,
          })
        : [listingLine(property, dates, calendar)];
      // Listed, not spread: 139 µs of server CPU a preview, 166 with `{ ...input, units }` (bench/results).
      // `satisfies` makes a field PricingInput gains a compile error here instead of a silent drop.
      return {
        stay: input.stay,
        currency: input.currency,
        units,
        seasons: input.seasons,
        longStay: input.longStay,
        cleaningFeeMinor: input.cleaningFeeMinor,
        serviceFeePercent: input.serviceFeePercent,
        taxPercent: input.taxPercent,
        offer: input.offer,
        promo: input.promo,
        packages: input.packages,
        services: input.services,
      } satisfies Required<PricingInput>;
    },
  };
  return { base, nights };
}

/** Previews: the stay's calendar rows when the cache holds them. */
function nightsInCache(ctx: PricingContext, req: PricingRequest, kinds: number[]): CalendarNight[] | undefined {
  if (!ctx.cachedNights) return undefined;
  return ctx.cache?.peekNights(req.propertyId, kinds, req.checkin, req.checkout);
}

/** The stay's calendar rows (unless `known`) and the request's promo code, in one round. */
async function readNightsAndPromo(
  db: Executor,
  opts: { req: PricingRequest; ctx: PricingContext; kinds: number[]; known: CalendarNight[] | undefined },
): Promise<{ nights: CalendarNight[]; promo: PromoCodeRow | undefined }> {
  const { req, ctx, kinds, known } = opts;
  const { propertyId, checkin, checkout } = req;
  const repo = pricingInputRepository(db);
  const cache = ctx.cachedNights ? ctx.cache : undefined;
  const readNights = () =>
    known ??
    (cache
      ? cache.nights(db, { propertyId, kinds, checkin, checkout, now: ctx.now })
      : repo.nights(propertyId, kinds, checkin, checkout));
  const readPromo = async () => {
    if (req.promoId != null) return repo.promoById(propertyId, req.promoId);
    if (req.promoCode) return repo.promoByCode(propertyId, req.promoCode);
    return undefined;
  };
  const [nights, promo] = await Promise.all([readNights(), readPromo()]);
  return { nights, promo };
}

interface Choices {
  req: PricingRequest;
  reprice: boolean;
  offer: OfferRow | undefined;
  packages: { asked: number[]; found: { id: number }[] };
  services: { asked: number[]; found: { id: number }[] };
}

/** The room lines and extras asked for belong to the listing: else 422, every wrong field named. */
function checkChoices(config: PricingConfig, choices: Choices): void {
  const { req, reprice, offer, packages, services } = choices;
  const rooms = req.rooms ?? [];
  const errors: FieldErrors = {};
  if (config.roomTypes.length > 0 && rooms.length === 0)
    fail(errors, 'rooms', 'is required: this listing is sold by room type');
  rooms.forEach((r, i) => {
    const type = config.typeById.get(r.roomTypeId);
    if (!type) fail(errors, `rooms.${i}.room_type_id`, 'is not a room type of this listing');
    else if (config.planById.get(r.ratePlanId)?.roomTypeId !== type.id)
      fail(errors, `rooms.${i}.rate_plan_id`, 'is not a rate plan of this room type');
  });
  // Re-pricing: extras that no longer exist are simply not priced (the guest did not ask for them now).
  if (!reprice) {
    if (req.offerId != null && !offer) fail(errors, 'offer_id', 'is not an offer of this listing');
    const noPackages = missing(packages.asked, packages.found);
    if (noPackages.length) fail(errors, 'package_ids', `not packages of this listing: ${noPackages.join(', ')}`);
    const noServices = missing(services.asked, services.found);
    if (noServices.length) fail(errors, 'service_ids', `not services of this listing: ${noServices.join(', ')}`);
  }
  if (rooms.length === 0 && config.property.pricePerNight === null)
    fail(errors, 'property_id', 'this listing has no nightly price yet');
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', Object.values(errors)[0]![0]!, errors);
}

function engineOffer(offer: OfferRow): NonNullable<PricingInput['offer']> {
  return {
    id: offer.id,
    name: offer.name,
    discountType: offer.discountType === 'fixed' ? 'fixed' : 'percent',
    discountValue: num(offer.discountValue),
    startDate: offer.startDate,
    endDate: offer.endDate,
    minNights: offer.minNights,
  };
}

/** `countedId`: the promo a re-priced reservation already counted a use of. */
function enginePromo(promo: PromoCodeRow, countedId: number | null | undefined): NonNullable<PricingInput['promo']> {
  return {
    id: promo.id,
    code: promo.code,
    discountType: promo.discountType === 'fixed' ? 'fixed' : 'percent',
    discountValue: num(promo.discountValue),
    validFrom: promo.validFrom,
    validTo: promo.validTo,
    maxUses: promo.maxUses,
    // A promo the reservation already counted must not be refused for that very use.
    usedCount: countedId === promo.id ? Math.max(0, promo.usedCount - 1) : promo.usedCount,
    minNights: promo.minNights,
  };
}

function fail(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

function missing(asked: number[], got: { id: number }[]): number[] {
  return asked.filter((id) => !got.some((g) => g.id === id));
}

function checkDates(checkin: string, checkout: string): void {
  const errors: FieldErrors = {};
  // Request dates passed the same check in validation; a stay kept from before may not have.
  if (!isSupportedDay(checkin)) errors.checkin_date = [`must be ${SUPPORTED_DAYS}`];
  if (!isSupportedDay(checkout)) errors.checkout_date = [`must be ${SUPPORTED_DAYS}`];
  else if (!errors.checkin_date && daysBetween(checkin, checkout) > MAX_NIGHTS)
    errors.checkout_date = [`a stay is at most ${MAX_NIGHTS} nights`];
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', Object.values(errors)[0]![0]!, errors);
}
