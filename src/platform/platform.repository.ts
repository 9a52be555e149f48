// SQL of the platform tables: mail outbox and event outbox.
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { mailOutbox, outboxEvents } from '../db/schema/index.ts';
import type { MailMessage } from '../ports/mailer.ts';

export type OutboxEventRow = typeof outboxEvents.$inferSelect;

export function platformRepository(db: Executor) {
  return {
    async recordMail(m: MailMessage, transport: string): Promise<void> {
      await db.insert(mailOutbox).values({ to: m.to, subject: m.subject, text: m.text, html: m.html, transport });
    },

    async listMail(to?: string) {
      const q = db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
      return to ? q.where(sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`) : q;
    },

    /** Writes a domain event; call it with the transaction that makes the change. */
    async insertEvent(topic: string, payload: unknown): Promise<number> {
      const [row] = await db.insert(outboxEvents).values({ topic, payload }).returning({ id: outboxEvents.id });
      return row!.id;
    },

    /**
     * This transaction's commit does not wait for its WAL flush. Only for work that is redone
     * when lost: a relay pass lost in a crash leaves its events unpublished, so they are
     * projected and published again (at-least-once, idempotent projectors).
     */
    async relaxDurability(): Promise<void> {
      await db.execute(sql`SET LOCAL synchronous_commit = off`);
    },

    /** Locks a batch of unpublished events; other relays skip them instead of waiting. */
    async lockUnpublished(limit: number): Promise<OutboxEventRow[]> {
      return db.select().from(outboxEvents).where(isNull(outboxEvents.publishedAt)).orderBy(asc(outboxEvents.id)).limit(limit).for('update', { skipLocked: true });
    },

    async markPublished(ids: number[], at: Date): Promise<void> {
      if (ids.length) await db.update(outboxEvents).set({ publishedAt: at }).where(inArray(outboxEvents.id, ids));
    },

    async bumpAttempts(ids: number[]): Promise<void> {
      if (ids.length) await db.update(outboxEvents).set({ attempts: sql`${outboxEvents.attempts} + 1` }).where(inArray(outboxEvents.id, ids));
    },
  };
}
