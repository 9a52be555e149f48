import assert from 'node:assert/strict';
import { test } from 'node:test';
import { priceStay } from './price-stay.ts';
import { validateStay } from './stay-rules.ts';
import { baseInput, listingLine, nightsOf, openPlan } from './pricing.test-support.ts';
import type { PricingInput, RatePlanRules } from './types.ts';

// 2025-06-02 is a Monday (weekday index 0); the base stay leaves Thursday 2025-06-05 (index 3).
const rules = (input: PricingInput) => validateStay(input).violations.map((v) => v.rule);
const withPlan = (plan: Partial<RatePlanRules>, extra: Partial<PricingInput> = {}) =>
  baseInput({
    units: [{ ...listingLine('2025-06-02', '2025-06-05', 10000), roomTypeId: 1, ratePlan: openPlan(plan) }],
    ...extra,
  });
const stay = (checkin: string, checkout: string, today = '2025-01-01') => ({
  stay: { checkin, checkout, guests: { adults: 1, children: 0 }, today },
  units: [listingLine(checkin, checkout, 100)],
});

test('a plain stay is valid', () => {
  assert.deepEqual(validateStay(baseInput()), { valid: true, message: null, violations: [] });
});

test('dates: checkout after checkin, 1 to 365 nights, check-in not before today', () => {
  assert.deepEqual(rules(baseInput(stay('2025-06-02', '2025-06-02'))), ['dates']);
  assert.deepEqual(rules(baseInput(stay('2025-06-02', '2025-06-01'))), ['dates']);
  assert.deepEqual(rules(baseInput(stay('2025-01-01', '2026-01-01'))), []); // 365 nights
  assert.deepEqual(rules(baseInput(stay('2025-01-01', '2026-01-02'))), ['nights_range']);
  assert.deepEqual(rules(baseInput(stay('2025-06-02', '2025-06-03', '2025-06-03'))), ['checkin_in_past']);
  assert.deepEqual(rules(baseInput(stay('2025-06-02', '2025-06-03', '2025-06-02'))), []);
});

test('capacity: guests ≤ capacity per room × rooms, summed over lines', () => {
  const input = baseInput({ stay: { ...baseInput().stay, guests: { adults: 3, children: 2 } } });
  assert.deepEqual(rules(input), ['capacity']);
  input.units[0] = {
    ...input.units[0]!,
    roomsCount: 2,
    nights: nightsOf('2025-06-02', '2025-06-05', 10000, 2),
    capacityPerRoom: 3,
  };
  assert.deepEqual(rules(input), []);
});

test('season of the check-in night sets min and max stay', () => {
  const seasons = [
    {
      id: 1,
      name: 'High',
      startDate: '2025-06-01',
      endDate: '2025-06-02',
      reductionPercent: 0,
      minStay: 4,
      maxStay: 10,
    },
  ];
  const v = validateStay(baseInput({ seasons }));
  assert.deepEqual([v.valid, v.min_stay, v.max_stay, v.violations[0]!.rule], [false, 4, 10, 'season_min_stay']);
  assert.deepEqual(rules(baseInput({ seasons: [{ ...seasons[0]!, minStay: null, maxStay: 2 }] })), ['season_max_stay']);
  // A season starting on a later night does not set the rule.
  assert.deepEqual(
    rules(baseInput({ seasons: [{ ...seasons[0]!, startDate: '2025-06-03', endDate: '2025-06-30' }] })),
    [],
  );
});

test('rate plan: min_stay_arrival and max_stay of the check-in weekday (0 = none)', () => {
  assert.deepEqual(rules(withPlan({ minStayArrival: [4, 0, 0, 0, 0, 0, 0] })), ['min_stay_arrival']);
  assert.deepEqual(rules(withPlan({ minStayArrival: [0, 4, 4, 4, 4, 4, 4] })), []);
  assert.deepEqual(rules(withPlan({ maxStay: [2, 0, 0, 0, 0, 0, 0] })), ['max_stay']);
  assert.equal(validateStay(withPlan({ maxStay: [3, 0, 0, 0, 0, 0, 0] })).max_stay, 3);
});

test('rate plan: closed to arrival (check-in weekday) and departure (checkout weekday)', () => {
  assert.deepEqual(rules(withPlan({ closedToArrival: [true, false, false, false, false, false, false] })), [
    'closed_to_arrival',
  ]);
  assert.deepEqual(rules(withPlan({ closedToArrival: [false, true, true, true, true, true, true] })), []);
  assert.deepEqual(rules(withPlan({ closedToDeparture: [false, false, false, true, false, false, false] })), [
    'closed_to_departure',
  ]);
  assert.deepEqual(rules(withPlan({ closedToDeparture: [true, true, true, false, true, true, true] })), []);
});

test('stop sell: plan weekday of any night, or the calendar; checkout day is not a night', () => {
  const v = validateStay(withPlan({ stopSell: [false, true, false, false, false, false, false] }));
  assert.deepEqual(
    v.violations.map((x) => [x.rule, x.night]),
    [['stop_sell', '2025-06-03']],
  );
  assert.deepEqual(rules(withPlan({ stopSell: [false, false, false, true, false, false, false] })), []);
  const input = baseInput();
  input.units[0]!.nights[2]!.stopSell = true;
  assert.deepEqual(rules(input), ['stop_sell']);
});

test('availability: fewer units left than rooms asked on any night', () => {
  const input = baseInput();
  input.units[0]!.nights[1]!.available = 0;
  const v = validateStay(input);
  assert.deepEqual(
    v.violations.map((x) => [x.rule, x.night]),
    [['unavailable', '2025-06-03']],
  );
  assert.equal(v.message, 'Whole place: not enough units free on 2025-06-03');
});

test('an invalid stay is still priced', () => {
  const b = priceStay(withPlan({ closedToArrival: [true, true, true, true, true, true, true] }));
  assert.equal(b.stay_validation.valid, false);
  assert.equal(b.total, 30000);
});
