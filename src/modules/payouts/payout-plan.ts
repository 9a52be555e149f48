// The payout plan, a pure function of the due balances, the rates and the run's limits, so a dry
// run and a real run on the same ledger plan exactly the same payouts.
//
// Rules, in order:
//   1. each owner × currency balance is converted to the target currency (conversion.ts); a
//      currency missing from the table cannot be converted → skipped `no_exchange_rate`;
//   2. converted below min_amount (or below one minor unit) → skipped `below_min_amount`;
//   3. an owner without a payout account cannot be paid → skipped `no_payout_account`
//      (before the cut, so max_payouts counts payouts that can really be made);
//   4. largest converted amount first (ties: owner id, then currency), at most max_payouts;
//      the rest → skipped `max_payouts_reached`.
// Balances in different currencies are never netted against each other: each is paid in its
// own payout, converted at the run's rates.
import { invalidField } from '../../platform/errors.ts';
import { convertMinor, crossRate } from './conversion.ts';
import type { CurrencyRate, DueBalance } from './payouts.repository.ts';

export interface Converted {
  convertedMinor: number;
  rate: string;
}

export interface PlanEntry {
  balance: DueBalance;
  convertedMinor: number;
  rate: string;
}

export type SkipReason = 'no_exchange_rate' | 'below_min_amount' | 'no_payout_account' | 'max_payouts_reached';

export interface Skipped {
  balance: DueBalance;
  convertedMinor: number | null;
  reason: SkipReason;
}

export interface Plan {
  target: CurrencyRate;
  entries: PlanEntry[];
  skipped: Skipped[];
}

/** The balance in the target currency; null when its currency has no rate in the table. */
export function convertBalance(
  amountMinor: number,
  currency: string,
  rates: Map<string, CurrencyRate>,
  target: CurrencyRate,
): Converted | null {
  const from = rates.get(currency);
  if (!from) return null;
  return { convertedMinor: convertMinor(amountMinor, from, target), rate: crossRate(from, target) };
}

/** The currency payouts are converted to: it must exist and be active (422 on `field`). */
export function targetCurrency(rates: Map<string, CurrencyRate>, code: string, field = 'currency'): CurrencyRate {
  const found = rates.get(code.toUpperCase());
  if (!found) throw invalidField(field, `currency ${code} does not exist`);
  if (!found.isActive) throw invalidField(field, `currency ${code} is not active`);
  return found;
}

const byConvertedDesc = (
  a: { convertedMinor: number | null; balance: DueBalance },
  b: { convertedMinor: number | null; balance: DueBalance },
) =>
  (b.convertedMinor ?? -1) - (a.convertedMinor ?? -1) ||
  a.balance.ownerId - b.balance.ownerId ||
  a.balance.currency.localeCompare(b.balance.currency);

export function buildPlan(
  balances: DueBalance[],
  rates: Map<string, CurrencyRate>,
  target: CurrencyRate,
  minMinor: number,
  maxPayouts: number,
): Plan {
  const candidates: PlanEntry[] = [];
  const skipped: Skipped[] = [];
  for (const balance of balances) {
    const c = convertBalance(balance.balanceMinor, balance.currency, rates, target);
    if (!c) skipped.push({ balance, convertedMinor: null, reason: 'no_exchange_rate' });
    else if (c.convertedMinor < Math.max(1, minMinor))
      skipped.push({ balance, convertedMinor: c.convertedMinor, reason: 'below_min_amount' });
    else if (!balance.payoutAccountId)
      skipped.push({ balance, convertedMinor: c.convertedMinor, reason: 'no_payout_account' });
    else candidates.push({ balance, ...c });
  }
  candidates.sort(byConvertedDesc);
  for (const cut of candidates.slice(maxPayouts))
    skipped.push({ balance: cut.balance, convertedMinor: cut.convertedMinor, reason: 'max_payouts_reached' });
  skipped.sort(byConvertedDesc);
  return { target, entries: candidates.slice(0, maxPayouts), skipped };
}
