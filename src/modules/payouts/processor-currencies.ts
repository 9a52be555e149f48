// GET /payouts/currencies-processor: the active currencies of the table, each marked with whether
// the payment processor can pay out in it. The table is the list (it is what balances are kept
// and converted in); a currency the processor supports but the table lacks cannot be a payout
// currency, so it is not listed. POST /payouts/process refuses a target that is not supported.
import type { Deps } from '../../kernel/deps.ts';
import { formatRate } from '../catalog/index.ts';
import { payoutsRepository } from './payouts.repository.ts';

export async function processorCurrencies(deps: Deps) {
  const [supported, rates] = await Promise.all([
    deps.payments.supportedCurrencies(),
    payoutsRepository(deps.db).currencies(),
  ]);
  const codes = new Set(supported.map((c) => c.toUpperCase()));
  const active = [...rates.values()]
    .filter((c) => c.isActive)
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.code.localeCompare(b.code));
  return {
    processor: deps.payments.name,
    currencies: active.map((c) => ({
      code: c.code,
      name: c.name,
      symbol: c.symbol,
      decimals: c.decimals,
      exchange_rate: formatRate(c.rate),
      is_default: c.isDefault,
      supported: codes.has(c.code),
    })),
  };
}
