// SQL of the currencies table.
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { currencies } from '../../db/schema/index.ts';

export type CurrencyRow = typeof currencies.$inferSelect;

export function currenciesRepository(db: Executor) {
  return {
    async findByCode(code: string): Promise<CurrencyRow | undefined> {
      const [row] = await db.select().from(currencies).where(eq(currencies.code, code.toUpperCase())).limit(1);
      return row;
    },

    /** The default currency first, then by code. */
    async list(activeOnly: boolean, limit: number, offset: number): Promise<{ rows: CurrencyRow[]; total: number }> {
      const where = activeOnly ? eq(currencies.isActive, true) : undefined;
      const rows = await db
        .select()
        .from(currencies)
        .where(where)
        .orderBy(desc(currencies.isDefault), asc(currencies.code))
        .limit(limit)
        .offset(offset);
      const [{ total }] = (await db.select({ total: count() }).from(currencies).where(where)) as [{ total: number }];
      return { rows, total: Number(total) };
    },

    async lockByCode(code: string): Promise<CurrencyRow | undefined> {
      const [row] = await db.select().from(currencies).where(eq(currencies.code, code)).for('update').limit(1);
      return row;
    },

    /**
     * Locks every currency, in id order so concurrent callers queue instead of deadlocking.
     * A change of default rewrites every rate, so it must see and hold all of them.
     */
    async lockAll(): Promise<CurrencyRow[]> {
      return db.select().from(currencies).orderBy(asc(currencies.id)).for('update');
    },

    async insert(values: typeof currencies.$inferInsert): Promise<CurrencyRow> {
      const [row] = await db.insert(currencies).values(values).returning();
      return row!;
    },

    async update(id: number, patch: Partial<typeof currencies.$inferInsert>): Promise<CurrencyRow> {
      const [row] = await db.update(currencies).set(patch).where(eq(currencies.id, id)).returning();
      return row!;
    },

    /**
     * Makes `id` the default: the old default is cleared first (one default at a time, by a
     * unique index), and every rate is divided by the new default's rate so that it is 1 and
     * the others keep their value against it. Rates stay positive at 8 decimals.
     */
    async switchDefault(id: number, now: Date): Promise<void> {
      const [target] = await db.select({ rate: currencies.exchangeRate }).from(currencies).where(eq(currencies.id, id));
      await db
        .update(currencies)
        .set({ isDefault: false, updatedAt: now })
        .where(sql`${currencies.isDefault} AND ${currencies.id} <> ${id}`);
      await db
        .update(currencies)
        .set({
          exchangeRate: sql`greatest(round(${currencies.exchangeRate} / ${target!.rate}::numeric, 8), 0.00000001)`,
          updatedAt: now,
        })
        .where(sql`${currencies.id} <> ${id}`);
      await db
        .update(currencies)
        .set({ isDefault: true, exchangeRate: '1', updatedAt: now })
        .where(eq(currencies.id, id));
    },
  };
}
