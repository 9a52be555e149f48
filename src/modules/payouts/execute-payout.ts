// One entry of a real run: bind the owner's due ledger lines to a new payout, commit, then send it.
//
// Why an earning is paid once even when runs race: the transaction first locks the owner's row,
// so runs queue per owner; the second one then reads the ledger again (a new statement sees the
// first run's commit) and finds those lines already bound — nothing due, entry skipped. Binding
// only takes lines whose payout_id is still null and must bind every line it summed, else the
// transaction rolls back. The amount paid is what is due at that moment, which may differ from
// the plan if the ledger moved since it was read.
import type { Deps } from '../../kernel/deps.ts';
import { payoutsRepository, type CurrencyRate, type PayoutRow } from './payouts.repository.ts';
import { convertBalance, type PlanEntry } from './payout-plan.ts';
import { sendPayout, type SendStatus } from './send-payout.ts';
import { crashPoint } from '../../platform/fault-points.ts';

export interface RunContext {
  runId: string;
  now: Date;
  rates: Map<string, CurrencyRate>;
  target: CurrencyRate;
  minMinor: number;
}

export type EntryResult =
  | { status: SendStatus; payout: PayoutRow; earningsCount: number; error: string | null }
  | { status: 'skipped'; reason: 'no_payout_account' | 'nothing_due' | 'below_min_amount' }
  | { status: 'error'; error: string };

type Claim =
  | { payout: PayoutRow; destination: string; earningsCount: number }
  | { skipped: 'no_payout_account' | 'nothing_due' | 'below_min_amount' };

export async function executePayout(deps: Deps, entry: PlanEntry, ctx: RunContext): Promise<EntryResult> {
  const { ownerId, currency } = entry.balance;
  const claim = await deps.db.transaction(async (tx): Promise<Claim> => {
    const repo = payoutsRepository(tx);
    const owner = await repo.lockOwner(ownerId);
    if (!owner?.payoutAccountId) return { skipped: 'no_payout_account' };
    const lines = await repo.dueLines(ownerId, currency, ctx.now);
    const amount = lines.reduce((s, l) => s + l.amountMinor, 0);
    if (amount <= 0) return { skipped: 'nothing_due' };
    const converted = convertBalance(amount, currency, ctx.rates, ctx.target);
    if (!converted || converted.convertedMinor < Math.max(1, ctx.minMinor)) return { skipped: 'below_min_amount' };
    const at = deps.clock.now();
    const payout = await repo.insertPayout({
      ownerId,
      currency,
      amountMinor: amount,
      transferCurrency: ctx.target.code,
      transferAmountMinor: converted.convertedMinor,
      rate: converted.rate,
      status: 'pending',
      runId: ctx.runId,
      createdAt: at,
      updatedAt: at,
    });
    const bound = await repo.bindLines(
      lines.map((l) => l.id),
      payout.id,
    );
    if (bound !== lines.length)
      throw new Error(`payout ${payout.id}: bound ${bound} of ${lines.length} locked ledger lines`);
    return {
      payout,
      destination: owner.payoutAccountId,
      earningsCount: lines.filter((l) => l.kind === 'earning').length,
    };
  });
  if ('skipped' in claim) return { status: 'skipped', reason: claim.skipped };
  crashPoint(deps.config, 'payout.after-claim');
  const sent = await sendPayout(deps, claim.payout, claim.destination);
  return { status: sent.status, payout: sent.payout, earningsCount: claim.earningsCount, error: sent.error };
}
