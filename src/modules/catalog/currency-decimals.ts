import type { Executor } from '../../db/connection.ts';
import { currenciesRepository } from './currencies.repository.ts';

/** The currency's minor-unit exponent; 2 when the code is unknown (then validation refuses it elsewhere). */
export async function currencyDecimals(db: Executor, code: string): Promise<number> {
  return (await currenciesRepository(db).findByCode(code))?.decimals ?? 2;
}
