import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { averageMinor, percentOf, scalePercent, sumPercentsOf } from './percent.ts';

test('percentOf rounds half-up once, with no float error', () => {
  assert.equal(percentOf(32500, 10), 3250);
  assert.equal(percentOf(35750, 12.5), 4469); // 4468.75
  assert.equal(percentOf(3015, 10), 302); // 301.5 → half-up
  assert.equal(percentOf(3014, 10), 301);
  assert.equal(percentOf(10, 0.05), 0); // 0.005
  assert.equal(percentOf(1000, 0.05), 1); // 0.5 → 1
  assert.equal(percentOf(115, 1.1), 1); // 1.265
  assert.equal(percentOf(100, 7.005), 7); // tax_rate keeps 3 decimals: 7.005
  assert.equal(percentOf(9_007_199_254_740_991, 100), 9_007_199_254_740_991); // BigInt, no overflow
});

test('percents with more than 3 decimals or negative are refused', () => {
  assert.throws(() => scalePercent(1.2345), RangeError);
  assert.throws(() => scalePercent(-1), RangeError);
  assert.throws(() => percentOf(10.5, 10), RangeError);
});

test('percentOf equals exact rational half-up rounding (property)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 100_00 }), (amount, p100) => {
      const exactTimes2 = 2n * BigInt(amount) * BigInt(p100) + 10000n; // round(a·p/10000) = floor((2ap + 10000) / 20000)
      assert.equal(BigInt(percentOf(amount, p100 / 100)), exactTimes2 / 20000n);
    }),
  );
});

test('sumPercentsOf rounds the sum once; averageMinor rounds half-up', () => {
  assert.equal(
    sumPercentsOf([
      { amountMinor: 5, percent: 10 },
      { amountMinor: 5, percent: 10 },
    ]),
    1,
  ); // 0.5+0.5, not 1+1 or 0+0
  assert.equal(averageMinor(10, 4), 3); // 2.5
  assert.equal(averageMinor(0, 0), 0);
});
