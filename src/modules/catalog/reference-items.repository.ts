// SQL shared by the admin-edited reference tables keyed by id (property types, amenities): the
// row a change is decided on, locked, and the writes. Each table's own repository adds its order
// and what uses its rows.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import type { commodities, propertyTypes } from '../../db/schema/index.ts';

export type ItemTable = typeof propertyTypes | typeof commodities;

// Drizzle cannot infer through a union of tables; the SQL below is the same for each member, so
// the loose handle is only a typing device.
const loose = (t: ItemTable) => t as typeof commodities;

export function itemQueries<T extends ItemTable>(db: Executor, table: T) {
  const t = loose(table);
  type Row = T['$inferSelect'];
  return {
    /** Locks the row for a change decided on its current state. */
    async lockById(id: number): Promise<Row | undefined> {
      const [row] = await db.select().from(t).where(eq(t.id, id)).for('update').limit(1);
      return row as Row | undefined;
    },

    async insert(values: T['$inferInsert']): Promise<Row> {
      const [row] = await db
        .insert(t)
        .values(values as never)
        .returning();
      return row as Row;
    },

    async update(id: number, patch: Partial<T['$inferInsert']>): Promise<Row> {
      const [row] = await db
        .update(t)
        .set(patch as never)
        .where(eq(t.id, id))
        .returning();
      return row as Row;
    },

    async delete(id: number): Promise<void> {
      await db.delete(t).where(eq(t.id, id));
    },
  };
}
