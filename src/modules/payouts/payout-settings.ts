// GET/PUT /payouts/settings: the defaults of a payout run (contract §7: min_amount, max_payouts,
// currency). One row (id 1), created by the first PUT; until then reads answer the defaults
// (min_amount 0, max_payouts 100, the currency table's default currency) without writing them. min_amount is a number in the settings' currency, so it
// must fit that currency's decimals; changing the currency keeps the figure (not converted).
import type { Deps } from '../../kernel/deps.ts';
import { invalidField } from '../../platform/errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { formatMinor, toMinor } from '../../kernel/money.ts';
import { targetCurrency } from './payout-plan.ts';
import { payoutsRepository, type CurrencyRate, type SettingsRow } from './payouts.repository.ts';

export interface SettingsView {
  min_amount: number;
  max_payouts: number;
  currency: string;
  updated_at: string | null;
}

export interface SettingsPatch {
  min_amount?: number;
  max_payouts?: number;
  currency?: string;
}

export function settingsView(row: SettingsRow): SettingsView {
  return {
    min_amount: Number(row.minAmount),
    max_payouts: row.maxPayouts,
    currency: row.currency,
    updated_at: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/** An amount in `currency` → minor units; 422 on `field` when negative or finer than its decimals. */
export function minAmountMinor(amount: number, currency: CurrencyRate, field = 'min_amount'): number {
  const minor = toMinor(amount, currency.decimals);
  if (minor === null)
    throw invalidField(field, `must be a number with at most ${currency.decimals} decimals (${currency.code})`);
  if (minor < 0) throw invalidField(field, 'must not be negative');
  return minor;
}

export async function getPayoutSettings(deps: Deps): Promise<SettingsView> {
  return settingsView(await payoutsRepository(deps.db).settings());
}

export async function updatePayoutSettings(deps: Deps, caller: AuthUser, patch: SettingsPatch): Promise<SettingsView> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const repo = payoutsRepository(tx);
    const before = await repo.settings();
    const currency = targetCurrency(await repo.currencies(), patch.currency ?? before.currency);
    const minMinor = minAmountMinor(patch.min_amount ?? Number(before.minAmount), currency);
    const after = await repo.saveSettings({
      minAmount: formatMinor(minMinor, currency.decimals),
      maxPayouts: patch.max_payouts ?? before.maxPayouts,
      currency: currency.code,
      updatedAt: now,
    });
    await recordAudit(
      tx,
      caller,
      {
        action: 'payout_settings.update',
        targetType: 'payout_settings',
        targetId: 1,
        before: settingsView(before),
        after: settingsView(after),
      },
      now,
    );
    return after;
  });
  return settingsView(row);
}
