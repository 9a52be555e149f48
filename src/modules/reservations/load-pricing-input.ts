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
import { AppError, type FieldErrors } from '../../platform/errors.ts';
import { MAX_NIGHTS, type Currency, type Guests, type PricingInput, type RatePlanRules, type ServiceType, type UnitLine } from '../pricing/index.ts';
import { isPublic } from '../properties/property-access.ts';
import { addDays, daysBetween, isRealDate, todayIn } from '../room-types/calendar-dates.ts';
import { pricingInputRepository, type CalendarNight, type PropertyRow, type RatePlanRow, type RoomTypeRow } from './pricing-input.repository.ts';

/** property_nights.room_type_id of the listing sold as a whole. */
const LISTING_UNIT = 0;

export interface RoomRequest {
  roomTypeId: number;
  ratePlanId: number;
  roomsCount: number;
}

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

export async function loadPricingInput(db: Executor, req: PricingRequest, ctx: PricingContext): Promise<LoadedPricing> {
  checkDates(req.checkin, req.checkout);
  const repo = pricingInputRepository(db);
  const found = await repo.property(req.propertyId);
  if (!found || (!ctx.reprice && !isPublic(found.property))) throw new AppError('NOT_FOUND', 'Property not found');
  const { property } = found;
  const currency: Currency = { code: property.currencyCode, decimals: found.decimals ?? 2 };

  const rooms = req.rooms ?? [];
  const packageIds = unique(req.packageIds);
  const serviceIds = unique(req.serviceIds);
  const lastNight = req.checkout > req.checkin ? addDays(req.checkout, -1) : req.checkin;
  // Everything below depends only on the request and the listing id: one round of fixed queries.
  const [roomTypes, plans, nights, seasons, offer, promo, pkgs, svcs] = await Promise.all([
    repo.roomTypes(property.id),
    repo.ratePlans(property.id, unique(rooms.map((r) => r.ratePlanId))),
    repo.nights(property.id, rooms.length ? unique(rooms.map((r) => r.roomTypeId)) : [LISTING_UNIT], req.checkin, req.checkout),
    repo.seasons(property.id, req.checkin, lastNight),
    req.offerId != null ? repo.offer(property.id, req.offerId) : undefined,
    req.promoId != null ? repo.promoById(property.id, req.promoId) : req.promoCode ? repo.promoByCode(property.id, req.promoCode) : undefined,
    repo.packages(property.id, packageIds),
    repo.services(property.id, serviceIds),
  ]);

  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (roomTypes.length > 0 && rooms.length === 0) fail('rooms', 'is required: this listing is sold by room type');
  const typeById = new Map(roomTypes.map((t) => [t.id, t]));
  const planById = new Map(plans.map((p) => [p.id, p]));
  rooms.forEach((r, i) => {
    const type = typeById.get(r.roomTypeId);
    if (!type) return fail(`rooms.${i}.room_type_id`, 'is not a room type of this listing');
    if (planById.get(r.ratePlanId)?.roomTypeId !== type.id) fail(`rooms.${i}.rate_plan_id`, 'is not a rate plan of this room type');
  });
  const missing = (asked: number[], got: { id: number }[]) => asked.filter((id) => !got.some((g) => g.id === id));
  // Re-pricing: extras that no longer exist are simply not priced (the guest did not ask for them now).
  if (!ctx.reprice) {
    if (req.offerId != null && !offer) fail('offer_id', 'is not an offer of this listing');
    if (missing(packageIds, pkgs).length) fail('package_ids', `not packages of this listing: ${missing(packageIds, pkgs).join(', ')}`);
    if (missing(serviceIds, svcs).length) fail('service_ids', `not services of this listing: ${missing(serviceIds, svcs).join(', ')}`);
  }
  if (rooms.length === 0 && property.pricePerNight === null) fail('property_id', 'this listing has no nightly price yet');
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', Object.values(errors)[0]![0]!, errors);

  const guests: Guests = { adults: req.guests?.adults ?? 1, children: req.guests?.children ?? 0 };
  const dates = stayDates(req.checkin, req.checkout);
  const calendar = new Map(nights.map((n) => [`${n.roomTypeId}|${n.night}`, n]));
  const units =
    rooms.length === 0
      ? [listingLine(property, dates, calendar)]
      : roomLines(rooms, typeById, planById, dates, calendar, guests.adults + guests.children);

  const input: PricingInput = {
    stay: { checkin: req.checkin, checkout: req.checkout, guests, today: todayIn(property.timezone, ctx.now) },
    currency,
    units,
    seasons: seasons.map((s) => ({
      id: s.id, name: s.name, startDate: s.startDate, endDate: s.endDate,
      reductionPercent: num(s.reductionPercent), minStay: s.minStay, maxStay: s.maxStay,
    })),
    longStay: { weeklyPercent: num(property.weeklyDiscountPercent), monthlyPercent: num(property.monthlyDiscountPercent) },
    cleaningFeeMinor: property.cleaningFee ?? 0,
    serviceFeePercent: ctx.serviceFeePercent,
    taxPercent: num(property.taxRate),
    offer: offer
      ? {
          id: offer.id, name: offer.name, discountType: offer.discountType === 'fixed' ? 'fixed' : 'percent',
          discountValue: num(offer.discountValue), startDate: offer.startDate, endDate: offer.endDate, minNights: offer.minNights,
        }
      : null,
    promo: promo
      ? {
          id: promo.id, code: promo.code, discountType: promo.discountType === 'fixed' ? 'fixed' : 'percent',
          discountValue: num(promo.discountValue), validFrom: promo.validFrom, validTo: promo.validTo,
          // A promo the reservation already counted must not be refused for that very use.
          maxUses: promo.maxUses, usedCount: req.promoId === promo.id ? Math.max(0, promo.usedCount - 1) : promo.usedCount, minNights: promo.minNights,
        }
      : null,
    packages: pkgs.map((p) => ({ id: p.id, name: p.name, priceMinor: p.price, isGlobal: p.isGlobal })),
    services: svcs.map((s) => ({ id: s.id, name: s.name, priceMinor: s.price, type: s.type as ServiceType })),
  };
  return { property, currency, input, promoCodeId: promo?.id ?? null };
}

function checkDates(checkin: string, checkout: string): void {
  const errors: FieldErrors = {};
  if (!isRealDate(checkin)) errors.checkin_date = ['must be a real date (YYYY-MM-DD)'];
  if (!isRealDate(checkout)) errors.checkout_date = ['must be a real date (YYYY-MM-DD)'];
  else if (!errors.checkin_date && daysBetween(checkin, checkout) > MAX_NIGHTS) errors.checkout_date = [`a stay is at most ${MAX_NIGHTS} nights`];
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', Object.values(errors)[0]![0]!, errors);
}

/** The nights of [checkin, checkout); none when checkout ≤ checkin (stay_validation says why). */
function stayDates(checkin: string, checkout: string): string[] {
  const n = Math.max(0, daysBetween(checkin, checkout));
  return Array.from({ length: n }, (_, i) => addDays(checkin, i));
}

type Calendar = Map<string, CalendarNight>;

function listingLine(p: PropertyRow, dates: string[], calendar: Calendar): UnitLine {
  return {
    roomTypeId: null,
    roomTypeTitle: p.publicName ?? p.internalName ?? `Property ${p.id}`,
    roomsCount: 1,
    capacityPerRoom: p.capacity ?? 0,
    nights: dates.map((date) => {
      const row = calendar.get(`${LISTING_UNIT}|${date}`);
      return {
        date,
        priceMinor: row?.price ?? p.pricePerNight!,
        stopSell: row?.stopSell ?? false,
        available: Math.max(0, (row?.availableRooms ?? 1) - (row?.booked ?? 0)),
      };
    }),
  };
}

/**
 * One line per requested room line. Two lines of the same room type (different rate plans) share
 * its units: a later line sees what the earlier ones take, so together they cannot exceed a
 * night's count. Guests are spread over per_person lines in order, filling each line's capacity,
 * the last taking any overflow (capacity is reported by stay_validation).
 */
function roomLines(
  rooms: RoomRequest[], types: Map<number, RoomTypeRow>, plans: Map<number, RatePlanRow>,
  dates: string[], calendar: Calendar, guests: number,
): UnitLine[] {
  const taken = new Map<number, number>();
  let guestsLeft = guests;
  return rooms.map((r, i) => {
    const type = types.get(r.roomTypeId)!;
    const plan = plans.get(r.ratePlanId)!;
    const before = taken.get(type.id) ?? 0;
    taken.set(type.id, before + r.roomsCount);
    const capacity = type.capacity * r.roomsCount;
    const onLine = i === rooms.length - 1 ? guestsLeft : Math.min(guestsLeft, capacity);
    guestsLeft -= onLine;
    return {
      roomTypeId: type.id,
      roomTypeTitle: type.title,
      ratePlan: planRules(plan),
      roomsCount: r.roomsCount,
      capacityPerRoom: type.capacity,
      ...(rooms.length > 1 ? { guestsOnLine: onLine } : {}),
      nights: dates.map((date) => {
        const row = calendar.get(`${type.id}|${date}`);
        return {
          date,
          priceMinor: row?.price ?? plan.price,
          stopSell: row?.stopSell ?? false,
          available: Math.max(0, (row?.availableRooms ?? type.countOfRooms) - (row?.booked ?? 0) - before),
        };
      }),
    };
  });
}

function planRules(p: RatePlanRow): RatePlanRules {
  return {
    id: p.id,
    title: p.title,
    sellMode: p.sellMode === 'per_person' ? 'per_person' : 'per_room',
    minStayArrival: p.minStayArrival,
    maxStay: p.maxStay,
    closedToArrival: p.closedToArrival,
    closedToDeparture: p.closedToDeparture,
    stopSell: p.stopSell,
  };
}
