// GET /payouts/all-eligible-owners: who is owed money now, per owner with a balance per currency.
//
// A balance is the sum of the owner's ledger lines in that currency that are in no payout yet and
// payable by now (earnings positive, reversals negative, so refunds net out); only positive
// balances are listed. Each is shown as is and converted to the settings' currency (or
// ?currency=) with the currency table's rates (conversion.ts). Owners without a payout account
// are listed too, flagged, because an admin has to chase them. Owners are ordered by their total
// converted balance, largest first; pages are cut after that ordering.
import type { Deps } from '../../kernel/deps.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import { minorToNumber } from '../../kernel/money.ts';
import { convertBalance, targetCurrency } from './payout-plan.ts';
import { payoutsRepository, type DueBalance } from './payouts.repository.ts';

export interface EligibleBalanceView {
  currency: string;
  amount: number;
  converted_amount: number | null;
  rate: number | null;
  earnings_count: number;
  lines_count: number;
}

export interface EligibleOwnerView {
  owner_id: number;
  name: string;
  email: string;
  has_payout_account: boolean;
  target_currency: string;
  total_converted_amount: number;
  balances: EligibleBalanceView[];
}

export const ownerName = (b: Pick<DueBalance, 'firstName' | 'lastName'>) => `${b.firstName} ${b.lastName}`.trim();

export async function listEligibleOwners(deps: Deps, q: PageQuery & { currency?: string }) {
  const repo = payoutsRepository(deps.db);
  const [settings, rates, balances] = await Promise.all([
    repo.settings(),
    repo.currencies(),
    repo.dueBalances(deps.clock.now()),
  ]);
  const target = targetCurrency(rates, q.currency ?? settings.currency);
  const owners = new Map<number, { view: EligibleOwnerView; totalMinor: number }>();
  for (const b of balances) {
    let o = owners.get(b.ownerId);
    if (!o) {
      o = {
        view: {
          owner_id: b.ownerId,
          name: ownerName(b),
          email: b.email,
          has_payout_account: Boolean(b.payoutAccountId),
          target_currency: target.code,
          total_converted_amount: 0,
          balances: [],
        },
        totalMinor: 0,
      };
      owners.set(b.ownerId, o);
    }
    const c = convertBalance(b.balanceMinor, b.currency, rates, target);
    const decimals = rates.get(b.currency)?.decimals ?? 2;
    o.totalMinor += c?.convertedMinor ?? 0;
    o.view.balances.push({
      currency: b.currency,
      amount: minorToNumber(b.balanceMinor, decimals),
      converted_amount: c ? minorToNumber(c.convertedMinor, target.decimals) : null,
      rate: c ? Number(c.rate) : null,
      earnings_count: b.earningsCount,
      lines_count: b.linesCount,
    });
  }
  const sorted = [...owners.values()].sort((a, b) => b.totalMinor - a.totalMinor || a.view.owner_id - b.view.owner_id);
  const { page, perPage, offset } = pageWindow(q);
  const data = sorted
    .slice(offset, offset + perPage)
    .map((o) => ({ ...o.view, total_converted_amount: minorToNumber(o.totalMinor, target.decimals) }));
  return { data, meta: { current_page: page, per_page: perPage, total: sorted.length } };
}
