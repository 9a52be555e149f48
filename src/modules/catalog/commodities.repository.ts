// SQL of the commodities (amenities) table.
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { commodities, propertyCommodities } from '../../db/schema/index.ts';

export type CommodityRow = typeof commodities.$inferSelect;

export function commoditiesRepository(db: Executor) {
  return {
    async list(type: string | undefined, limit: number, offset: number): Promise<{ rows: CommodityRow[]; total: number }> {
      const where = type ? eq(commodities.type, type) : undefined;
      const rows = await db
        .select()
        .from(commodities)
        .where(where)
        .orderBy(asc(commodities.type), asc(sql`lower(${commodities.name})`), asc(commodities.id))
        .limit(limit)
        .offset(offset);
      const [{ total }] = (await db.select({ total: count() }).from(commodities).where(where)) as [{ total: number }];
      return { rows, total: Number(total) };
    },

    async lockById(id: number): Promise<CommodityRow | undefined> {
      const [row] = await db.select().from(commodities).where(eq(commodities.id, id)).for('update').limit(1);
      return row;
    },

    async insert(values: typeof commodities.$inferInsert): Promise<CommodityRow> {
      const [row] = await db.insert(commodities).values(values).returning();
      return row!;
    },

    async update(id: number, patch: Partial<typeof commodities.$inferInsert>): Promise<CommodityRow> {
      const [row] = await db.update(commodities).set(patch).where(eq(commodities.id, id)).returning();
      return row!;
    },

    async delete(id: number): Promise<void> {
      await db.delete(commodities).where(eq(commodities.id, id));
    },

    /** Listings that offer the amenity. */
    async usage(id: number): Promise<number> {
      const [{ n }] = (await db.select({ n: count() }).from(propertyCommodities).where(eq(propertyCommodities.commodityId, id))) as [{ n: number }];
      return Number(n);
    },
  };
}
