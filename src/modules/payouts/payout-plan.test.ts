import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { convertMinor, crossRate } from './conversion.ts';
import { buildPlan } from './payout-plan.ts';
import type { CurrencyRate, DueBalance } from './payouts.repository.ts';

const cur = (code: string, rate: string, decimals = 2, isActive = true): CurrencyRate => ({
  code,
  rate,
  decimals,
  isActive,
  isDefault: code === 'EUR',
  name: code,
  symbol: code,
});
const rates = new Map(
  [cur('EUR', '1'), cur('USD', '1.08'), cur('JPY', '162', 0), cur('KWD', '0.332', 3), cur('XOF', '655.957', 0)].map(
    (c) => [c.code, c],
  ),
);
const r = (code: string) => rates.get(code)!;

describe('conversion: amount / rate_from × rate_to, half-up to the target decimals', () => {
  it('converts between currencies of different decimals exactly', () => {
    assert.equal(convertMinor(10_000, r('EUR'), r('USD')), 10_800); // 100.00 EUR → 108.00 USD
    assert.equal(convertMinor(2_000, r('USD'), r('EUR')), 1_852); // 20 / 1.08 = 18.5185… → 18.52
    assert.equal(convertMinor(5_000, r('JPY'), r('EUR')), 3_086); // 5000 / 162 = 30.864… → 30.86
    assert.equal(convertMinor(5_000, r('JPY'), r('USD')), 3_333); // 5000 / 162 × 1.08 = 33.333… → 33.33
    assert.equal(convertMinor(10_000, r('EUR'), r('KWD')), 33_200); // 100 EUR → 33.200 KWD
    assert.equal(convertMinor(33_200, r('KWD'), r('JPY')), 16_200);
    assert.equal(convertMinor(12_345, r('EUR'), r('EUR')), 12_345);
  });

  it('rounds half-up, never through floats', () => {
    // 0.05 EUR in XOF = 32.79785 → 33; 1 cent = 6.55957 → 7; 0.5 JPY boundaries.
    assert.equal(convertMinor(5, r('EUR'), r('XOF')), 33);
    assert.equal(convertMinor(1, r('EUR'), r('XOF')), 7);
    const half = cur('HALF', '2', 2); // 1 cent of HALF = 0.5 cent of EUR → rounds up to 1
    assert.equal(convertMinor(1, half, r('EUR')), 1);
    assert.equal(convertMinor(3, half, r('EUR')), 2); // 1.5 → 2
    // A large balance keeps every digit (float arithmetic would drift here).
    assert.equal(convertMinor(900_719_925_474, r('EUR'), r('USD')), 972_777_519_512);
  });

  it('shows the cross rate at 10 decimals', () => {
    assert.equal(crossRate(r('EUR'), r('USD')), '1.0800000000');
    assert.equal(crossRate(r('USD'), r('EUR')), '0.9259259259');
    assert.equal(crossRate(r('JPY'), r('KWD')), '0.0020493827');
  });
});

describe('payout plan', () => {
  let n = 0;
  const bal = (
    ownerId: number,
    currency: string,
    balanceMinor: number,
    account: string | null = 'acct_x',
  ): DueBalance => ({
    ownerId,
    currency,
    balanceMinor,
    earningsCount: ++n,
    linesCount: n,
    firstName: 'O',
    lastName: String(ownerId),
    email: `o${ownerId}@x.test`,
    payoutAccountId: account,
  });

  it('orders by converted amount, applies min and max, and says why the rest is skipped', () => {
    const balances = [
      bal(1, 'EUR', 5_000), // 50.00
      bal(2, 'USD', 10_800), // 100.00 EUR
      bal(3, 'JPY', 16_200), // 100.00 EUR: tie with owner 2, lower owner id first
      bal(4, 'EUR', 999), // below 10.00
      bal(5, 'EUR', 90_000, null), // no account
      bal(6, 'GBP', 10_000), // no rate in the table
      bal(7, 'EUR', 2_000), // cut by max
    ];
    const plan = buildPlan(balances, rates, r('EUR'), 1_000, 3);
    assert.deepEqual(
      plan.entries.map((e) => [e.balance.ownerId, e.convertedMinor]),
      [
        [2, 10_000],
        [3, 10_000],
        [1, 5_000],
      ],
    );
    assert.deepEqual(
      plan.skipped.map((s) => [s.balance.ownerId, s.reason]),
      [
        [5, 'no_payout_account'],
        [7, 'max_payouts_reached'],
        [4, 'below_min_amount'],
        [6, 'no_exchange_rate'],
      ],
    );
    assert.equal(plan.entries[0]!.rate, '0.9259259259');
    // The same input plans the same payouts.
    assert.deepEqual(buildPlan(balances, rates, r('EUR'), 1_000, 3), plan);
  });

  it('never plans a payout that converts to nothing', () => {
    const plan = buildPlan([bal(1, 'EUR', 1)], rates, r('JPY'), 0, 10); // 0.01 EUR = 1.62 JPY → 2
    assert.equal(plan.entries[0]!.convertedMinor, 2);
    const tiny = buildPlan([bal(1, 'JPY', 1)], rates, r('KWD'), 0, 10); // 1 JPY = 0.00205 KWD → 2 fils
    assert.equal(tiny.entries.length, 1);
    const zero = buildPlan([bal(1, 'XOF', 1)], rates, r('JPY'), 0, 10); // 1 XOF = 0.247 JPY → 0
    assert.deepEqual(
      zero.skipped.map((s) => s.reason),
      ['below_min_amount'],
    );
  });
});
