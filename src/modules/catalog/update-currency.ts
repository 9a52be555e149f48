import type { Deps } from '../../kernel/deps.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { CurrencyPatch } from './catalog.schemas.ts';
import { rebaseOverflow } from './create-currency.ts';
import { currenciesRepository, type CurrencyRow } from './currencies.repository.ts';
import { currencyModelView, formatRate } from './currency-views.ts';
import { isNumericOverflow } from './db-errors.ts';
import { parseExchangeRate } from './exchange-rate.ts';

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * Changes a currency (admin). Making it the default clears the old default and rebases every
 * rate on it, all in one transaction; the default can be neither deactivated nor unset.
 */
export async function updateCurrency(deps: Deps, caller: AuthUser, code: string, input: CurrencyPatch) {
  const now = deps.clock.now();
  const rate = input.exchange_rate === undefined ? undefined : parseExchangeRate(input.exchange_rate);
  const wantsDefault = input.is_default === true;
  if (wantsDefault && input.is_active === false) throw invalidField('is_active', 'the default currency must be active');
  try {
    const out = await deps.db.transaction(async (tx) => {
      const repo = currenciesRepository(tx);
      const upper = code.toUpperCase();
      // A default switch rewrites every rate, so it holds every row; other changes hold their own.
      const current = wantsDefault ? (await repo.lockAll()).find((c) => c.code === upper) : await repo.lockByCode(upper);
      if (!current) throw notFound('Currency');
      checkRules(current, input, rate);
      const patch: Partial<CurrencyRow> = {};
      if (input.name !== undefined && input.name.trim() !== current.name) patch.name = input.name.trim();
      if (input.symbol !== undefined && input.symbol.trim() !== current.symbol) patch.symbol = input.symbol.trim();
      if (rate !== undefined && rate !== formatRate(current.exchangeRate)) patch.exchangeRate = rate;
      if (input.is_active !== undefined && input.is_active !== current.isActive) patch.isActive = input.is_active;
      const switching = wantsDefault && !current.isDefault;
      if (Object.keys(patch).length === 0 && !switching) return current;
      if (Object.keys(patch).length) await repo.update(current.id, { ...patch, updatedAt: now });
      if (switching) await repo.switchDefault(current.id, now);
      const updated = (await repo.findByCode(upper))!;
      const [before, after] = [currencyModelView(current), currencyModelView(updated)];
      const changed = (Object.keys(after) as Array<keyof typeof after>).filter((k) => before[k] !== after[k]);
      await recordAudit(tx, caller, {
        action: switching ? 'currency.default' : 'currency.update', targetType: 'currency', targetId: upper,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: { ...Object.fromEntries(changed.map((k) => [k, after[k]])), ...(switching ? { rates_divided_by: formatRate(patch.exchangeRate ?? current.exchangeRate) } : {}) },
      }, now);
      return updated;
    });
    return currencyModelView(out);
  } catch (err) {
    if (isNumericOverflow(err)) throw rebaseOverflow();
    throw err;
  }
}

function checkRules(current: CurrencyRow, input: CurrencyPatch, rate: string | undefined): void {
  const willBeDefault = current.isDefault || input.is_default === true;
  if (current.isDefault && input.is_default === false) throw conflict('The default currency cannot be unset; make another currency the default instead');
  if (willBeDefault && input.is_active === false) throw conflict('The default currency cannot be deactivated');
  if (!current.isDefault && input.is_default === true && !current.isActive && input.is_active !== true) {
    throw conflict('An inactive currency cannot become the default; activate it in the same request or first');
  }
  if (current.isDefault && rate !== undefined && rate !== '1') throw invalidField('exchange_rate', 'the default currency\'s rate is always 1');
}
