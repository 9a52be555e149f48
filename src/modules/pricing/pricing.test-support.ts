// Builders for pricing tests: a plain one-unit stay that each test adjusts; and the check that a
// price view's lines add up.
import assert from 'node:assert/strict';
import { stayNights } from '../../kernel/calendar-dates.ts';
import type { PricingInput, RatePlanRules, UnitLine } from './types.ts';

export function nightsOf(
  checkin: string,
  checkout: string,
  priceMinor: number | ((date: string, i: number) => number),
  available = 1,
) {
  return stayNights(checkin, checkout).map((date, i) => ({
    date,
    priceMinor: typeof priceMinor === 'number' ? priceMinor : priceMinor(date, i),
    stopSell: false,
    available,
  }));
}

export function listingLine(checkin: string, checkout: string, priceMinor: number, capacity = 4): UnitLine {
  return {
    roomTypeId: null,
    roomTypeTitle: 'Whole place',
    roomsCount: 1,
    capacityPerRoom: capacity,
    nights: nightsOf(checkin, checkout, priceMinor),
  };
}

export function openPlan(overrides: Partial<RatePlanRules> = {}): RatePlanRules {
  return {
    id: 7,
    title: 'Standard',
    sellMode: 'per_room',
    minStayArrival: [0, 0, 0, 0, 0, 0, 0],
    maxStay: [0, 0, 0, 0, 0, 0, 0],
    closedToArrival: [false, false, false, false, false, false, false],
    closedToDeparture: [false, false, false, false, false, false, false],
    stopSell: [false, false, false, false, false, false, false],
    ...overrides,
  };
}

/** 3 nights from Monday 2025-06-02, EUR, 100.00 a night, no rules or fees. */
export function baseInput(overrides: Partial<PricingInput> = {}): PricingInput {
  const checkin = overrides.stay?.checkin ?? '2025-06-02';
  const checkout = overrides.stay?.checkout ?? '2025-06-05';
  return {
    stay: { checkin, checkout, guests: { adults: 2, children: 0 }, today: '2025-05-01' },
    currency: { code: 'EUR', decimals: 2 },
    units: [listingLine(checkin, checkout, 10000)],
    seasons: [],
    longStay: { weeklyPercent: 0, monthlyPercent: 0 },
    cleaningFeeMinor: 0,
    serviceFeePercent: 0,
    taxPercent: 0,
    offer: null,
    promo: null,
    packages: [],
    services: [],
    ...overrides,
  };
}

/** The amounts a price view must show for its lines to add up (issue 19). */
export const PRICE_LINES = [
  'base_total',
  'season_discount',
  'long_stay_discount',
  'offer_discount',
  'promo_discount',
  'cleaning_fee',
  'services_total',
  'packages_total',
  'service_fee_total',
  'sub_total',
  'tax_amount',
  'total',
] as const;
export type PriceLines = Record<(typeof PRICE_LINES)[number], number>;

/**
 * A view's lines (JSON numbers in currency units) back in integer minor units, checked to add
 * up exactly: base − season − long stay − offer − promo + cleaning + services + packages +
 * service fee = sub_total, and sub_total + tax = total. Throws naming the view and the line.
 */
export function linesAddUp(view: object, decimals: number, name: string): PriceLines {
  const m = {} as PriceLines;
  for (const k of PRICE_LINES) {
    const x = (view as Record<string, unknown>)[k];
    assert.equal(typeof x, 'number', `${name} shows no ${k}`);
    m[k] = Math.round((x as number) * 10 ** decimals);
  }
  const added =
    m.base_total -
    m.season_discount -
    m.long_stay_discount -
    m.offer_discount -
    m.promo_discount +
    m.cleaning_fee +
    m.services_total +
    m.packages_total +
    m.service_fee_total;
  assert.equal(added, m.sub_total, `${name}: its lines add up to ${added}, not to sub_total ${m.sub_total}`);
  assert.equal(m.sub_total + m.tax_amount, m.total, `${name}: sub_total + tax_amount ≠ total`);
  return m;
}
