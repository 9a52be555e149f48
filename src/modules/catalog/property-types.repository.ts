// SQL of the property_types table.
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { properties, propertyTypes } from '../../db/schema/index.ts';

export type PropertyTypeRow = typeof propertyTypes.$inferSelect;

export function propertyTypesRepository(db: Executor) {
  return {
    async list(limit: number, offset: number): Promise<{ rows: PropertyTypeRow[]; total: number }> {
      const rows = await db.select().from(propertyTypes).orderBy(asc(sql`lower(${propertyTypes.name})`), asc(propertyTypes.id)).limit(limit).offset(offset);
      const [{ total }] = (await db.select({ total: count() }).from(propertyTypes)) as [{ total: number }];
      return { rows, total: Number(total) };
    },

    async findById(id: number): Promise<PropertyTypeRow | undefined> {
      const [row] = await db.select().from(propertyTypes).where(eq(propertyTypes.id, id)).limit(1);
      return row;
    },

    /** Locks the row for a change decided on its current state. */
    async lockById(id: number): Promise<PropertyTypeRow | undefined> {
      const [row] = await db.select().from(propertyTypes).where(eq(propertyTypes.id, id)).for('update').limit(1);
      return row;
    },

    async insert(values: typeof propertyTypes.$inferInsert): Promise<PropertyTypeRow> {
      const [row] = await db.insert(propertyTypes).values(values).returning();
      return row!;
    },

    async update(id: number, patch: Partial<typeof propertyTypes.$inferInsert>): Promise<PropertyTypeRow> {
      const [row] = await db.update(propertyTypes).set(patch).where(eq(propertyTypes.id, id)).returning();
      return row!;
    },

    async delete(id: number): Promise<void> {
      await db.delete(propertyTypes).where(eq(propertyTypes.id, id));
    },

    /** Listings of any status (drafts and archived included) that use the type. */
    async usage(id: number): Promise<number> {
      const [{ n }] = (await db.select({ n: count() }).from(properties).where(eq(properties.typeId, id))) as [{ n: number }];
      return Number(n);
    },
  };
}
