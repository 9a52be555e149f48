// Currencies, keyed by their ISO 4217 code. Exactly one is the default: every exchange rate is
// against it, so making another currency the default clears the old one and rebases every rate
// on the new one, in the transaction of the change. The default can be neither deactivated nor
// unset, and decimals never change (stored amounts depend on them). Currencies are not deleted.
import { isNumericOverflow, isUniqueViolation } from '../../db/db-errors.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import type { CurrencyBody, CurrencyPatch, CurrencyQuery } from './catalog.schemas.ts';
import { currenciesRepository, type CurrencyRow } from './currencies.repository.ts';
import { currencyModelView, formatRate, type CurrencyModel } from './currency-views.ts';
import { parseExchangeRate } from './exchange-rate.ts';
import type { ReferenceKind } from './reference-kind.ts';

const rebaseOverflow = () =>
  invalidField('is_default', 'the other exchange rates would not fit once expressed against this currency');
const conflict = (message: string) => new AppError('CONFLICT', message);

export const currencyKind: ReferenceKind<
  CurrencyRow,
  CurrencyModel,
  CurrencyQuery,
  CurrencyBody,
  CurrencyPatch,
  string
> = {
  noun: 'Currency',
  target: 'currency',
  auditId: (row) => row.code,
  snapshot: currencyModelView,
  view: currencyModelView,
  // Active currencies for everyone; with `all`, inactive ones too, for admins only.
  list: (db, caller, query, limit, offset) => {
    const all = query.all === '1' || query.all === 'true';
    if (all && !caller) throw new AppError('UNAUTHENTICATED', 'Authentication required to list inactive currencies');
    if (all && caller!.role !== 'admin') throw new AppError('FORBIDDEN', 'Only admins may list inactive currencies');
    return currenciesRepository(db).list(!all, limit, offset);
  },
  // Its rate is against the current default; created as the default, it takes over (every rate is rebased on it).
  create: (body, now) => {
    const rate = parseExchangeRate(body.exchange_rate);
    const isActive = body.is_active ?? true;
    const isDefault = body.is_default ?? false;
    if (isDefault && !isActive) throw invalidField('is_active', 'the default currency must be active');
    return async (tx) => {
      const repo = currenciesRepository(tx);
      if (isDefault) await repo.lockAll();
      const created = await repo.insert({
        code: body.code.toUpperCase(),
        name: body.name.trim(),
        symbol: body.symbol.trim(),
        decimals: body.decimals ?? 2,
        exchangeRate: rate,
        isActive,
        isDefault: false,
        createdAt: now,
        updatedAt: now,
      });
      if (isDefault) await repo.switchDefault(created.id, now);
      return isDefault ? (await repo.findByCode(created.code))! : created;
    };
  },
  // A default switch rewrites every rate, so it holds every row; other changes hold their own.
  lock: async (tx, code, patch) => {
    const repo = currenciesRepository(tx);
    const upper = code.toUpperCase();
    return patch?.is_default === true ? (await repo.lockAll()).find((c) => c.code === upper) : repo.lockByCode(upper);
  },
  update: (patch, now) => {
    const rate = patch.exchange_rate === undefined ? undefined : parseExchangeRate(patch.exchange_rate);
    const wantsDefault = patch.is_default === true;
    if (wantsDefault && patch.is_active === false)
      throw invalidField('is_active', 'the default currency must be active');
    return async (tx, current) => {
      checkRules(current, patch, rate);
      const cols: Partial<CurrencyRow> = {};
      if (patch.name !== undefined && patch.name.trim() !== current.name) cols.name = patch.name.trim();
      if (patch.symbol !== undefined && patch.symbol.trim() !== current.symbol) cols.symbol = patch.symbol.trim();
      if (rate !== undefined && rate !== formatRate(current.exchangeRate)) cols.exchangeRate = rate;
      if (patch.is_active !== undefined && patch.is_active !== current.isActive) cols.isActive = patch.is_active;
      const switching = wantsDefault && !current.isDefault;
      if (Object.keys(cols).length === 0 && !switching) return null;
      const repo = currenciesRepository(tx);
      if (Object.keys(cols).length) await repo.update(current.id, { ...cols, updatedAt: now });
      if (switching) await repo.switchDefault(current.id, now);
      const updated = (await repo.findByCode(current.code))!;
      // The audit entry shows the members of the view that changed, and a switch's rebasing divisor.
      const [before, after] = [currencyModelView(current), currencyModelView(updated)];
      const changed = (Object.keys(after) as Array<keyof typeof after>).filter((k) => before[k] !== after[k]);
      return {
        row: updated,
        action: switching ? 'currency.default' : 'currency.update',
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: {
          ...Object.fromEntries(changed.map((k) => [k, after[k]])),
          ...(switching ? { rates_divided_by: formatRate(cols.exchangeRate ?? current.exchangeRate) } : {}),
        },
      };
    };
  },
  refused: (err) => {
    if (isUniqueViolation(err))
      return new AppError('CONFLICT', 'This currency already exists', { code: ['is already taken'] });
    if (isNumericOverflow(err)) return rebaseOverflow();
    return null;
  },
};

function checkRules(current: CurrencyRow, input: CurrencyPatch, rate: string | undefined): void {
  const willBeDefault = current.isDefault || input.is_default === true;
  if (current.isDefault && input.is_default === false)
    throw conflict('The default currency cannot be unset; make another currency the default instead');
  if (willBeDefault && input.is_active === false) throw conflict('The default currency cannot be deactivated');
  if (!current.isDefault && input.is_default === true && !current.isActive && input.is_active !== true) {
    throw conflict('An inactive currency cannot become the default; activate it in the same request or first');
  }
  if (current.isDefault && rate !== undefined && rate !== '1')
    throw invalidField('exchange_rate', "the default currency's rate is always 1");
}
