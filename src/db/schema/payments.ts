// What a reservation owes and gives back. The reservations issue records the requests (an
// additional payment after a modification, a refund after a cancellation or a shorter stay);
// the payments issue executes them through the processor. Amounts are integer minor units of the
// reservation's currency.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { reservations } from './reservations.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const ref = (name: string) => bigint(name, { mode: 'number' });

export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reservationId: ref('reservation_id').notNull().references(() => reservations.id),
    userId: ref('user_id').references(() => users.id),
    /** 'reservation' (the booking's total) or 'additional' (a modification's surplus). */
    type: text('type').notNull(),
    /** pending, paid, failed, expired, refunded, partially_refunded (contract §7). */
    status: text('status').notNull().default('pending'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method'),
    transactionId: text('transaction_id'),
    provider: text('provider'),
    sessionId: text('session_id'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payments_reservation_idx').on(t.reservationId),
    index('payments_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payments_session_uq').on(t.sessionId),
    // At most one open request per reservation and kind: a new modification replaces the old one.
    uniqueIndex('payments_one_pending_uq').on(t.reservationId, t.type).where(sql`status = 'pending'`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reservationId: ref('reservation_id').notNull().references(() => reservations.id),
    paymentId: ref('payment_id').references(() => payments.id),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** 'cancellation' or 'modification'. */
    reason: text('reason').notNull(),
    /** pending → succeeded | failed (retried until it succeeds). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    processorRefundId: text('processor_refund_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('refunds_reservation_idx').on(t.reservationId),
    index('refunds_open_idx').on(t.createdAt).where(sql`status <> 'succeeded'`),
  ],
);
