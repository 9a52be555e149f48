// POST /payouts/process: plan the payouts due now and, unless dry_run, make them.
//
// Fields not sent come from the settings. The target currency must exist, be active and be one
// the processor can pay out in (422 on `currency`); min_amount is in the target currency, within
// its decimals (422 on `min_amount`). The plan is payout-plan.ts; a dry run reads the same ledger,
// builds the same plan and writes nothing (not even a run id), so two dry runs on an unchanged
// ledger answer the same. A real run first re-sends the payouts whose outcome is unknown
// (send-payout.ts), then executes the plan entry by entry (execute-payout.ts), each entry in its
// own transaction, so one owner's failure never undoes another's payout.
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../kernel/deps.ts';
import { invalidField } from '../../platform/errors.ts';
import { minorToNumber } from '../../kernel/money.ts';
import { executePayout, type EntryResult } from './execute-payout.ts';
import { ownerName } from './list-eligible-owners.ts';
import { buildPlan, targetCurrency, type PlanEntry } from './payout-plan.ts';
import { minAmountMinor } from './payout-settings.ts';
import { payoutsRepository, type CurrencyRate, type PayoutRow } from './payouts.repository.ts';
import { RETRY_WINDOW_MS, retryPayouts, STALE_PENDING_MS } from './send-payout.ts';

export interface ProcessInput {
  min_amount?: number;
  max_payouts?: number;
  currency?: string;
  dry_run: boolean;
}

// Transfers are network calls: a few at a time on a server; PGlite has one connection anyway.
const SERVER_CONCURRENCY = 4;

export async function processPayouts(deps: Deps, input: ProcessInput) {
  const repo = payoutsRepository(deps.db);
  const [settings, rates] = await Promise.all([repo.settings(), repo.currencies()]);
  const target = targetCurrency(rates, input.currency ?? settings.currency);
  if (!(await deps.payments.supportedCurrencies()).includes(target.code)) {
    throw invalidField('currency', `the payment processor cannot pay out in ${target.code}`);
  }
  const minMinor = minAmountMinor(input.min_amount ?? Number(settings.minAmount), target);
  const maxPayouts = input.max_payouts ?? settings.maxPayouts;
  const dryRun = input.dry_run;

  const now = deps.clock.now();
  const windowStart = new Date(now.getTime() - RETRY_WINDOW_MS);
  const retries = dryRun
    ? (await repo.retryable(windowStart, new Date(now.getTime() - STALE_PENDING_MS))).map((p) => ({
        payout: p,
        status: 'would_retry',
        error: p.lastError,
      }))
    : await retryPayouts(deps);
  const plan = buildPlan(await repo.dueBalances(now), rates, target, minMinor, maxPayouts);
  const runId = dryRun ? null : randomUUID();
  const results: Array<EntryResult | null> = dryRun
    ? plan.entries.map(() => null)
    : await inPool(plan.entries, deps.database.kind === 'postgres' ? SERVER_CONCURRENCY : 1, (e) =>
        executePayout(deps, e, { runId: runId!, now, rates, target, minMinor }).catch((err): EntryResult => {
          // Either nothing of this entry committed, or its payout stays pending and a later run resends it.
          deps.log.error({ err, ownerId: e.balance.ownerId, currency: e.balance.currency }, 'payout entry failed');
          return {
            status: 'error',
            error: 'internal error; see the logs (an open payout is sent again by a later run)',
          };
        }),
      );
  const unresolved = await repo.unresolved(windowStart);

  const dec = (code: string) => rates.get(code)?.decimals ?? 2;
  const entries = plan.entries.map((e, i) => entryView(e, results[i] ?? null, target, dec));
  return {
    min_amount: minorToNumber(minMinor, target.decimals),
    max_payouts: maxPayouts,
    currency: target.code,
    dry_run: dryRun,
    run_id: runId,
    plan: entries.map(({ amountMinor: _a, convertedMinor: _c, ...view }) => view),
    totals: totals(entries, dec, target),
    skipped: plan.skipped.map((s) => ({
      owner_id: s.balance.ownerId,
      currency: s.balance.currency,
      amount: minorToNumber(s.balance.balanceMinor, dec(s.balance.currency)),
      converted_amount: s.convertedMinor === null ? null : minorToNumber(s.convertedMinor, target.decimals),
      reason: s.reason,
    })),
    retried: retries.map((r) => payoutView(r.payout, r.status, r.error, dec)),
    unresolved_payouts: unresolved.map((p) => payoutView(p, p.status, p.lastError, dec)),
  };
}

type EntryView = ReturnType<typeof entryView>;

function entryView(entry: PlanEntry, result: EntryResult | null, target: CurrencyRate, dec: (code: string) => number) {
  const balance = entry.balance;
  const done = result && result.status !== 'skipped' && result.status !== 'error' ? result : null;
  // What was really paid when it differs from the plan (the ledger moved meanwhile).
  const amountMinor = done ? done.payout.amountMinor : balance.balanceMinor;
  const convertedMinor = done ? done.payout.transferAmountMinor : entry.convertedMinor;
  return {
    owner_id: balance.ownerId,
    owner_name: ownerName(balance),
    owner_email: balance.email,
    currency: balance.currency,
    amount: minorToNumber(amountMinor, dec(balance.currency)),
    converted_amount: minorToNumber(convertedMinor, target.decimals),
    target_currency: target.code,
    rate: Number(entry.rate),
    earnings_count: done ? done.earningsCount : balance.earningsCount,
    payout_id: done ? done.payout.id : null,
    status: result ? result.status : 'planned',
    transfer_id: done ? done.payout.transferId : null,
    error: !result ? null : result.status === 'skipped' ? result.reason : result.error,
    amountMinor,
    convertedMinor,
  };
}

function totals(entries: EntryView[], dec: (code: string) => number, target: CurrencyRate) {
  const made = entries.filter((e) => e.status !== 'skipped' && e.status !== 'error');
  const byCurrency = new Map<string, { amountMinor: number; count: number }>();
  for (const e of made) {
    const sum = byCurrency.get(e.currency) ?? { amountMinor: 0, count: 0 };
    sum.amountMinor += e.amountMinor;
    sum.count += 1;
    byCurrency.set(e.currency, sum);
  }
  const count = (s: string) => entries.filter((e) => e.status === s).length;
  return {
    payouts: made.length,
    converted_amount: minorToNumber(
      made.reduce((s, e) => s + e.convertedMinor, 0),
      target.decimals,
    ),
    target_currency: target.code,
    by_currency: [...byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, c]) => ({ currency, amount: minorToNumber(c.amountMinor, dec(currency)), count: c.count })),
    paid: count('paid'),
    failed: count('failed'),
    rejected: count('rejected'),
    skipped: count('skipped'),
    errors: count('error'),
  };
}

function payoutView(p: PayoutRow, status: string, error: string | null, dec: (code: string) => number) {
  return {
    payout_id: p.id,
    owner_id: p.ownerId,
    currency: p.currency,
    amount: minorToNumber(p.amountMinor, dec(p.currency)),
    transfer_currency: p.transferCurrency,
    transfer_amount: minorToNumber(p.transferAmountMinor, dec(p.transferCurrency)),
    status,
    transfer_id: p.transferId,
    error,
    created_at: p.createdAt.toISOString(),
  };
}

async function inPool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return out;
}
