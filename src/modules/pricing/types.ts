// Inputs and outputs of the pricing engine. Amounts are integer minor units of ONE currency
// (architecture rule 5); percents are plain numbers with at most 3 decimals (12.5 = 12.5 %);
// dates are property-local `YYYY-MM-DD`. Field meanings mirror src/db/schema/properties.ts.

export interface Currency {
  code: string;
  /** ISO 4217 exponent: 0 JPY, 2 EUR, 3 KWD. */
  decimals: number;
}

export interface Guests {
  adults: number;
  children: number;
}

export interface Stay {
  checkin: string;
  /** Exclusive: the stay is [checkin, checkout). */
  checkout: string;
  guests: Guests;
  /** Property-local "today", for the check-in and promo validity checks. */
  today: string;
}

/** Weekday arrays have 7 entries, Monday first (as `rate_plans`). */
export interface RatePlanRules {
  id: number;
  title: string;
  sellMode: 'per_room' | 'per_person';
  /** Minimum nights when arriving on that weekday; 0 = none. */
  minStayArrival: number[];
  /** Maximum nights when arriving on that weekday; 0 = none. */
  maxStay: number[];
  closedToArrival: boolean[];
  closedToDeparture: boolean[];
  stopSell: boolean[];
}

export interface UnitNight {
  date: string;
  /** Resolved by the caller: calendar override, else plan price, else listing price_per_night. */
  priceMinor: number;
  /** Calendar stop-sell for that night. */
  stopSell: boolean;
  /** Units left that night. */
  available: number;
}

export interface UnitLine {
  /** null = the whole listing as one unit (property_nights.room_type_id 0). */
  roomTypeId: number | null;
  roomTypeTitle: string;
  ratePlan?: RatePlanRules;
  roomsCount: number;
  capacityPerRoom: number;
  /**
   * per_person plans only: guests priced on this line. Defaults to all guests of the stay
   * (adults + children), which is right for a single line; multi-line callers split guests.
   */
  guestsOnLine?: number;
  /** One entry per night of the stay, in date order. */
  nights: UnitNight[];
}

export interface Season {
  id: number;
  name: string;
  startDate: string;
  /** Inclusive. */
  endDate: string;
  reductionPercent: number;
  minStay: number | null;
  maxStay: number | null;
}

export type DiscountType = 'percent' | 'fixed';

export interface Offer {
  id: number;
  name: string;
  discountType: DiscountType;
  /** Percent, or minor units when fixed (per stay). */
  discountValue: number;
  startDate: string;
  endDate: string;
  minNights: number;
}

export interface PromoCode {
  id: number;
  code: string;
  discountType: DiscountType;
  /** Percent, or minor units when fixed (per stay). */
  discountValue: number;
  validFrom: string;
  validTo: string;
  maxUses: number | null;
  usedCount: number;
  minNights: number;
}

export interface PackageItem {
  id: number;
  name: string;
  priceMinor: number;
  isGlobal: boolean;
}

export type ServiceType = 'per_stay' | 'per_night' | 'per_guest';

export interface ServiceItem {
  id: number;
  name: string;
  priceMinor: number;
  type: ServiceType;
}

export interface PricingInput {
  stay: Stay;
  currency: Currency;
  units: UnitLine[];
  seasons: Season[];
  longStay: { weeklyPercent: number; monthlyPercent: number };
  cleaningFeeMinor: number;
  serviceFeePercent: number;
  taxPercent: number;
  offer?: Offer | null;
  promo?: PromoCode | null;
  packages: PackageItem[];
  services: ServiceItem[];
}

export type StayRule =
  | 'dates'
  | 'nights_range'
  | 'checkin_in_past'
  | 'capacity'
  | 'season_min_stay'
  | 'season_max_stay'
  | 'min_stay_arrival'
  | 'max_stay'
  | 'closed_to_arrival'
  | 'closed_to_departure'
  | 'stop_sell'
  | 'unavailable';

export interface StayViolation {
  rule: StayRule;
  message: string;
  night?: string;
}

export interface StayValidation {
  valid: boolean;
  /** The first violation's message, or null. */
  message: string | null;
  /** Strictest minimum that applies (season of the check-in night, rate plans); absent if none. */
  min_stay?: number;
  /** Strictest maximum that applies; absent if none. */
  max_stay?: number;
  violations: StayViolation[];
}

export interface SeasonSummary {
  id: number;
  name: string;
  reduction_percent: number;
  min_stay: number | null;
  max_stay: number | null;
}

export interface RoomLineBreakdown {
  room_type_id: number | null;
  room_type_title: string;
  rate_plan_id: number | null;
  rate_plan_title: string | null;
  rooms_count: number;
  /** Average of the line per night, before discounts, rounded half-up. */
  price_per_night: number;
  /** The line's accommodation before discounts. */
  line_total: number;
}

export type OfferReason = 'not_given' | 'outside_dates' | 'min_nights';
export type PromoReason = 'not_given' | 'outside_validity' | 'max_uses_reached' | 'min_nights';

/** All amounts integer minor units. */
export interface PriceBreakdown {
  currency: Currency;
  nights: number;
  base_price_per_night: number;
  base_total: number;
  rooms_total: number;
  season: SeasonSummary | null;
  season_discount: number;
  long_stay_discount: number;
  /** 'weekly' | 'monthly' | null: which long-stay percent was used. */
  long_stay_kind: 'weekly' | 'monthly' | null;
  offer_discount: number;
  offer_applied: boolean;
  offer_details: { id: number; name: string; discount_value: number; discount_type: DiscountType } | null;
  offer_reason: OfferReason | null;
  promo_discount: number;
  promo_applied: boolean;
  promo_reason: PromoReason | null;
  /** Accommodation after every discount. */
  accommodation_total: number;
  cleaning_fee: number;
  services_total: number;
  services_details: { id: number; name: string; price: number; type: ServiceType }[];
  packages_total: number;
  packages_details: { id: number; name: string; price: number; is_global: boolean }[];
  service_fee_total: number;
  sub_total: number;
  tax_rate: number;
  tax_amount: number;
  total: number;
  rooms_breakdown: RoomLineBreakdown[];
  stay_validation: StayValidation;
}
