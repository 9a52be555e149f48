import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { addDays } from '../../kernel/calendar-dates.ts';
import { priceStay } from './price-stay.ts';
import { toPreview, toPriceDetails } from './preview-view.ts';
import { PRICE_LINES, linesAddUp, nightsOf, openPlan } from './pricing.test-support.ts';
import type { PricingInput } from './types.ts';

const percent = fc.integer({ min: 0, max: 100_00 }).map((p) => p / 100);
const price = fc.integer({ min: 0, max: 5_000_000 });
const bool7 = fc.array(fc.boolean(), { minLength: 7, maxLength: 7 });
const int7 = fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 7, maxLength: 7 });
const discount = (from: string) =>
  fc.record({
    discountType: fc.constantFrom('percent' as const, 'fixed' as const),
    percentValue: fc.integer({ min: 0, max: 150_00 }).map((p) => p / 100), // > 100 % is capped
    fixedValue: fc.integer({ min: 0, max: 50_000_000 }),
    start: fc.integer({ min: -40, max: 40 }).map((d) => addDays(from, d)),
    length: fc.integer({ min: 0, max: 60 }),
    minNights: fc.integer({ min: 1, max: 20 }),
  });

const inputArb: fc.Arbitrary<PricingInput> = fc
  .record({
    start: fc.integer({ min: 0, max: 3000 }),
    nights: fc.integer({ min: 1, max: 40 }),
    todayShift: fc.integer({ min: -5, max: 30 }),
  })
  .chain(({ start, nights, todayShift }) => {
    const checkin = addDays('2024-01-01', start);
    const checkout = addDays(checkin, nights);
    const line = fc.record({
      roomTypeId: fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }),
      plan: fc.option(
        fc.record({
          sellMode: fc.constantFrom('per_room' as const, 'per_person' as const),
          minStayArrival: int7,
          maxStay: int7,
          closedToArrival: bool7,
          closedToDeparture: bool7,
          stopSell: bool7,
        }),
        { nil: undefined },
      ),
      roomsCount: fc.integer({ min: 1, max: 4 }),
      capacityPerRoom: fc.integer({ min: 1, max: 6 }),
      prices: fc.array(price, { minLength: nights, maxLength: nights }),
      available: fc.integer({ min: 0, max: 5 }),
    });
    const season = fc.record({
      id: fc.nat(),
      name: fc.constant('S'),
      s: fc.integer({ min: -20, max: 40 }),
      len: fc.integer({ min: 0, max: 30 }),
      reductionPercent: percent,
      minStay: fc.option(fc.integer({ min: 1, max: 15 }), { nil: null }),
      maxStay: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
    });
    return fc
      .record({
        decimals: fc.constantFrom(0, 2, 3),
        adults: fc.integer({ min: 1, max: 6 }),
        children: fc.integer({ min: 0, max: 4 }),
        lines: fc.array(line, { minLength: 1, maxLength: 3 }),
        seasons: fc.array(season, { maxLength: 3 }),
        weeklyPercent: percent,
        monthlyPercent: percent,
        cleaningFeeMinor: price,
        serviceFeePercent: percent,
        taxPercent: fc.integer({ min: 0, max: 30_000 }).map((p) => p / 1000),
        offer: fc.option(discount(checkin), { nil: undefined }),
        promo: fc.option(
          fc.record({
            d: discount(checkin),
            maxUses: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
            usedCount: fc.integer({ min: 0, max: 5 }),
          }),
          { nil: undefined },
        ),
        packages: fc.array(
          fc.record({ id: fc.nat(), name: fc.constant('P'), priceMinor: price, isGlobal: fc.boolean() }),
          { maxLength: 3 },
        ),
        services: fc.array(
          fc.record({
            id: fc.nat(),
            name: fc.constant('V'),
            priceMinor: price,
            type: fc.constantFrom('per_stay' as const, 'per_night' as const, 'per_guest' as const),
          }),
          { maxLength: 3 },
        ),
      })
      .map(
        (r): PricingInput => ({
          stay: {
            checkin,
            checkout,
            guests: { adults: r.adults, children: r.children },
            today: addDays(checkin, -todayShift),
          },
          currency: { code: ['JPY', '', 'EUR', 'KWD'][r.decimals]!, decimals: r.decimals },
          units: r.lines.map((l) => ({
            roomTypeId: l.roomTypeId,
            roomTypeTitle: 'Room',
            ratePlan: l.plan && openPlan(l.plan),
            roomsCount: l.roomsCount,
            capacityPerRoom: l.capacityPerRoom,
            nights: nightsOf(checkin, checkout, (_d, i) => l.prices[i]!, l.available),
          })),
          seasons: r.seasons.map((s) => ({
            id: s.id,
            name: s.name,
            startDate: addDays(checkin, s.s),
            endDate: addDays(checkin, s.s + s.len),
            reductionPercent: s.reductionPercent,
            minStay: s.minStay,
            maxStay: s.maxStay,
          })),
          longStay: { weeklyPercent: r.weeklyPercent, monthlyPercent: r.monthlyPercent },
          cleaningFeeMinor: r.cleaningFeeMinor,
          serviceFeePercent: r.serviceFeePercent,
          taxPercent: r.taxPercent,
          offer: r.offer && {
            id: 1,
            name: 'O',
            discountType: r.offer.discountType,
            discountValue: r.offer.discountType === 'percent' ? r.offer.percentValue : r.offer.fixedValue,
            startDate: r.offer.start,
            endDate: addDays(r.offer.start, r.offer.length),
            minNights: r.offer.minNights,
          },
          promo: r.promo && {
            id: 2,
            code: 'P',
            discountType: r.promo.d.discountType,
            discountValue: r.promo.d.discountType === 'percent' ? r.promo.d.percentValue : r.promo.d.fixedValue,
            validFrom: addDays(r.promo.d.start, -todayShift),
            validTo: addDays(r.promo.d.start, r.promo.d.length - todayShift),
            maxUses: r.promo.maxUses,
            usedCount: r.promo.usedCount,
            minNights: r.promo.d.minNights,
          },
          packages: r.packages,
          services: r.services,
        }),
      );
  });

const decimalsOf = (n: number) => (String(n).split('.')[1] ?? '').length;
const AMOUNTS = [
  'base_price_per_night',
  'base_total',
  'rooms_total',
  'season_discount',
  'long_stay_discount',
  'offer_discount',
  'promo_discount',
  'accommodation_total',
  'cleaning_fee',
  'services_total',
  'packages_total',
  'service_fee_total',
  'sub_total',
  'tax_amount',
  'total',
] as const;

test('the breakdown adds up exactly, in non-negative integer minor units', () => {
  fc.assert(
    fc.property(inputArb, (input) => {
      const b = priceStay(input);
      for (const k of AMOUNTS) {
        assert.ok(Number.isSafeInteger(b[k]) && b[k] >= 0, `${k} = ${b[k]}`);
      }
      for (const x of [...b.services_details, ...b.packages_details, ...b.rooms_breakdown]) {
        const amount = 'line_total' in x ? x.line_total : x.price;
        assert.ok(Number.isSafeInteger(amount) && amount >= 0);
      }
      assert.equal(b.total, b.sub_total + b.tax_amount);
      assert.equal(
        b.base_total,
        b.rooms_breakdown.reduce((s, l) => s + l.line_total, 0),
      );
      assert.equal(
        b.accommodation_total,
        b.base_total - b.season_discount - b.long_stay_discount - b.offer_discount - b.promo_discount,
      );
      assert.equal(
        b.sub_total,
        b.accommodation_total + b.cleaning_fee + b.services_total + b.packages_total + b.service_fee_total,
      );
      assert.equal(
        b.services_total,
        b.services_details.reduce((s, x) => s + x.price, 0),
      );
      assert.equal(
        b.packages_total,
        b.packages_details.reduce((s, x) => s + x.price, 0),
      );
      // Each discount is at most what it discounts.
      assert.ok(b.season_discount <= b.base_total);
      assert.ok(b.long_stay_discount <= b.base_total - b.season_discount);
      assert.ok(b.offer_discount <= b.base_total - b.season_discount - b.long_stay_discount);
      assert.ok(b.promo_discount <= b.base_total - b.season_discount - b.long_stay_discount - b.offer_discount);
      if (!b.offer_applied) assert.equal(b.offer_discount, 0);
      if (!b.promo_applied) assert.equal(b.promo_discount, 0);
      assert.equal(b.nights, input.units[0]!.nights.length);
      assert.equal(b.stay_validation.valid, b.stay_validation.violations.length === 0);
    }),
    { numRuns: 400 },
  );
});

test('previews keep at most the currency decimals and agree with the breakdown', () => {
  fc.assert(
    fc.property(inputArb, (input) => {
      const b = priceStay(input);
      const d = input.currency.decimals;
      const p = toPreview(b, input.currency);
      const details = toPriceDetails(b, input.currency);
      const money = [
        p.base_price_per_night,
        p.base_total,
        p.rooms_total,
        p.cleaning_fee,
        p.service_fee_total,
        p.services_total,
        p.tax_amount,
        p.promo_discount,
        p.season_discount,
        p.long_stay_discount,
        p.offer_discount,
        p.packages_total,
        p.sub_total,
        p.total,
        ...(p.services_details ?? []).map((s) => s.price),
        ...p.packages_details.map((x) => x.price),
        ...(p.rooms_breakdown ?? []).flatMap((l) => [l.price_per_night, l.line_total]),
      ];
      for (const n of money) assert.ok(decimalsOf(n) <= d, `${n} has more than ${d} decimals`);
      assert.equal(Math.round(p.total * 10 ** d), b.total);
      assert.equal(details.total, p.total);
      assert.equal(details.sub_total, p.sub_total);
      assert.equal(p.stay_validation!.valid, b.stay_validation.valid);
    }),
    { numRuns: 200 },
  );
});

// Issue 19: a season's reduction reached sub_total but no view showed it. Both views must show
// every engine line, so a client can add them up to sub_total and total, to the minor unit.
test('the preview and price_details show every line of the engine, and their lines add up exactly', () => {
  fc.assert(
    fc.property(inputArb, (input) => {
      const b = priceStay(input);
      const d = input.currency.decimals;
      const engine = Object.fromEntries(PRICE_LINES.map((k) => [k, b[k]]));
      const p = toPreview(b, input.currency);
      const minor = (x: number) => Math.round(x * 10 ** d);
      assert.deepEqual(linesAddUp(p, d, 'preview'), engine);
      assert.deepEqual(linesAddUp(toPriceDetails(b, input.currency), d, 'price_details'), engine);
      // The preview's detail lists add up to their totals (rooms_breakdown is left out only for
      // the whole listing, whose one line is base_total).
      const lines = p.rooms_breakdown ?? [{ line_total: p.base_total }];
      assert.equal(
        lines.reduce((s, l) => s + minor(l.line_total), 0),
        b.base_total,
      );
      assert.equal(
        (p.services_details ?? []).reduce((s, x) => s + minor(x.price), 0),
        b.services_total,
      );
      assert.equal(
        p.packages_details.reduce((s, x) => s + minor(x.price), 0),
        b.packages_total,
      );
    }),
    { numRuns: 400 },
  );
});

test('pricing is deterministic', () => {
  fc.assert(
    fc.property(inputArb, (input) => {
      const before = JSON.stringify(input);
      assert.equal(JSON.stringify(priceStay(input)), JSON.stringify(priceStay(JSON.parse(before))));
      assert.equal(JSON.stringify(input), before); // and does not mutate its input
    }),
    { numRuns: 100 },
  );
});
