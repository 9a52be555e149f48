// Builders for pricing tests: a plain one-unit stay that each test adjusts.
import { stayNights } from './dates.ts';
import type { PricingInput, RatePlanRules, UnitLine } from './types.ts';

export function nightsOf(checkin: string, checkout: string, priceMinor: number | ((date: string, i: number) => number), available = 1) {
  return stayNights(checkin, checkout).map((date, i) => ({
    date,
    priceMinor: typeof priceMinor === 'number' ? priceMinor : priceMinor(date, i),
    stopSell: false,
    available,
  }));
}

export function listingLine(checkin: string, checkout: string, priceMinor: number, capacity = 4): UnitLine {
  return { roomTypeId: null, roomTypeTitle: 'Whole place', roomsCount: 1, capacityPerRoom: capacity, nights: nightsOf(checkin, checkout, priceMinor) };
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
