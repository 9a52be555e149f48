// SQL of the platform tables: mail outbox and event outbox.
import { asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { rawQuery } from '../db/raw-query.ts';
import { mailOutbox, outboxEvents } from '../db/schema/index.ts';
import type { MailMessage } from '../ports/mailer.ts';
import { queryRows } from '../db/query-rows.ts';

export type OutboxEventRow = typeof outboxEvents.$inferSelect;

// The relay's statements, sent by every pass (one pass follows another under a stream of
// bookings): raw, with no query builder in between.
const LOCK_UNPUBLISHED = {
  name: 'lock_unpublished',
  text: `SELECT id, topic, payload, created_at, published_at, attempts FROM outbox_events
    WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
};
// The mark also makes the pass's commit not wait for its WAL flush (SET LOCAL as a function, so
// it costs no statement of its own): a pass lost in a crash leaves its events unpublished, and
// they are projected and published again (at-least-once, idempotent projectors).
const MARK_PUBLISHED = {
  name: 'mark_published',
  text: `UPDATE outbox_events SET published_at = $1::timestamptz
    FROM (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed WHERE id = ANY($2::bigint[])`,
};

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

    /** Locks a batch of unpublished events; other relays skip them instead of waiting. */
    async lockUnpublished(limit: number): Promise<OutboxEventRow[]> {
      const rows = await rawQuery<{
        id: string | number;
        topic: string;
        payload: unknown;
        created_at: Date;
        published_at: Date | null;
        attempts: number;
      }>(db, LOCK_UNPUBLISHED, [limit]);
      return rows.map((r) => ({
        id: Number(r.id),
        topic: r.topic,
        payload: r.payload,
        createdAt: r.created_at,
        publishedAt: r.published_at,
        attempts: r.attempts,
      }));
    },

    async markPublished(ids: number[], at: Date): Promise<void> {
      if (ids.length) await rawQuery(db, MARK_PUBLISHED, [at.toISOString(), ids]);
    },

    /** Events committed and not yet published, and the age of the oldest (on the partial index). */
    async unpublishedBacklog(): Promise<{ count: number; oldestAgeSeconds: number }> {
      const result = await queryRows<{ count: number; age: number }>(
        db,
        sql`
        SELECT count(*)::int AS count, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS age
        FROM outbox_events WHERE published_at IS NULL`,
      );
      const row = result.rows[0];
      return { count: Number(row?.count ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.age ?? 0)) };
    },

    async bumpAttempts(ids: number[]): Promise<void> {
      if (ids.length)
        await db
          .update(outboxEvents)
          .set({ attempts: sql`${outboxEvents.attempts} + 1` })
          .where(inArray(outboxEvents.id, ids));
    },
  };
}
