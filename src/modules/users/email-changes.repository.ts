// SQL for the e-mail changes an old address may undo (email_change_undos).
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { emailChangeUndos } from '../../db/schema/index.ts';

export type EmailChangeUndoRow = typeof emailChangeUndos.$inferSelect;
export type NewEmailChangeUndo = typeof emailChangeUndos.$inferInsert;

export function emailChangesRepository(db: Executor) {
  const live = (now: Date) => and(isNull(emailChangeUndos.usedAt), gt(emailChangeUndos.expiresAt, now));
  return {
    async insert(row: NewEmailChangeUndo): Promise<void> {
      await db.insert(emailChangeUndos).values(row);
    },

    /** Whether a live undo holds the address (case-insensitively) for an account other than `exceptUserId`. */
    async isHeld(email: string, now: Date, exceptUserId?: number): Promise<boolean> {
      const conds = [live(now), sql`lower(${emailChangeUndos.oldEmail}) = lower(${email.trim()})`];
      if (exceptUserId !== undefined) conds.push(ne(emailChangeUndos.userId, exceptUserId));
      const rows = await db
        .select({ id: emailChangeUndos.id })
        .from(emailChangeUndos)
        .where(and(...conds))
        .limit(1);
      return rows.length > 0;
    },

    /** Uses up the live undo with this token hash, once under races; undefined when none is live. */
    async consume(tokenHash: string, now: Date): Promise<EmailChangeUndoRow | undefined> {
      const [row] = await db
        .update(emailChangeUndos)
        .set({ usedAt: now })
        .where(and(eq(emailChangeUndos.tokenHash, tokenHash), live(now)))
        .returning();
      return row;
    },

    /** Ends the account's other live undos (their address is no longer the one to go back to). */
    async retireForUser(userId: number, now: Date): Promise<void> {
      await db
        .update(emailChangeUndos)
        .set({ usedAt: now })
        .where(and(eq(emailChangeUndos.userId, userId), isNull(emailChangeUndos.usedAt)));
    },

    /** Forgets the account's e-mail changes (they hold its past addresses): account deletion. */
    async deleteForUser(userId: number): Promise<void> {
      await db.delete(emailChangeUndos).where(eq(emailChangeUndos.userId, userId));
    },
  };
}
