// SQL of the commodities (amenities) table.
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { commodities, propertyCommodities } from '../../db/schema/index.ts';
import { itemQueries } from './reference-items.repository.ts';

export type CommodityRow = typeof commodities.$inferSelect;

export function commoditiesRepository(db: Executor) {
  return {
    ...itemQueries(db, commodities),

    async list(
      type: string | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: CommodityRow[]; total: number }> {
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

    /** Listings that offer the amenity. */
    async usage(id: number): Promise<number> {
      const [{ n }] = (await db
        .select({ n: count() })
        .from(propertyCommodities)
        .where(eq(propertyCommodities.commodityId, id))) as [{ n: number }];
      return Number(n);
    },
  };
}
