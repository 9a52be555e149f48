import type { Deps } from '../../kernel/deps.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { CurrencyBody } from './catalog.schemas.ts';
import { currenciesRepository } from './currencies.repository.ts';
import { currencyModelView } from './currency-views.ts';
import { isNumericOverflow, isUniqueViolation } from './db-errors.ts';
import { parseExchangeRate } from './exchange-rate.ts';

export const rebaseOverflow = () => invalidField('is_default', 'the other exchange rates would not fit once expressed against this currency');

/**
 * Adds a currency (admin). Its rate is against the current default; created as the default,
 * it takes over (every rate is rebased on it) in the same transaction.
 */
export async function createCurrency(deps: Deps, caller: AuthUser, input: CurrencyBody) {
  const now = deps.clock.now();
  const rate = parseExchangeRate(input.exchange_rate);
  const isActive = input.is_active ?? true;
  const isDefault = input.is_default ?? false;
  if (isDefault && !isActive) throw invalidField('is_active', 'the default currency must be active');
  try {
    const row = await deps.db.transaction(async (tx) => {
      const repo = currenciesRepository(tx);
      if (isDefault) await repo.lockAll();
      const created = await repo.insert({
        code: input.code.toUpperCase(), name: input.name.trim(), symbol: input.symbol.trim(), decimals: input.decimals ?? 2,
        exchangeRate: rate, isActive, isDefault: false, createdAt: now, updatedAt: now,
      });
      if (isDefault) await repo.switchDefault(created.id, now);
      const final = isDefault ? (await repo.findByCode(created.code))! : created;
      await recordAudit(tx, caller, { action: 'currency.create', targetType: 'currency', targetId: final.code, after: currencyModelView(final) }, now);
      return final;
    });
    return currencyModelView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'This currency already exists', { code: ['is already taken'] });
    if (isNumericOverflow(err)) throw rebaseOverflow();
    throw err;
  }
}
