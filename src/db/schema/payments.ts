// What a reservation owes and gives back. The reservations issue records the requests (an
// additional payment after a modification, a refund after a cancellation or a shorter stay);
// the payments issue executes them through the processor. Amounts are integer minor units of the
// reservation's currency.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { reservations } from './reservations.ts';
import { serialId, ts, ref } from './columns.ts';

export const payments = pgTable(
  'payments',
  {
    id: serialId(),
    reservationId: ref('reservation_id')
      .notNull()
      .references(() => reservations.id),
    userId: ref('user_id').references(() => users.id),
    /** 'reservation' (the booking's total) or 'additional' (a modification's surplus). */
    type: text('type').notNull(),
    /** pending, paid, failed, expired, refunded, partially_refunded (contract §7). */
    status: text('status').notNull().default('pending'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The reservation's version this request was made for (reservations.version); −1: never countable. */
    reservationVersion: integer('reservation_version').notNull().default(0),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method'),
    transactionId: text('transaction_id'),
    provider: text('provider'),
    sessionId: text('session_id'),
    /** The processor's payment (Stripe PaymentIntent) id, what refunds are made against. */
    processorPaymentId: text('processor_payment_id'),
    checkoutUrl: text('checkout_url'),
    /** Client secret of the checkout session (the spec's checkout_secret). */
    checkoutSecret: text('checkout_secret'),
    /** Near-raw copy of the processor's checkout session (the spec's payment_details). */
    details: jsonb('details'),
    expiresAt: ts('expires_at'),
    /**
     * When the processor was asked for this request's checkout: every parameter of that call
     * (expiry included) derives from it and the row, and the idempotency key names it.
     */
    checkoutRequestedAt: ts('checkout_requested_at'),
    /** Amount refunded from this payment (minor units), for refunded / partially_refunded. */
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
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

export interface RefundPart {
  paymentId: number;
  amountMinor: number;
}

export const refunds = pgTable(
  'refunds',
  {
    id: serialId(),
    reservationId: ref('reservation_id')
      .notNull()
      .references(() => reservations.id),
    /** Set when the refund gives back one payment in full (a superseded or late payment). */
    paymentId: ref('payment_id').references(() => payments.id),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** 'cancellation', 'modification', 'late_payment' (paid after the nights were gone) or 'superseded'. */
    reason: text('reason').notNull(),
    /**
     * How much is taken back from which payment, fixed when the refund is requested (under the
     * reservation's lock), so every attempt sends the processor the same request under its key.
     */
    plan: jsonb('plan').$type<RefundPart[]>(),
    /** pending → succeeded | failed (retried until it succeeds). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a failed attempt may be retried (backoff). */
    nextAttemptAt: ts('next_attempt_at'),
    processorRefundId: text('processor_refund_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('refunds_reservation_idx').on(t.reservationId),
    index('refunds_open_idx').on(t.createdAt).where(sql`status <> 'succeeded'`),
  ],
);

/**
 * The built-in processor's own records (PAYMENT_PROCESSOR=local): hosted checkout sessions, and
 * refunds and transfers keyed by the idempotency key of the write that made them, so a retried
 * write returns the first result as a real processor does.
 */
export const localCheckoutSessions = pgTable(
  'local_checkout_sessions',
  {
    id: text('id').primaryKey(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** open → complete | expired. */
    status: text('status').notNull().default('open'),
    /** unpaid → paid. */
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    clientReferenceId: text('client_reference_id'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    description: text('description'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    customerEmail: text('customer_email'),
    customerName: text('customer_name'),
    clientSecret: text('client_secret').notNull(),
    paymentIntentId: text('payment_intent_id'),
    idempotencyKey: text('idempotency_key'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [uniqueIndex('local_checkout_sessions_idem_uq').on(t.idempotencyKey)],
);

export const localProcessorRecords = pgTable(
  'local_processor_records',
  {
    id: text('id').primaryKey(),
    /** 'refund' or 'transfer'. */
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    data: jsonb('data').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('local_processor_records_idem_uq').on(t.kind, t.idempotencyKey)],
);

/**
 * Owner earnings ledger (contract §7): one 'earning' line per confirmed stay (sub_total −
 * service_fee_total − commission), 'reversal' lines (negative) for refunds, each paid out once.
 */
export const ownerEarnings = pgTable(
  'owner_earnings',
  {
    id: serialId(),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id),
    reservationId: ref('reservation_id')
      .notNull()
      .references(() => reservations.id),
    /** 'earning' or 'reversal'. */
    kind: text('kind').notNull(),
    /** What made the line: the payment id for an earning, the refund id for a reversal. */
    sourceRef: text('source_ref').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    commissionMinor: bigint('commission_minor', { mode: 'number' }).notNull().default(0),
    payableAt: ts('payable_at').notNull(),
    payoutId: ref('payout_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('owner_earnings_source_uq').on(t.kind, t.sourceRef),
    index('owner_earnings_unpaid_idx').on(t.ownerId, t.currency).where(sql`payout_id IS NULL`),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: serialId(),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id),
    /** Currency of the earnings paid. */
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** Currency and amount actually transferred (after conversion with the currency table's rates). */
    transferCurrency: text('transfer_currency').notNull(),
    transferAmountMinor: bigint('transfer_amount_minor', { mode: 'number' }).notNull(),
    rate: numeric('rate', { precision: 20, scale: 10 }),
    /** pending → paid | failed. */
    status: text('status').notNull().default('pending'),
    transferId: text('transfer_id'),
    lastError: text('last_error'),
    runId: text('run_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payouts_owner_idx').on(t.ownerId, t.createdAt)],
);

/** The one row of payout settings (id = 1). */
export const payoutSettings = pgTable('payout_settings', {
  id: integer('id').primaryKey().default(1),
  minAmount: numeric('min_amount', { precision: 20, scale: 4 }).notNull().default('0'),
  maxPayouts: integer('max_payouts').notNull().default(100),
  currency: text('currency').notNull().default('EUR'),
  autoEnabled: boolean('auto_enabled').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
