// Reservations, the unit lines they hold, and reviews. Prices are snapshots in integer minor
// units of the reservation's currency, taken when the reservation was made.
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { properties } from './properties.ts';
import { serialId, ts, ref } from './columns.ts';

/** Money side of the last change of dates, rooms or guests, in minor units. */
export interface ModificationResult {
  old_total: number;
  new_total: number;
  paid_amount: number;
  additional_due: number;
  refund_due: number;
  price_difference: number;
  needs_additional_payment: boolean;
  refund_initiated: boolean;
  refund_amount: number;
}

/**
 * The stay as last paid for, kept while a change that added unpaid value waits for its money
 * (minor units; lines as reservation_rooms holds them).
 */
export interface PaidStay {
  checkin: string;
  checkout: string;
  adults: number;
  children: number;
  total_minor: number;
  offer_id: number | null;
  price_snapshot: unknown;
  lines: Array<{ roomTypeId: number; ratePlanId: number | null; roomsCount: number; lineTotalMinor: number }>;
}

export const reservations = pgTable(
  'reservations',
  {
    id: serialId(),
    bookingRefCode: text('booking_ref_code').notNull(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id),
    guestId: ref('guest_id').references(() => users.id),
    /** pending → confirmed → completed; pending → expired | cancelled; confirmed → cancelled. */
    status: text('status').notNull().default('pending'),
    checkinDate: date('checkin_date').notNull(),
    checkoutDate: date('checkout_date').notNull(),
    adults: integer('adults').notNull().default(1),
    children: integer('children').notNull().default(0),
    /** Contact and per-guest details of the multi-room payload. */
    guestDetails: jsonb('guest_details').notNull().default(sql`'{}'::jsonb`),
    specialRequests: text('special_requests'),
    promoCodeId: ref('promo_code_id'),
    offerId: ref('offer_id'),
    currency: text('currency').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    /** Refunds executed (succeeded at the processor). */
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    /**
     * Refunds requested, executed or not: a request is never dropped, only retried, so what the
     * platform keeps is paid − this, and what is owed is total − (paid − this).
     */
    refundRequestedMinor: bigint('refund_requested_minor', { mode: 'number' }).notNull().default(0),
    /**
     * Bumped by every accepted modification and by cancellation. A checkout is opened for one
     * version; a payment on an older one is never counted (refunded in full instead).
     */
    version: integer('version').notNull().default(0),
    /** The price breakdown, stay rules and cancellation policy in force at booking time. */
    priceSnapshot: jsonb('price_snapshot').notNull(),
    rulesSnapshot: jsonb('rules_snapshot').notNull().default(sql`'{}'::jsonb`),
    cancellationPolicy: jsonb('cancellation_policy').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    holdExpiresAt: ts('hold_expires_at'),
    confirmedAt: ts('confirmed_at'),
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
    cancelledBy: ref('cancelled_by').references(() => users.id),
    /** Refund owed by the cancellation (minor units), null while not cancelled. */
    cancellationRefundMinor: bigint('cancellation_refund_minor', { mode: 'number' }),
    /**
     * While a change that added unpaid value to a confirmed stay waits for its additional payment:
     * the stay as paid for, whose nights stay held beside the new ones until `change_expires_at`;
     * unpaid then, the change is reverted to it (expire-holds.ts).
     */
    paidStay: jsonb('paid_stay').$type<PaidStay>(),
    changeExpiresAt: ts('change_expires_at'),
    /** The last modification's money result (minor units), shown with the reservation. */
    lastModification: jsonb('last_modification').$type<ModificationResult>(),
    /** Unguessable id of the public feedback page, issued at check-out. */
    feedbackId: text('feedback_id'),
    source: text('source').notNull().default('direct'),
    provider: text('provider'),
    externalId: text('external_id'),
    /** A travel-platform booking accepted although a night was already full: the owner must resolve it. */
    overbooked: boolean('overbooked').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reservations_ref_uq').on(t.bookingRefCode),
    uniqueIndex('reservations_feedback_uq').on(t.feedbackId),
    index('reservations_guest_idx').on(t.guestId, t.createdAt),
    index('reservations_property_idx').on(t.propertyId, t.checkinDate),
    // The expiry job scans only unpaid holds that expire. `hold_expires_at IS NOT NULL` keeps the
    // booking's count of a guest's live holds (… AND (hold_expires_at IS NULL OR …)) off this
    // index: with statistics taken while no hold was pending (a vacuum at a quiet hour), both
    // pending indexes look empty, PostgreSQL took this one whole, and every booking walked every
    // guest's pending holds (16 ms at 30,000; the benchmark's rounds collapsed, bench/README.md).
    index('reservations_pending_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`status = 'pending' AND hold_expires_at IS NOT NULL`),
    // A guest's pending holds, counted by every booking (the limit of 5) under the guest's lock:
    // the only index whose predicate that count implies (test/query-plans.test.ts).
    index('reservations_guest_pending_idx').on(t.guestId).where(sql`status = 'pending'`),
    // The revert job scans only changes waiting for their money.
    index('reservations_change_expires_idx').on(t.changeExpiresAt).where(sql`change_expires_at IS NOT NULL`),
    index('reservations_confirmed_checkout_idx').on(t.checkoutDate).where(sql`status = 'confirmed'`),
  ],
);

/** What a reservation holds: `rooms_count` units of a room type (0 = the whole listing) per night. */
export const reservationRooms = pgTable(
  'reservation_rooms',
  {
    id: serialId(),
    reservationId: ref('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    roomTypeId: ref('room_type_id').notNull().default(0),
    ratePlanId: ref('rate_plan_id'),
    roomsCount: integer('rooms_count').notNull(),
    lineTotalMinor: bigint('line_total_minor', { mode: 'number' }).notNull(),
  },
  (t) => [index('reservation_rooms_reservation_idx').on(t.reservationId)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serialId(),
    reservationId: ref('reservation_id')
      .notNull()
      .references(() => reservations.id),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_reservation_uq').on(t.reservationId),
    index('reviews_property_idx').on(t.propertyId, t.createdAt),
  ],
);
