// The e-mail queue: one row per message an outbox event implies, written by the e-mails
// projector in the relay's transaction and sent by the send-emails job (modules/emails).
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, ts } from './columns.ts';

export const emailJobs = pgTable(
  'email_jobs',
  {
    id: serialId(),
    /** The outbox event that implied the message: with template and recipient, a re-projected event writes nothing new. */
    sourceEventId: bigint('source_event_id', { mode: 'number' }).notNull(),
    template: text('template').notNull(),
    recipientUserId: bigint('recipient_user_id', { mode: 'number' }).notNull(),
    toAddress: text('to_address').notNull(),
    locale: text('locale').notNull(),
    /** The template's values, already read from the database (dates ISO, money in minor units). */
    vars: jsonb('vars').notNull(),
    /** queued → sending (claimed until next_attempt_at) → sent, or failed after the last attempt. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('email_jobs_event_template_recipient_uq').on(t.sourceEventId, t.template, t.recipientUserId),
    // The send job only ever scans what is still to send.
    index('email_jobs_due_idx').on(t.nextAttemptAt).where(sql`status IN ('queued', 'sending')`),
  ],
);
