// priceStay: the whole price of a stay as integer minor units (contract §6). Pure: no I/O.
//
// Order of discounts (each applies to what the previous ones left, each capped at it):
//   1. season reduction, per night (the night's season percent of that night's accommodation);
//   2. long-stay on the accommodation left: monthly percent when nights ≥ 28 and the monthly
//      percent is set (> 0), else weekly when nights ≥ 7 — monthly replaces weekly, never both;
//   3. the offer on what remains (percent, or a fixed amount PER STAY);
//   4. the promo code on what remains (percent, or a fixed amount PER STAY).
// Then cleaning fee, services and packages are added; the service fee is
// serviceFeePercent × (accommodation after discounts + cleaning + services + packages);
// sub_total is that base plus the service fee; tax_amount = taxPercent × sub_total;
// total = sub_total + tax_amount. Discounts never touch fees, services or packages.
//
// Rounding: every line (season_discount, long_stay_discount, offer_discount, promo_discount,
// service_fee_total, tax_amount, averages) is rounded once, half-up, in minor units; season
// reductions of different nights are summed exactly and rounded once. Other amounts are sums of
// integers, so the breakdown adds up exactly.
//
// Quantities: per_room plans price a night × roomsCount; per_person plans price a night × the
// guests on the line (adults and children alike; default all guests of the stay), whatever the
// number of rooms. Services: per_stay once, per_night × nights, per_guest × (adults + children)
// once per stay. Packages once per stay. rooms_total = base_total (the room lines before
// discounts; a listing without room types is one line).
import { stayNights, withinInclusive } from '../../kernel/calendar-dates.ts';
import { assertNonNegativeMinor, averageMinor, percentOf, scalePercent, sumPercentsOf } from './percent.ts';
import { seasonFor, validateStay } from './stay-rules.ts';
import type {
  DiscountType,
  OfferReason,
  PriceBreakdown,
  PricingInput,
  PromoReason,
  RoomLineBreakdown,
  SeasonSummary,
} from './types.ts';

export const DISCOUNT_ORDER = ['season', 'long_stay', 'offer', 'promo'] as const;
export const PRICING_STEPS = [...DISCOUNT_ORDER, 'cleaning_fee', 'services', 'packages', 'service_fee', 'tax'] as const;
/** A fixed offer or promo amount is taken once per stay, not per night or per room. */
export const FIXED_DISCOUNT_SCOPE = 'per_stay' as const;
export const WEEKLY_MIN_NIGHTS = 7;
export const MONTHLY_MIN_NIGHTS = 28;

export function priceStay(input: PricingInput): PriceBreakdown {
  const dates = assertInput(input);
  const { stay } = input;
  const nights = dates.length;
  const guests = stay.guests.adults + stay.guests.children;

  const seasonParts: { amountMinor: number; percent: number }[] = [];
  const rooms_breakdown: RoomLineBreakdown[] = [];
  let firstSeason: SeasonSummary | null = null;
  for (const line of input.units) {
    const qty = line.ratePlan?.sellMode === 'per_person' ? (line.guestsOnLine ?? guests) : line.roomsCount;
    let lineTotal = 0;
    dates.forEach((date, i) => {
      const amount = line.nights[i]!.priceMinor * qty;
      lineTotal += amount;
      const season = seasonFor(date, input.seasons);
      if (season) {
        seasonParts.push({ amountMinor: amount, percent: season.reductionPercent });
        firstSeason ??= summary(season);
      }
    });
    assertNonNegativeMinor(lineTotal, 'line total');
    rooms_breakdown.push({
      room_type_id: line.roomTypeId,
      room_type_title: line.roomTypeTitle,
      rate_plan_id: line.ratePlan?.id ?? null,
      rate_plan_title: line.ratePlan?.title ?? null,
      rooms_count: line.roomsCount,
      price_per_night: averageMinor(lineTotal, nights),
      line_total: lineTotal,
    });
  }
  const base_total = rooms_breakdown.reduce((sum, l) => sum + l.line_total, 0);
  assertNonNegativeMinor(base_total, 'base total');
  const checkinSeason = seasonFor(stay.checkin, input.seasons);

  // 1. season
  const season_discount = Math.min(base_total, sumPercentsOf(seasonParts));
  let remaining = base_total - season_discount;
  // 2. long stay
  const { weeklyPercent, monthlyPercent } = input.longStay;
  const long_stay_kind =
    nights >= MONTHLY_MIN_NIGHTS && monthlyPercent > 0
      ? 'monthly'
      : nights >= WEEKLY_MIN_NIGHTS && weeklyPercent > 0
        ? 'weekly'
        : null;
  const longPercent = long_stay_kind === 'monthly' ? monthlyPercent : long_stay_kind === 'weekly' ? weeklyPercent : 0;
  const long_stay_discount = Math.min(remaining, percentOf(remaining, longPercent));
  remaining -= long_stay_discount;
  // 3. offer
  const offerReason = offerRejection(input, nights);
  const offer = offerReason ? null : input.offer!;
  const offer_discount = offer ? discountOn(remaining, offer.discountType, offer.discountValue) : 0;
  remaining -= offer_discount;
  // 4. promo
  const promoReason = promoRejection(input, nights);
  const promo = promoReason ? null : input.promo!;
  const promo_discount = promo ? discountOn(remaining, promo.discountType, promo.discountValue) : 0;
  remaining -= promo_discount;
  const accommodation_total = remaining;

  const services_details = input.services.map((s) => ({
    id: s.id,
    name: s.name,
    price: s.priceMinor * (s.type === 'per_night' ? nights : s.type === 'per_guest' ? guests : 1),
    type: s.type,
  }));
  const services_total = services_details.reduce((sum, s) => sum + s.price, 0);
  const packages_details = input.packages.map((p) => ({
    id: p.id,
    name: p.name,
    price: p.priceMinor,
    is_global: p.isGlobal,
  }));
  const packages_total = packages_details.reduce((sum, p) => sum + p.price, 0);
  const cleaning_fee = input.cleaningFeeMinor;

  const feeBase = accommodation_total + cleaning_fee + services_total + packages_total;
  const service_fee_total = percentOf(feeBase, input.serviceFeePercent);
  const sub_total = feeBase + service_fee_total;
  const tax_amount = percentOf(sub_total, input.taxPercent);
  const total = sub_total + tax_amount;
  assertNonNegativeMinor(total, 'total');

  return {
    currency: input.currency,
    nights,
    base_price_per_night: averageMinor(base_total, nights),
    base_total,
    rooms_total: base_total,
    season: checkinSeason ? summary(checkinSeason) : firstSeason,
    season_discount,
    long_stay_discount,
    long_stay_kind,
    offer_discount,
    offer_applied: offer !== null,
    offer_details: offer
      ? { id: offer.id, name: offer.name, discount_value: offer.discountValue, discount_type: offer.discountType }
      : null,
    offer_reason: offerReason,
    promo_discount,
    promo_applied: promo !== null,
    promo_reason: promoReason,
    accommodation_total,
    cleaning_fee,
    services_total,
    services_details,
    packages_total,
    packages_details,
    service_fee_total,
    sub_total,
    tax_rate: input.taxPercent,
    tax_amount,
    total,
    rooms_breakdown,
    stay_validation: validateStay(input, dates),
  };
}

function summary(s: PricingInput['seasons'][number]): SeasonSummary {
  return { id: s.id, name: s.name, reduction_percent: s.reductionPercent, min_stay: s.minStay, max_stay: s.maxStay };
}

/** Percent of, or a fixed amount, never more than what it discounts. */
function discountOn(remaining: number, type: DiscountType, value: number): number {
  return Math.min(remaining, type === 'percent' ? percentOf(remaining, value) : value);
}

/** The offer applies when the check-in date is within [startDate, endDate] and nights ≥ minNights. */
function offerRejection(input: PricingInput, nights: number): OfferReason | null {
  const offer = input.offer;
  if (!offer) return 'not_given';
  if (!withinInclusive(input.stay.checkin, offer.startDate, offer.endDate)) return 'outside_dates';
  if (nights < offer.minNights) return 'min_nights';
  return null;
}

/** The promo applies when today is within [validFrom, validTo], uses remain and nights ≥ minNights. */
function promoRejection(input: PricingInput, nights: number): PromoReason | null {
  const promo = input.promo;
  if (!promo) return 'not_given';
  if (!withinInclusive(input.stay.today, promo.validFrom, promo.validTo)) return 'outside_validity';
  if (promo.maxUses !== null && promo.usedCount >= promo.maxUses) return 'max_uses_reached';
  if (nights < promo.minNights) return 'min_nights';
  return null;
}

/** Caller bugs (not user errors, which stay_validation reports) throw RangeError; else the stay's nights. */
function assertInput(input: PricingInput): string[] {
  const { stay } = input;
  const dates = stayNights(stay.checkin, stay.checkout);
  if (!Number.isInteger(input.currency.decimals) || input.currency.decimals < 0)
    throw new RangeError('invalid currency decimals');
  if (!Number.isInteger(stay.guests.adults) || stay.guests.adults < 1) throw new RangeError('adults must be ≥ 1');
  if (!Number.isInteger(stay.guests.children) || stay.guests.children < 0) throw new RangeError('children must be ≥ 0');
  if (input.units.length === 0) throw new RangeError('at least one unit line is needed');
  for (const line of input.units) {
    if (!Number.isInteger(line.roomsCount) || line.roomsCount < 1) throw new RangeError('roomsCount must be ≥ 1');
    if (line.nights.length !== dates.length || line.nights.some((n, i) => n.date !== dates[i])) {
      throw new RangeError(`${line.roomTypeTitle}: nights must list every night of the stay in order`);
    }
    for (const night of line.nights) assertNonNegativeMinor(night.priceMinor, 'night price');
  }
  for (const season of input.seasons) scalePercent(season.reductionPercent);
  for (const percent of [
    input.longStay.weeklyPercent,
    input.longStay.monthlyPercent,
    input.serviceFeePercent,
    input.taxPercent,
  ])
    scalePercent(percent);
  for (const discount of [input.offer, input.promo]) {
    if (!discount) continue;
    if (discount.discountType === 'percent') scalePercent(discount.discountValue);
    else assertNonNegativeMinor(discount.discountValue, 'fixed discount');
  }
  assertNonNegativeMinor(input.cleaningFeeMinor, 'cleaning fee');
  for (const extra of [...input.packages, ...input.services]) assertNonNegativeMinor(extra.priceMinor, extra.name);
  return dates;
}

/**
 * One night's accommodation after its season, as priceStay takes it off a one-night stay
 * (base_total − season_discount): the calendar's nightly price.
 */
export function nightAfterSeason(
  priceMinor: number,
  date: string,
  seasons: readonly PricingInput['seasons'][number][],
): number {
  const season = seasonFor(date, seasons);
  return season
    ? priceMinor - Math.min(priceMinor, sumPercentsOf([{ amountMinor: priceMinor, percent: season.reductionPercent }]))
    : priceMinor;
}
