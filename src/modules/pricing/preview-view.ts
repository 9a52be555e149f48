// Views of a PriceBreakdown for the API: amounts become JSON numbers in currency units
// (minorToNumber, so never more decimals than the currency has). Member names follow the
// interface spec's "Price preview" table and the read form's `price_details`.
//
// Choices: a whole-listing line (room_type_id null) shows room_type_id 0 and, without a rate
// plan, rate_plan_id 0 and rate_plan_title "" (property_nights uses room type 0 for the
// listing); rooms_breakdown is left out when the only line is the whole listing. Season
// min_stay/max_stay null show as 0 (= none, like the rate plans). A fixed offer's
// discount_value is shown in currency units, a percent one as the percent.
// stay_validation keeps the spec's members only (valid, message, min_stay?, max_stay?); the
// detailed violations stay on the breakdown for the 422 error body.
//
// base_price_per_night/base_total stay the list price before the season (as clients already
// read them), so season_discount is shown as its own line: without it the lines would not add
// up to sub_total (issue 19). Both views carry every line of
//   base_total − season − long_stay − offer − promo + cleaning + services + packages + service fee = sub_total
// and each amount is one integer of the breakdown converted on its own, so the identity holds
// exactly in minor units.
import { minorToNumber } from '../../kernel/money.ts';
import type { Currency, PriceBreakdown } from './types.ts';

export interface PricePreview {
  nights: number;
  currency: string;
  base_price_per_night: number;
  base_total: number;
  rooms_total: number;
  cleaning_fee: number;
  service_fee_total: number;
  services_total: number;
  services_details: { id: number; name: string; price: number; type: string }[];
  tax_amount: number;
  tax_rate: number;
  promo_discount: number;
  promo_applied: boolean;
  season_discount: number;
  long_stay_discount: number;
  offer_discount: number;
  offer_applied: boolean;
  offer_details: { id: number; name: string; discount_value: number; discount_type: string } | null;
  packages_total: number;
  packages_details: { id: number; name: string; price: number; is_global: boolean }[];
  sub_total: number;
  total: number;
  rooms_breakdown?: {
    room_type_id: number;
    room_type_title: string;
    rate_plan_id: number;
    rate_plan_title: string;
    rooms_count: number;
    price_per_night: number;
    line_total: number;
  }[];
  season: { id: number; name: string; reduction_percent: number; min_stay: number; max_stay: number } | null;
  stay_validation: { valid: boolean; message: string | null; min_stay?: number; max_stay?: number };
}

export interface PriceDetails {
  currency: string;
  nights: number;
  base_price_per_night: number;
  base_total: number;
  season_discount: number;
  cleaning_fee: number;
  service_fee_total: number;
  services_total: number;
  packages_total: number;
  long_stay_discount: number;
  offer_discount: number;
  sub_total: number;
  tax_rate: number;
  tax_amount: number;
  promo_discount: number;
  total: number;
}

export function toPreview(b: PriceBreakdown, currency: Currency): PricePreview {
  // No helper closure: under tsx every named closure costs a defineProperty each time it is created.
  const d = currency.decimals;
  const sv = b.stay_validation;
  const onlyListing = b.rooms_breakdown.length === 1 && b.rooms_breakdown[0]!.room_type_id === null;
  const preview: PricePreview = {
    nights: b.nights,
    currency: currency.code,
    base_price_per_night: minorToNumber(b.base_price_per_night, d),
    base_total: minorToNumber(b.base_total, d),
    rooms_total: minorToNumber(b.rooms_total, d),
    cleaning_fee: minorToNumber(b.cleaning_fee, d),
    service_fee_total: minorToNumber(b.service_fee_total, d),
    services_total: minorToNumber(b.services_total, d),
    services_details: b.services_details.map((s) => ({
      id: s.id,
      name: s.name,
      price: minorToNumber(s.price, d),
      type: s.type,
    })),
    tax_amount: minorToNumber(b.tax_amount, d),
    tax_rate: b.tax_rate,
    promo_discount: minorToNumber(b.promo_discount, d),
    promo_applied: b.promo_applied,
    season_discount: minorToNumber(b.season_discount, d),
    long_stay_discount: minorToNumber(b.long_stay_discount, d),
    offer_discount: minorToNumber(b.offer_discount, d),
    offer_applied: b.offer_applied,
    offer_details: b.offer_details && {
      id: b.offer_details.id,
      name: b.offer_details.name,
      discount_value:
        b.offer_details.discount_type === 'fixed'
          ? minorToNumber(b.offer_details.discount_value, d)
          : b.offer_details.discount_value,
      discount_type: b.offer_details.discount_type,
    },
    packages_total: minorToNumber(b.packages_total, d),
    packages_details: b.packages_details.map((p) => ({
      id: p.id,
      name: p.name,
      price: minorToNumber(p.price, d),
      is_global: p.is_global,
    })),
    sub_total: minorToNumber(b.sub_total, d),
    total: minorToNumber(b.total, d),
    season: b.season && {
      id: b.season.id,
      name: b.season.name,
      reduction_percent: b.season.reduction_percent,
      min_stay: b.season.min_stay ?? 0,
      max_stay: b.season.max_stay ?? 0,
    },
    stay_validation: {
      valid: sv.valid,
      message: sv.message,
      ...(sv.min_stay !== undefined ? { min_stay: sv.min_stay } : {}),
      ...(sv.max_stay !== undefined ? { max_stay: sv.max_stay } : {}),
    },
  };
  if (!onlyListing) {
    preview.rooms_breakdown = b.rooms_breakdown.map((l) => ({
      room_type_id: l.room_type_id ?? 0,
      room_type_title: l.room_type_title,
      rate_plan_id: l.rate_plan_id ?? 0,
      rate_plan_title: l.rate_plan_title ?? '',
      rooms_count: l.rooms_count,
      price_per_night: minorToNumber(l.price_per_night, d),
      line_total: minorToNumber(l.line_total, d),
    }));
  }
  return preview;
}

export function toPriceDetails(b: PriceBreakdown, currency: Currency): PriceDetails {
  const d = currency.decimals;
  return {
    currency: currency.code,
    nights: b.nights,
    base_price_per_night: minorToNumber(b.base_price_per_night, d),
    base_total: minorToNumber(b.base_total, d),
    season_discount: minorToNumber(b.season_discount, d),
    cleaning_fee: minorToNumber(b.cleaning_fee, d),
    service_fee_total: minorToNumber(b.service_fee_total, d),
    services_total: minorToNumber(b.services_total, d),
    packages_total: minorToNumber(b.packages_total, d),
    long_stay_discount: minorToNumber(b.long_stay_discount, d),
    offer_discount: minorToNumber(b.offer_discount, d),
    sub_total: minorToNumber(b.sub_total, d),
    tax_rate: b.tax_rate,
    tax_amount: minorToNumber(b.tax_amount, d),
    promo_discount: minorToNumber(b.promo_discount, d),
    total: minorToNumber(b.total, d),
  };
}
