// SQL of the idempotency-key store.
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { idempotencyKeys } from '../db/schema/index.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export function idempotencyRepository(db: Executor) {
  return {
    /** Claims the key for a first request; false when the key is already there. */
    async claim(claim: {
      scope: string;
      key: string;
      requestHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<boolean> {
      const { scope, key, requestHash, now, expiresAt } = claim;
      const rows = await db
        .insert(idempotencyKeys)
        .values({ scope, key, requestHash, state: 'in_flight', createdAt: now, expiresAt })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return rows.length > 0;
    },

    /** Notes, inside the work's own transaction, what the first attempt committed. */
    async attachResource(scope: string, key: string, resourceId: number): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ resourceId })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    },

    /** Takes over an abandoned first attempt whose work committed (only if nobody else did since). */
    async takeOver(scope: string, key: string, abandonedAt: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(idempotencyKeys)
        .set({ createdAt: now })
        .where(
          and(
            eq(idempotencyKeys.scope, scope),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.createdAt, abandonedAt),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      return rows.length > 0;
    },

    async find(scope: string, key: string): Promise<IdempotencyRow | undefined> {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
        .limit(1);
      return row;
    },

    async complete(scope: string, key: string, status: number, body: string): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', responseStatus: status, responseBody: body })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    },

    /** Removes a key (expired, abandoned, or whose first attempt failed) so it can be used again. */
    async release(scope: string, key: string, onlyIfCreatedAt?: Date): Promise<void> {
      const conds = [eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)];
      if (onlyIfCreatedAt) conds.push(eq(idempotencyKeys.createdAt, onlyIfCreatedAt));
      await db.delete(idempotencyKeys).where(and(...conds));
    },

    async purgeExpired(now: Date): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.expiresAt, now))
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}
