// The link to an external channel manager (pending pushes, push state and failures, booking
// revisions applied, drift found by reconciliation) and iCal feeds that block nights.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { properties } from './properties.ts';
import { reservations } from './reservations.ts';
import { serialId, ts, ref } from './columns.ts';

/**
 * Nights whose availability or rates/restrictions changed and are not yet pushed, as ranges
 * `[date_from, date_to)`. The push job merges a property's rows into few remote calls.
 */
export const channelPendingChanges = pgTable(
  'channel_pending_changes',
  {
    id: serialId(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** 'availability' or 'restrictions'. */
    kind: text('kind').notNull(),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('channel_pending_property_idx').on(t.propertyId, t.kind)],
);

/**
 * Per property and kind: the remote rate-limit window, backoff and the outcome of the last push.
 * The 'link' row also keeps when the listing's last full sync was sent (at most one a day) and the
 * last night its pushes reach (the window end, moved forward day by day).
 */
export const channelPushState = pgTable(
  'channel_push_state',
  {
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    windowStartedAt: ts('window_started_at'),
    callsInWindow: integer('calls_in_window').notNull().default(0),
    /** Consecutive failed attempts; drives the backoff. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    lastPushAt: ts('last_push_at'),
    lastSuccessAt: ts('last_success_at'),
    lastError: text('last_error'),
    lastWarnings: jsonb('last_warnings').$type<string[]>(),
    fullSyncAt: ts('full_sync_at'),
    /** Nights before this date (from today) have been queued for pushing at least once. */
    syncedThrough: date('synced_through'),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.kind] })],
);

/**
 * What the channel manager was last told, per remote room type or rate plan and night (the pushed
 * value as JSON text): a push sends only the nights whose value differs from it. A full sync
 * forgets a listing's rows; drift forgets the drifting nights.
 */
export const channelSentValues = pgTable(
  'channel_sent_values',
  {
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** 'availability' or 'restrictions'. */
    kind: text('kind').notNull(),
    remoteId: text('remote_id').notNull(),
    night: date('night').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.kind, t.remoteId, t.night] })],
);

/** The fingerprint of what was last sent for a listing, room type or rate plan there: unchanged ones are not sent again. */
export const channelSentObjects = pgTable(
  'channel_sent_objects',
  {
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** 'property', 'room_type' or 'rate_plan'. */
    kind: text('kind').notNull(),
    remoteId: text('remote_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.kind, t.remoteId] })],
);

/** Contact details the channel manager needs before a listing's first channel connection, beyond what the listing itself has. */
export const channelContacts = pgTable('channel_contacts', {
  propertyId: ref('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  email: text('email'),
  phone: text('phone'),
  zipCode: text('zip_code'),
  city: text('city'),
  state: text('state'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Every failed push or pull, kept for the status route until a later success resolves it. */
export const channelSyncFailures = pgTable(
  'channel_sync_failures',
  {
    id: serialId(),
    propertyId: ref('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    /** 'link', 'availability', 'restrictions', 'booking', 'message', 'reconcile'. */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    warnings: jsonb('warnings').$type<string[]>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [index('channel_failures_property_idx').on(t.propertyId, t.createdAt)],
);

/** Booking revisions from the channel manager, each applied once (keyed by the remote id). */
export const channelBookingRevisions = pgTable(
  'channel_booking_revisions',
  {
    revisionId: text('revision_id').primaryKey(),
    remoteBookingId: text('remote_booking_id').notNull(),
    propertyId: ref('property_id').references(() => properties.id, { onDelete: 'set null' }),
    reservationId: ref('reservation_id').references(() => reservations.id),
    /** 'new', 'modified' or 'cancelled'. */
    status: text('status').notNull(),
    /** The revision could not be placed without selling a night beyond its count. */
    overbooked: boolean('overbooked').notNull().default(false),
    /** Why it could not be placed on any unit (a room not mapped): recorded, acknowledged, shown to the owner. */
    unplacedReason: text('unplaced_reason'),
    payload: jsonb('payload').notNull(),
    appliedAt: ts('applied_at').notNull().defaultNow(),
    ackedAt: ts('acked_at'),
  },
  (t) => [
    index('channel_revisions_booking_idx').on(t.remoteBookingId),
    // A listing's revisions (the unplaced ones it shows its owner, newest first) and its
    // unacknowledged ones: by listing, so neither read grows with the other listings' history.
    index('channel_revisions_property_idx').on(t.propertyId, t.appliedAt),
    index('channel_revisions_unacked_idx').on(t.propertyId).where(sql`acked_at IS NULL`),
  ],
);

/** Nights where our availability differs from the channel manager's, as last reconciled. */
export const channelDrift = pgTable(
  'channel_drift',
  {
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    roomTypeId: ref('room_type_id').notNull(),
    night: date('night').notNull(),
    ours: integer('ours').notNull(),
    remote: integer('remote').notNull(),
    detectedAt: ts('detected_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.roomTypeId, t.night] })],
);

/** An external calendar (iCal URL) whose busy dates block one unit of a listing. */
export const icalFeeds = pgTable(
  'ical_feeds',
  {
    id: serialId(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** 0 = the whole listing; otherwise the room type whose units it blocks. */
    roomTypeId: ref('room_type_id').notNull().default(0),
    url: text('url').notNull(),
    name: text('name'),
    lastFetchedAt: ts('last_fetched_at'),
    lastSuccessAt: ts('last_success_at'),
    lastError: text('last_error'),
    /** failed: over its reading budget; the refresh job leaves it until a manual refresh reads it again. */
    status: text('status').$type<'active' | 'failed'>().notNull().default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ical_feeds_property_url_uq').on(t.propertyId, t.roomTypeId, t.url)],
);

/** The nights a feed currently blocks; a refresh replaces them (and adjusts property_nights.blocked). */
export const icalBlocks = pgTable(
  'ical_blocks',
  {
    feedId: ref('feed_id')
      .notNull()
      .references(() => icalFeeds.id, { onDelete: 'cascade' }),
    night: date('night').notNull(),
    uid: text('uid'),
    summary: text('summary'),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.night] })],
);
