// Tables of the cross-cutting platform: event outbox, mail outbox, jobs, idempotency keys.
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, index } from 'drizzle-orm/pg-core';
import { serialId, ts } from './columns.ts';

/** Domain events written in the same transaction as the change they describe. */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: serialId(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    publishedAt: ts('published_at'),
    attempts: integer('attempts').notNull().default(0),
  },
  // Partial index: the relay only ever scans what is still unpublished.
  (t) => [index('outbox_events_unpublished_idx').on(t.id).where(sql`published_at IS NULL`)],
);

/** E-mails kept by the default mailer (and a copy of what SMTP sent). */
export const mailOutbox = pgTable('mail_outbox', {
  id: serialId(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  transport: text('transport').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One row per recurring job; the row lock decides which instance runs it. */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  nextRunAt: ts('next_run_at').notNull(),
  lockedBy: text('locked_by'),
  lockedUntil: ts('locked_until'),
  lastStartedAt: ts('last_started_at'),
  lastFinishedAt: ts('last_finished_at'),
  lastError: text('last_error'),
  runCount: integer('run_count').notNull().default(0),
});

/** Responses remembered for Idempotency-Key replays, per caller and key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    /** What the first attempt committed (e.g. the reservation's id), written in its own transaction:
     * when that attempt died before its answer was stored, a retry answers with it instead of doing it again. */
    resourceId: integer('resource_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
