// SQL of property_medias.
import { and, asc, count, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { bigintArray } from '../../db/sql-arrays.ts';
import type { Executor } from '../../db/connection.ts';
import { properties, propertyMedias } from '../../db/schema/index.ts';

export type MediaRow = typeof propertyMedias.$inferSelect;
export type NewMedia = typeof propertyMedias.$inferInsert;

export function propertyMediaRepository(db: Executor) {
  return {
    /** Locks the listing row so appends, deletions and reorders of its media take turns. */
    async lockProperty(propertyId: number): Promise<void> {
      await db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update');
    },

    /** How many media the listing has and the last position used (-1 when none). */
    async tally(propertyId: number): Promise<{ count: number; lastPosition: number }> {
      const [row] = await db
        .select({ n: count(), last: max(propertyMedias.position) })
        .from(propertyMedias)
        .where(eq(propertyMedias.propertyId, propertyId));
      return { count: Number(row?.n ?? 0), lastPosition: row?.last ?? -1 };
    },

    async insertMany(rows: NewMedia[]): Promise<MediaRow[]> {
      if (rows.length === 0) return [];
      return db.insert(propertyMedias).values(rows).returning();
    },

    async listByProperty(
      propertyId: number,
      w: { offset: number; limit: number },
    ): Promise<{ rows: MediaRow[]; total: number }> {
      const rows = await db
        .select()
        .from(propertyMedias)
        .where(eq(propertyMedias.propertyId, propertyId))
        .orderBy(asc(propertyMedias.position), asc(propertyMedias.id))
        .limit(w.limit)
        .offset(w.offset);
      const [total] = await db
        .select({ n: count() })
        .from(propertyMedias)
        .where(eq(propertyMedias.propertyId, propertyId));
      return { rows, total: Number(total?.n ?? 0) };
    },

    async allOf(propertyId: number): Promise<MediaRow[]> {
      return db
        .select()
        .from(propertyMedias)
        .where(eq(propertyMedias.propertyId, propertyId))
        .orderBy(asc(propertyMedias.position), asc(propertyMedias.id));
    },

    /** The media of several listings, each listing's in its order (the read forms of a batch). */
    async ofListings(propertyIds: number[]): Promise<MediaRow[]> {
      return db
        .select()
        .from(propertyMedias)
        .where(inArray(propertyMedias.propertyId, propertyIds))
        .orderBy(asc(propertyMedias.position), asc(propertyMedias.id));
    },

    async findById(id: number): Promise<MediaRow | undefined> {
      const [row] = await db.select().from(propertyMedias).where(eq(propertyMedias.id, id)).limit(1);
      return row;
    },

    /** A media of this listing only: another listing's id is "not found". */
    async findInProperty(propertyId: number, id: number): Promise<MediaRow | undefined> {
      const [row] = await db
        .select()
        .from(propertyMedias)
        .where(and(eq(propertyMedias.id, id), eq(propertyMedias.propertyId, propertyId)))
        .limit(1);
      return row;
    },

    /** Deletes the media and closes the gap it leaves in the order. */
    async delete(m: MediaRow): Promise<void> {
      await db.delete(propertyMedias).where(eq(propertyMedias.id, m.id));
      await db
        .update(propertyMedias)
        .set({ position: sql`${propertyMedias.position} - 1` })
        .where(and(eq(propertyMedias.propertyId, m.propertyId), gt(propertyMedias.position, m.position)));
    },

    /** Numbers the listing's media 0, 1, 2… in the order of `ids`, in one statement. */
    async setOrder(propertyId: number, ids: number[]): Promise<void> {
      await db.execute(sql`
        UPDATE property_medias AS m SET position = o.pos - 1
        FROM unnest(${bigintArray(ids)}) WITH ORDINALITY AS o(id, pos)
        WHERE m.id = o.id AND m.property_id = ${propertyId}`);
    },
  };
}
