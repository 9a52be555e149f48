// Outgoing webhooks (contract §12): the endpoints integrators subscribe, and one delivery row per
// event × endpoint, written by the webhooks projector in the outbox relay's transaction and sent
// by the deliver-webhooks job (modules/webhooks).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { serialId, ts } from './columns.ts';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serialId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** 'owner': events of the subscriber's own listings; 'all': every event (an admin's endpoint). */
    scope: text('scope').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description'),
    enabled: boolean('enabled').notNull().default(true),
    /** whsec_<base64>: signs every delivery. */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, still signing beside the new one until previous_secret_until. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: ts('previous_secret_until'),
    /** Set at the first failed attempt after a success; 5 days on, the endpoint is disabled. */
    failingSince: ts('failing_since'),
    disabledAt: ts('disabled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serialId(),
    endpointId: bigint('endpoint_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The outbox event delivered (null for a ping): with the endpoint, a re-projected event writes nothing new. */
    eventId: bigint('event_id', { mode: 'number' }),
    type: text('type').notNull(),
    /** The webhook-id header: the same on every attempt, so receivers can drop repeats. */
    messageId: text('message_id').notNull(),
    /** The outbox event's payload: the body's data is read from it at the first attempt. */
    source: jsonb('source').notNull(),
    /** The body sent, kept from the first attempt so every retry sends (and signs) the same bytes. */
    body: text('body'),
    /** pending → sending (claimed until next_attempt_at) → succeeded, or failed after the last attempt. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_uq').on(t.endpointId, t.eventId),
    uniqueIndex('webhook_deliveries_message_uq').on(t.messageId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    // The delivery job only ever scans what is still to send.
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status IN ('pending', 'sending')`),
  ],
);
