// SQL of the property_types table.
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { properties, propertyTypes } from '../../db/schema/index.ts';
import { itemQueries } from './reference-items.repository.ts';

export type PropertyTypeRow = typeof propertyTypes.$inferSelect;

export function propertyTypesRepository(db: Executor) {
  return {
    ...itemQueries(db, propertyTypes),

    async list(limit: number, offset: number): Promise<{ rows: PropertyTypeRow[]; total: number }> {
      const rows = await db
        .select()
        .from(propertyTypes)
        .orderBy(asc(sql`lower(${propertyTypes.name})`), asc(propertyTypes.id))
        .limit(limit)
        .offset(offset);
      const [{ total }] = (await db.select({ total: count() }).from(propertyTypes)) as [{ total: number }];
      return { rows, total: Number(total) };
    },

    /** Listings of any status (drafts and archived included) that use the type. */
    async usage(id: number): Promise<number> {
      const [{ n }] = (await db.select({ n: count() }).from(properties).where(eq(properties.typeId, id))) as [
        { n: number },
      ];
      return Number(n);
    },
  };
}
