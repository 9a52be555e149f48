import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DISCOUNT_ORDER, FIXED_DISCOUNT_SCOPE, PRICING_STEPS, priceStay } from './price-stay.ts';
import { toPreview, toPriceDetails } from './preview-view.ts';
import { baseInput, listingLine, nightsOf, openPlan } from './pricing.test-support.ts';

describe('worked examples', () => {
  test('EUR: 3 nights at 100.00, cleaning 25.00, service fee 10 %, tax 12.5 %', () => {
    const b = priceStay(baseInput({ cleaningFeeMinor: 2500, serviceFeePercent: 10, taxPercent: 12.5 }));
    assert.equal(b.nights, 3);
    assert.equal(b.base_total, 30000);
    assert.equal(b.base_price_per_night, 10000);
    assert.equal(b.service_fee_total, 3250);
    assert.equal(b.sub_total, 35750);
    assert.equal(b.tax_amount, 4469); // 4468.75 half-up
    assert.equal(b.total, 40219);
    assert.equal(b.stay_validation.valid, true);
    const p = toPreview(b, b.currency);
    assert.equal(p.total, 402.19);
    assert.equal(p.tax_amount, 44.69);
    assert.equal(p.currency, 'EUR');
    assert.equal(p.rooms_breakdown, undefined); // the whole listing only
  });

  test('EUR: every discount, service and package in the documented order', () => {
    const checkin = '2025-06-01';
    const checkout = '2025-06-09';
    const b = priceStay(
      baseInput({
        stay: { checkin, checkout, guests: { adults: 2, children: 1 }, today: '2025-05-20' },
        units: [listingLine(checkin, checkout, 12345)],
        seasons: [
          {
            id: 1,
            name: 'Early June',
            startDate: '2025-06-01',
            endDate: '2025-06-03',
            reductionPercent: 10,
            minStay: 2,
            maxStay: null,
          },
        ],
        longStay: { weeklyPercent: 5, monthlyPercent: 15 },
        offer: {
          id: 3,
          name: 'Summer',
          discountType: 'percent',
          discountValue: 12.5,
          startDate: '2025-06-01',
          endDate: '2025-06-30',
          minNights: 3,
        },
        promo: {
          id: 4,
          code: 'TENOFF',
          discountType: 'fixed',
          discountValue: 1000,
          validFrom: '2025-05-01',
          validTo: '2025-05-31',
          maxUses: 10,
          usedCount: 9,
          minNights: 1,
        },
        services: [
          { id: 10, name: 'Breakfast', priceMinor: 500, type: 'per_night' },
          { id: 11, name: 'Towels', priceMinor: 300, type: 'per_guest' },
          { id: 12, name: 'Airport pick-up', priceMinor: 1500, type: 'per_stay' },
        ],
        packages: [{ id: 20, name: 'Wine', priceMinor: 2000, isGlobal: true }],
        cleaningFeeMinor: 3000,
        serviceFeePercent: 3,
        taxPercent: 7.7,
      }),
    );
    assert.equal(b.base_total, 98760); // 8 × 123.45
    assert.equal(b.season_discount, 3704); // 10 % of 3 nights = 3703.5
    assert.equal(b.long_stay_discount, 4753); // 5 % of 95056 = 4752.8 (weekly: 8 < 28)
    assert.equal(b.long_stay_kind, 'weekly');
    assert.equal(b.offer_discount, 11288); // 12.5 % of 90303
    assert.equal(b.promo_discount, 1000); // fixed, per stay
    assert.equal(b.accommodation_total, 78015);
    assert.deepEqual(
      b.services_details.map((s) => s.price),
      [4000, 900, 1500],
    );
    assert.equal(b.services_total, 6400);
    assert.equal(b.packages_total, 2000);
    assert.equal(b.service_fee_total, 2682); // 3 % of 89415 = 2682.45
    assert.equal(b.sub_total, 92097);
    assert.equal(b.tax_amount, 7091); // 7.7 % = 7091.469
    assert.equal(b.total, 99188);
    assert.deepEqual(b.season, { id: 1, name: 'Early June', reduction_percent: 10, min_stay: 2, max_stay: null });
    assert.equal(b.offer_applied, true);
    assert.equal(b.promo_applied, true);
    const p = toPreview(b, b.currency);
    assert.deepEqual(p.offer_details, { id: 3, name: 'Summer', discount_value: 12.5, discount_type: 'percent' });
    assert.deepEqual(p.season, { id: 1, name: 'Early June', reduction_percent: 10, min_stay: 2, max_stay: 0 });
    assert.deepEqual(p.stay_validation, { valid: true, message: null, min_stay: 2 });
    // Every line is shown: 987.60 − 37.04 − 47.53 − 112.88 − 10 + 30 + 64 + 20 + 26.82 = 920.97.
    assert.deepEqual(toPriceDetails(b, b.currency), {
      currency: 'EUR',
      nights: 8,
      base_price_per_night: 123.45,
      base_total: 987.6,
      season_discount: 37.04,
      cleaning_fee: 30,
      service_fee_total: 26.82,
      services_total: 64,
      packages_total: 20,
      long_stay_discount: 47.53,
      offer_discount: 112.88,
      sub_total: 920.97,
      tax_rate: 7.7,
      tax_amount: 70.91,
      promo_discount: 10,
      total: 991.88,
    });
    assert.equal(p.season_discount, 37.04);
  });

  test('JPY: 30 nights, monthly replaces weekly; no decimals', () => {
    const checkin = '2025-01-06';
    const checkout = '2025-02-05';
    const b = priceStay(
      baseInput({
        stay: { checkin, checkout, guests: { adults: 1, children: 0 }, today: '2025-01-01' },
        currency: { code: 'JPY', decimals: 0 },
        units: [listingLine(checkin, checkout, 8333)],
        longStay: { weeklyPercent: 10, monthlyPercent: 20 },
        taxPercent: 10,
      }),
    );
    assert.equal(b.nights, 30);
    assert.equal(b.base_total, 249990);
    assert.equal(b.long_stay_kind, 'monthly');
    assert.equal(b.long_stay_discount, 49998);
    assert.equal(b.tax_amount, 19999); // 19999.2
    assert.equal(b.total, 219991);
    assert.equal(toPreview(b, b.currency).total, 219991);
  });

  test('JPY: tax rounds half-up to the yen', () => {
    const b = priceStay(
      baseInput({
        currency: { code: 'JPY', decimals: 0 },
        units: [listingLine('2025-06-02', '2025-06-05', 1005)],
        taxPercent: 10,
      }),
    );
    assert.equal(b.tax_amount, 302); // 301.5
    assert.equal(b.total, 3317);
  });

  test('KWD: per_person plan prices adults and children alike; 3 decimals', () => {
    const checkin = '2025-06-02';
    const checkout = '2025-06-04';
    const b = priceStay(
      baseInput({
        stay: { checkin, checkout, guests: { adults: 2, children: 1 }, today: '2025-06-01' },
        currency: { code: 'KWD', decimals: 3 },
        units: [
          {
            roomTypeId: 5,
            roomTypeTitle: 'Family',
            ratePlan: openPlan({ sellMode: 'per_person' }),
            roomsCount: 1,
            capacityPerRoom: 3,
            nights: nightsOf(checkin, checkout, 45125),
          },
        ],
        serviceFeePercent: 2.5,
        taxPercent: 5,
      }),
    );
    assert.equal(b.base_total, 270750);
    assert.equal(b.service_fee_total, 6769); // 6768.75
    assert.equal(b.sub_total, 277519);
    assert.equal(b.tax_amount, 13876); // 13875.95
    assert.equal(b.total, 291395);
    const p = toPreview(b, b.currency);
    assert.equal(p.total, 291.395);
    assert.deepEqual(p.rooms_breakdown, [
      {
        room_type_id: 5,
        room_type_title: 'Family',
        rate_plan_id: 7,
        rate_plan_title: 'Standard',
        rooms_count: 1,
        price_per_night: 135.375,
        line_total: 270.75,
      },
    ]);
  });

  test('multi-room: lines add up, averages per line and per night', () => {
    const checkin = '2025-06-02';
    const checkout = '2025-06-04';
    const b = priceStay(
      baseInput({
        stay: { checkin, checkout, guests: { adults: 4, children: 0 }, today: '2025-06-01' },
        units: [
          {
            roomTypeId: 1,
            roomTypeTitle: 'Deluxe',
            ratePlan: openPlan(),
            roomsCount: 2,
            capacityPerRoom: 2,
            nights: nightsOf(checkin, checkout, (_d, i) => (i === 0 ? 10000 : 12001), 3),
          },
          {
            roomTypeId: 2,
            roomTypeTitle: 'Suite',
            roomsCount: 1,
            capacityPerRoom: 2,
            nights: nightsOf(checkin, checkout, 20000),
          },
        ],
      }),
    );
    assert.equal(b.base_total, 84002);
    assert.equal(b.rooms_total, 84002);
    assert.equal(b.base_price_per_night, 42001);
    assert.deepEqual(
      b.rooms_breakdown.map((l) => [l.price_per_night, l.line_total]),
      [
        [22001, 44002],
        [20000, 40000],
      ],
    );
    assert.equal(toPreview(b, b.currency).rooms_breakdown![1]!.rate_plan_id, 0);
  });
});

describe('discount conditions', () => {
  const offer = {
    id: 1,
    name: 'Deal',
    discountType: 'fixed' as const,
    discountValue: 5000,
    startDate: '2025-06-02',
    endDate: '2025-06-02',
    minNights: 3,
  };
  const promo = {
    id: 2,
    code: 'X',
    discountType: 'percent' as const,
    discountValue: 10,
    validFrom: '2025-05-01',
    validTo: '2025-05-01',
    maxUses: 1,
    usedCount: 0,
    minNights: 3,
  };

  test('offer: check-in within inclusive dates and nights ≥ min_nights; fixed is per stay', () => {
    assert.equal(priceStay(baseInput({ offer })).offer_discount, 5000);
    assert.equal(FIXED_DISCOUNT_SCOPE, 'per_stay');
    const late = priceStay(baseInput({ offer: { ...offer, endDate: '2025-06-01', startDate: '2025-05-01' } }));
    assert.deepEqual(
      [late.offer_applied, late.offer_reason, late.offer_discount, late.offer_details],
      [false, 'outside_dates', 0, null],
    );
    const short = priceStay(baseInput({ offer: { ...offer, minNights: 4 } }));
    assert.deepEqual([short.offer_applied, short.offer_reason], [false, 'min_nights']);
    assert.equal(priceStay(baseInput()).offer_reason, 'not_given');
  });

  test('fixed discounts are capped at what they discount', () => {
    const b = priceStay(baseInput({ offer: { ...offer, discountValue: 99_999_999 }, cleaningFeeMinor: 700 }));
    assert.equal(b.offer_discount, 30000);
    assert.equal(b.accommodation_total, 0);
    assert.equal(b.sub_total, 700); // the cleaning fee is never discounted
  });

  test('promo: today within validity, uses left, nights ≥ min_nights', () => {
    assert.equal(priceStay(baseInput({ promo })).promo_discount, 3000);
    assert.equal(priceStay(baseInput({ promo: { ...promo, maxUses: null, usedCount: 500 } })).promo_applied, true);
    assert.equal(priceStay(baseInput({ promo: { ...promo, usedCount: 1 } })).promo_reason, 'max_uses_reached');
    assert.equal(
      priceStay(baseInput({ promo: { ...promo, validTo: '2025-04-30', validFrom: '2025-04-01' } })).promo_reason,
      'outside_validity',
    );
    assert.equal(priceStay(baseInput({ promo: { ...promo, minNights: 4 } })).promo_reason, 'min_nights');
  });

  test('long stay: weekly from 7 nights, monthly from 28, never both', () => {
    const at = (nights: number) => {
      const checkout = new Date(Date.UTC(2025, 5, 2 + nights)).toISOString().slice(0, 10);
      return priceStay(
        baseInput({
          stay: { checkin: '2025-06-02', checkout, guests: { adults: 1, children: 0 }, today: '2025-06-01' },
          units: [listingLine('2025-06-02', checkout, 1000)],
          longStay: { weeklyPercent: 10, monthlyPercent: 30 },
        }),
      );
    };
    assert.equal(at(6).long_stay_discount, 0);
    assert.equal(at(7).long_stay_discount, 700);
    assert.equal(at(27).long_stay_discount, 2700);
    assert.equal(at(28).long_stay_discount, 8400);
  });

  test('the documented order: season, long stay, offer, promo; then fees, service fee, tax', () => {
    assert.deepEqual([...DISCOUNT_ORDER], ['season', 'long_stay', 'offer', 'promo']);
    assert.deepEqual([...PRICING_STEPS].slice(4), ['cleaning_fee', 'services', 'packages', 'service_fee', 'tax']);
    // A fixed offer before a percent promo: the promo takes 10 % of what the offer left.
    const b = priceStay(
      baseInput({
        offer: { ...offer, discountValue: 10000 },
        promo,
        serviceFeePercent: 10,
        taxPercent: 10,
        cleaningFeeMinor: 1000,
      }),
    );
    assert.equal(b.offer_discount, 10000);
    assert.equal(b.promo_discount, 2000);
    assert.equal(b.service_fee_total, 1900); // 10 % of (18000 + 1000)
    assert.equal(b.tax_amount, 2090); // 10 % of 20900
    // Season first, then long stay on what the season left.
    const s = priceStay(
      baseInput({
        stay: {
          checkin: '2025-06-02',
          checkout: '2025-06-09',
          guests: { adults: 1, children: 0 },
          today: '2025-06-01',
        },
        units: [listingLine('2025-06-02', '2025-06-09', 1000)],
        seasons: [
          {
            id: 1,
            name: 'Low',
            startDate: '2025-01-01',
            endDate: '2025-12-31',
            reductionPercent: 50,
            minStay: null,
            maxStay: null,
          },
        ],
        longStay: { weeklyPercent: 10, monthlyPercent: 0 },
      }),
    );
    assert.deepEqual([s.season_discount, s.long_stay_discount, s.accommodation_total], [3500, 350, 3150]);
  });
});

test('caller bugs throw: nights that do not match the stay, bad amounts', () => {
  assert.throws(() => priceStay(baseInput({ units: [listingLine('2025-06-02', '2025-06-04', 100)] })), RangeError);
  assert.throws(() => priceStay(baseInput({ cleaningFeeMinor: 10.5 })), RangeError);
  assert.throws(() => priceStay(baseInput({ taxPercent: 1.2345 })), RangeError);
});
