// SQL of the e-mail queue, and the reads the projector needs to address and fill a mail (the
// reservation with its listing, guest and host; the people an event names), one query each per batch.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { emailJobs } from '../../db/schema/index.ts';

export type EmailJobRow = typeof emailJobs.$inferSelect;
export type NewEmailJob = Pick<
  typeof emailJobs.$inferInsert,
  'sourceEventId' | 'template' | 'recipientUserId' | 'toAddress' | 'locale' | 'vars'
>;

export interface Recipient {
  userId: number;
  email: string;
  name: string;
  fullName: string | null;
  locale: string;
  timeZone: string | null;
}

export interface StayContext {
  reservationId: number;
  ref: string;
  propertyName: string;
  checkin: string;
  checkout: string;
  totalMinor: number;
  currency: string;
  decimals: number;
  guest: Recipient | null;
  owner: Recipient | null;
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

// Deleted accounts keep a row with an anonymised address: they are never written to.
const person = (r: Row, p: string): Recipient | null =>
  r[`${p}_id`] === null || r[`${p}_id`] === undefined || r[`${p}_deleted`] === true
    ? null
    : {
        userId: Number(r[`${p}_id`]),
        email: String(r[`${p}_email`]),
        name: String(r[`${p}_first_name`] || r[`${p}_username`]),
        fullName: String(r[`${p}_full_name`] ?? '').trim() || null,
        locale: String(r[`${p}_locale`] ?? 'en'),
        timeZone: (r[`${p}_time_zone`] as string | null) ?? null,
      };

const personColumns = (alias: string, p: string) =>
  sql.raw(
    `${alias}.id AS ${p}_id, ${alias}.email AS ${p}_email, ${alias}.first_name AS ${p}_first_name, ${alias}.username AS ${p}_username, ` +
      `trim(${alias}.first_name || ' ' || ${alias}.last_name) AS ${p}_full_name, ${alias}.locale AS ${p}_locale, ` +
      `${alias}.time_zone AS ${p}_time_zone, (${alias}.deleted_at IS NOT NULL) AS ${p}_deleted`,
  );

export function emailsRepository(db: Executor) {
  return {
    async stayContexts(reservationIds: number[]): Promise<Map<number, StayContext>> {
      if (!reservationIds.length) return new Map();
      const result = await db.execute(sql`
        SELECT r.id, r.booking_ref_code, to_char(r.checkin_date, 'YYYY-MM-DD') AS checkin, to_char(r.checkout_date, 'YYYY-MM-DD') AS checkout,
          r.total_minor, r.currency,
          COALESCE((r.price_snapshot->'currency'->>'decimals')::int, c.decimals, 2) AS decimals,
          COALESCE(NULLIF(p.public_name, ''), NULLIF(p.internal_name, ''), '') AS property_name,
          ${personColumns('g', 'guest')}, ${personColumns('o', 'owner')}
        FROM reservations r
        JOIN properties p ON p.id = r.property_id
        LEFT JOIN users g ON g.id = r.guest_id
        LEFT JOIN users o ON o.id = p.owner_id
        LEFT JOIN currencies c ON c.code = r.currency
        WHERE r.id IN (${sql.join(
          reservationIds.map((id) => sql`${id}`),
          sql`, `,
        )})`);
      return new Map(
        rowsOf(result).map((r) => [
          Number(r.id),
          {
            reservationId: Number(r.id),
            ref: String(r.booking_ref_code),
            propertyName: String(r.property_name),
            checkin: String(r.checkin),
            checkout: String(r.checkout),
            totalMinor: Number(r.total_minor),
            currency: String(r.currency),
            decimals: Number(r.decimals),
            guest: person(r, 'guest'),
            owner: person(r, 'owner'),
          },
        ]),
      );
    },

    async recipients(userIds: number[]): Promise<Map<number, Recipient>> {
      if (!userIds.length) return new Map();
      const result = await db.execute(sql`SELECT ${personColumns('u', 'u')} FROM users u
        WHERE u.id IN (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`);
      const out = new Map<number, Recipient>();
      for (const r of rowsOf(result)) {
        const p = person(r, 'u');
        if (p) out.set(p.userId, p);
      }
      return out;
    },

    /** Queues the mails; one already queued for the same event, template and recipient is kept as it is. */
    async enqueue(jobs: NewEmailJob[], now: Date): Promise<number> {
      if (!jobs.length) return 0;
      const rows = await db
        .insert(emailJobs)
        .values(jobs.map((j) => ({ ...j, nextAttemptAt: now, createdAt: now })))
        .onConflictDoNothing()
        .returning({ id: emailJobs.id });
      return rows.length;
    },

    /**
     * Claims up to `limit` due mails (queued, or claimed by a sender that died: its claim ran out)
     * and counts the attempt; other instances skip the locked rows. A claim lasts until `until`.
     */
    async claimDue(limit: number, now: Date, until: Date): Promise<EmailJobRow[]> {
      const result = await db.execute(sql`
        UPDATE email_jobs SET status = 'sending', attempts = attempts + 1, next_attempt_at = ${until.toISOString()}::timestamptz
        WHERE id IN (
          SELECT id FROM email_jobs WHERE status IN ('queued', 'sending') AND next_attempt_at <= ${now.toISOString()}::timestamptz
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, source_event_id, template, recipient_user_id, to_address, locale, vars, status, attempts, next_attempt_at, last_error, created_at, sent_at`);
      return rowsOf(result)
        .map((r) => ({
          id: Number(r.id),
          sourceEventId: Number(r.source_event_id),
          template: String(r.template),
          recipientUserId: Number(r.recipient_user_id),
          toAddress: String(r.to_address),
          locale: String(r.locale),
          vars: r.vars,
          status: String(r.status),
          attempts: Number(r.attempts),
          nextAttemptAt: new Date(r.next_attempt_at as string),
          lastError: (r.last_error as string | null) ?? null,
          createdAt: new Date(r.created_at as string),
          sentAt: r.sent_at ? new Date(r.sent_at as string) : null,
        }))
        .sort((a, b) => a.id - b.id);
    },

    async markSent(id: number, at: Date): Promise<void> {
      await db.execute(
        sql`UPDATE email_jobs SET status = 'sent', sent_at = ${at.toISOString()}::timestamptz, last_error = NULL WHERE id = ${id}`,
      );
    },

    /** Puts a mail back for another attempt at `retryAt`, or gives up on it (`retryAt` null). */
    async markFailed(id: number, error: string, retryAt: Date | null): Promise<void> {
      await db.execute(
        retryAt
          ? sql`UPDATE email_jobs SET status = 'queued', last_error = ${error}, next_attempt_at = ${retryAt.toISOString()}::timestamptz WHERE id = ${id}`
          : sql`UPDATE email_jobs SET status = 'failed', last_error = ${error} WHERE id = ${id}`,
      );
    },

    /** Mails not sent, by status, and how long the oldest due one has waited (seconds; 0 when none). */
    async backlog(
      now: Date,
    ): Promise<{ counts: Record<'queued' | 'sending' | 'failed', number>; oldestDueSeconds: number }> {
      const result = await db.execute(sql`
        SELECT status, count(*)::int AS n,
          COALESCE(EXTRACT(EPOCH FROM ${now.toISOString()}::timestamptz - min(created_at) FILTER (WHERE status = 'queued')), 0)::float8 AS age
        FROM email_jobs WHERE status IN ('queued', 'sending', 'failed') GROUP BY status`);
      const counts = { queued: 0, sending: 0, failed: 0 };
      let oldestDueSeconds = 0;
      for (const r of rowsOf(result)) {
        counts[r.status as keyof typeof counts] = Number(r.n);
        oldestDueSeconds = Math.max(oldestDueSeconds, Number(r.age));
      }
      return { counts, oldestDueSeconds };
    },

    /** Every job, oldest first (tests and support). */
    async list(): Promise<EmailJobRow[]> {
      return db.select().from(emailJobs).orderBy(emailJobs.id);
    },
  };
}
