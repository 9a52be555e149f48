// The spec's `currency_model` ({id, code, name, symbol, exchange_rate, is_default, is_active})
// plus `decimals`; shared by the catalogue routes and the property read form.
import { Type, type Static } from 'typebox';
import type { CurrencyRow } from './currencies.repository.ts';

export const CurrencyModel = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String({ description: 'ISO 4217 code' }),
    name: Type.String(),
    symbol: Type.String(),
    exchange_rate: Type.String({
      description:
        'units of this currency per one unit of the default currency; decimal text, up to 8 decimals, no trailing zeros ("1.08")',
    }),
    is_default: Type.Boolean(),
    is_active: Type.Boolean(),
    decimals: Type.Integer({
      description: 'ISO 4217 minor-unit exponent: money in this currency has this many decimals (JPY 0, EUR 2, KWD 3)',
    }),
  },
  { $id: 'CurrencyModel', description: "A currency as the spec's currency_model, plus decimals." },
);
export type CurrencyModel = Static<typeof CurrencyModel>;

/** NUMERIC text as stored ("1.08000000") → the shortest exact decimal text ("1.08"). */
export function formatRate(stored: string): string {
  if (!stored.includes('.')) return stored;
  return stored.replace(/0+$/, '').replace(/\.$/, '');
}

export function currencyModelView(row: CurrencyRow): CurrencyModel {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    symbol: row.symbol,
    exchange_rate: formatRate(row.exchangeRate),
    is_default: row.isDefault,
    is_active: row.isActive,
    decimals: row.decimals,
  };
}
