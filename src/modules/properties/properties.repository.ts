// SQL of the properties table.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { properties } from '../../db/schema/index.ts';

export type PropertyRow = typeof properties.$inferSelect;
export type NewProperty = typeof properties.$inferInsert;

export function propertiesRepository(db: Executor) {
  return {
    async findById(id: number): Promise<PropertyRow | undefined> {
      const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
      return row;
    },
  };
}
