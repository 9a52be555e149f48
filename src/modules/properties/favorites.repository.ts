// SQL of favorites and the like counter they keep on the listing.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { favorites, properties } from '../../db/schema/index.ts';

export function favoritesRepository(db: Executor) {
  return {
    async isFavorite(userId: number, propertyId: number): Promise<boolean> {
      const rows = await db
        .select({ id: favorites.propertyId })
        .from(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.propertyId, propertyId)))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Adds the favorite; true when a row was inserted. A concurrent add of the same pair waits
     * on the primary key and then inserts nothing, so only one of them counts.
     */
    async add(userId: number, propertyId: number, at: Date): Promise<boolean> {
      const rows = await db
        .insert(favorites)
        .values({ userId, propertyId, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: favorites.propertyId });
      return rows.length > 0;
    },

    /** Removes the favorite; true when a row was deleted. */
    async remove(userId: number, propertyId: number): Promise<boolean> {
      const rows = await db
        .delete(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.propertyId, propertyId)))
        .returning({ id: favorites.propertyId });
      return rows.length > 0;
    },

    /** Moves the counter by what this transaction changed (relative, so concurrent moves add up). */
    async bumpLikeCount(propertyId: number, delta: number): Promise<number> {
      const [row] = await db
        .update(properties)
        .set({ likeCount: sql`${properties.likeCount} + ${delta}` })
        .where(eq(properties.id, propertyId))
        .returning({ likeCount: properties.likeCount });
      return row?.likeCount ?? 0;
    },

    async likeCount(propertyId: number): Promise<number> {
      const [row] = await db
        .select({ likeCount: properties.likeCount })
        .from(properties)
        .where(eq(properties.id, propertyId))
        .limit(1);
      return row?.likeCount ?? 0;
    },
  };
}
