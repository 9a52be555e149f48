// SQL of the currencies table.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { currencies } from '../../db/schema/index.ts';

export type CurrencyRow = typeof currencies.$inferSelect;

export function currenciesRepository(db: Executor) {
  return {
    async findByCode(code: string): Promise<CurrencyRow | undefined> {
      const [row] = await db.select().from(currencies).where(eq(currencies.code, code.toUpperCase())).limit(1);
      return row;
    },
  };
}

/** The currency's minor-unit exponent; 2 when the code is unknown (then validation refuses it elsewhere). */
export async function currencyDecimals(db: Executor, code: string): Promise<number> {
  return (await currenciesRepository(db).findByCode(code))?.decimals ?? 2;
}
