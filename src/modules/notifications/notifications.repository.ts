// SQL of notifications: the recipient's reads, and the two ways rows are written (one domain
// event's recipients, a chunk of a broadcast), each with its 'notification.created' outbox events
// in the same statement.
import { and, count, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { bigintArray } from '../../db/sql-arrays.ts';
import type { Executor } from '../../db/connection.ts';
import { compileStatement, rawQuery } from '../../db/raw-query.ts';
import { notifications, users } from '../../db/schema/index.ts';
import type { Role } from '../../kernel/caller.ts';
import type { Locale } from '../emails/index.ts';
import { NOTIFICATION_CREATED, type NotificationType } from './notification-types.ts';
import { queryRows } from '../../db/query-rows.ts';

const withUser = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  payload: notifications.payload,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  updatedAt: notifications.updatedAt,
  user: {
    id: users.id,
    username: users.username,
    avatar: users.avatar,
    firstName: users.firstName,
    lastName: users.lastName,
  },
};

export type NotificationWithUser = {
  id: number;
  title: string;
  message: string;
  payload: unknown;
  isRead: boolean;
  createdAt: Date;
  updatedAt: Date;
  user: { id: number; username: string; avatar: string | null; firstName: string; lastName: string };
};

/** A text in each language notifications are written in (emails' LOCALES). */
export type Localized = Record<Locale, string>;

/** One recipient's notification about a domain event, in every language: stored in the recipient's. */
export interface PlannedNotification {
  userId: number;
  type: NotificationType;
  title: Localized;
  message: Localized;
  data: Record<string, unknown>;
}

export interface BroadcastChunk {
  role?: Role;
  userIds: number[];
  /** Keyset position: only users with a greater id. */
  afterUserId: number;
  limit: number;
  title: string;
  message: string;
  payload: Record<string, unknown>;
  now: Date;
}

export interface ReservationContext {
  reservationId: number;
  bookingRefCode: string;
  propertyId: number;
  propertyName: string;
  ownerId: number;
  guestId: number | null;
  guestName: string | null;
  checkinDate: string;
  checkoutDate: string;
}

// The event data of each inserted row, built by the same statement that inserts it.
const createdEvent = (iso: string | Placeholder) => sql`
  INSERT INTO outbox_events (topic, payload)
  SELECT ${NOTIFICATION_CREATED}, jsonb_build_object(
    'notification_id', ins.id, 'user_id', ins.user_id, 'type', ins.type, 'title', ins.title,
    'message', ins.message, 'data', ins.payload, 'created_at', ${iso}::text)
  FROM ins ORDER BY ins.id`;

const ph = (name: string) => sql.placeholder(name);

// The relay's two statements for a batch of events (every pass under bookings sends them):
// compiled once. Exported for the plan test (test/query-plans.test.ts).
export const INSERT_FOR_EVENTS = compileStatement<'rows' | 'at'>(
  sql`
        WITH v AS (
          SELECT * FROM jsonb_to_recordset(${ph('rows')}::jsonb)
            AS v(event_id bigint, user_id bigint, type text, title jsonb, message jsonb, data jsonb, ord int)
        ), ins AS (
          INSERT INTO notifications (user_id, type, title, message, payload, source_event_id, created_at, updated_at)
          -- title and message come in every language we write in; the recipient's locale picks one.
          SELECT v.user_id, v.type, COALESCE(v.title ->> loc.locale, v.title ->> 'en'),
            COALESCE(v.message ->> loc.locale, v.message ->> 'en'), v.data, v.event_id, ${ph('at')}::timestamptz, ${ph('at')}::timestamptz
          FROM v
          -- Looked up per row by key. LIMIT 1 keeps the planner from flattening the lookup into a
          -- join, which it plans for a batch of 100 unknown rows as a hash over every user.
          CROSS JOIN LATERAL (SELECT u.locale, u.deleted_at FROM users u WHERE u.id = v.user_id LIMIT 1) loc
          WHERE loc.deleted_at IS NULL
          ORDER BY v.ord
          ON CONFLICT (source_event_id, user_id) DO NOTHING
          RETURNING id, user_id, type, title, message, payload
        ), ev AS (${createdEvent(ph('at'))})
        SELECT count(*)::int AS n FROM ins`,
  'insert_notifications',
);

const RESERVATION_CONTEXTS = {
  name: 'reservation_contexts',
  text: `SELECT r.id, r.booking_ref_code, p.id AS property_id,
      COALESCE(NULLIF(p.public_name, ''), NULLIF(p.internal_name, ''), 'your listing') AS property_name, p.owner_id, r.guest_id,
      NULLIF(trim(u.first_name || ' ' || u.last_name), '') AS guest_name,
      to_char(r.checkin_date, 'YYYY-MM-DD') AS checkin_date, to_char(r.checkout_date, 'YYYY-MM-DD') AS checkout_date
    FROM reservations r JOIN properties p ON p.id = r.property_id LEFT JOIN users u ON u.id = r.guest_id
    WHERE r.id = ANY($1::bigint[])`,
};

interface ContextRow {
  id: string | number;
  booking_ref_code: string;
  property_id: string | number;
  property_name: string;
  owner_id: string | number;
  guest_id: string | number | null;
  guest_name: string | null;
  checkin_date: string;
  checkout_date: string;
}

export function notificationsRepository(db: Executor) {
  const mine = (userId: number, isRead?: boolean): SQL =>
    isRead === undefined
      ? eq(notifications.userId, userId)
      : and(eq(notifications.userId, userId), eq(notifications.isRead, isRead))!;

  return {
    /** The recipient's notifications, newest first. */
    async list(
      userId: number,
      opts: { isRead?: boolean; limit: number; offset: number },
    ): Promise<NotificationWithUser[]> {
      return db
        .select(withUser)
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(mine(userId, opts.isRead))
        .orderBy(desc(notifications.id))
        .limit(opts.limit)
        .offset(opts.offset);
    },

    async count(userId: number, isRead?: boolean): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notifications).where(mine(userId, isRead));
      return row?.n ?? 0;
    },

    /** A notification of this recipient (undefined for anyone else's). */
    async find(userId: number, id: number): Promise<NotificationWithUser | undefined> {
      const [row] = await db
        .select(withUser)
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
      return row;
    },

    /** Marks one unread notification read; a read one keeps its first read_at. */
    async markRead(userId: number, id: number, now: Date): Promise<void> {
      await db
        .update(notifications)
        .set({ isRead: true, readAt: now, updatedAt: now })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId), sql`NOT ${notifications.isRead}`));
    },

    /** Returns how many were unread. */
    async markAllRead(userId: number, now: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true, readAt: now, updatedAt: now })
        .where(and(eq(notifications.userId, userId), sql`NOT ${notifications.isRead}`))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), sql`NOT ${notifications.isRead}`));
      return row?.n ?? 0;
    },

    /**
     * Writes an event's notifications, at most one per (event, recipient) however often it runs,
     * skipping accounts that no longer exist. Returns how many rows (and events) were new.
     */
    async insertForEvent(eventId: number, planned: PlannedNotification[], now: Date): Promise<number> {
      return notificationsRepository(db).insertForEvents([{ eventId, notifications: planned }], now);
    },

    /**
     * `insertForEvent` for several events in one statement: rows (and their events) are written in
     * the given order, events first, then recipients.
     */
    async insertForEvents(
      batch: Array<{ eventId: number; notifications: PlannedNotification[] }>,
      now: Date,
    ): Promise<number> {
      let ord = 0;
      const rows = batch.flatMap((b) =>
        b.notifications.map((p) => ({
          ord: ord++,
          event_id: b.eventId,
          user_id: p.userId,
          type: p.type,
          title: p.title,
          message: p.message,
          data: p.data,
        })),
      );
      if (!rows.length) return 0;
      const res = await rawQuery<{ n: number }>(
        db,
        INSERT_FOR_EVENTS,
        INSERT_FOR_EVENTS.bind({ rows: JSON.stringify(rows), at: now.toISOString() }),
      );
      return Number(res[0]?.n ?? 0);
    },

    /**
     * One chunk of a broadcast: the next `limit` active users (by id) who are listed (when ids are
     * given) and have the role (when one is given), in one statement with their events. Returns
     * how many and the last user id.
     */
    async insertBroadcastChunk(c: BroadcastChunk): Promise<{ count: number; lastUserId: number }> {
      const listed = c.userIds.length ? sql`id = ANY(${bigintArray(c.userIds)})` : sql`true`;
      const byRole = c.role ? sql`role = ${c.role}` : sql`true`;
      const iso = c.now.toISOString();
      const res = await queryRows<{
        n: number;
        last: string | number;
      }>(
        db,
        sql`
        WITH targets AS (
          SELECT id FROM users
          WHERE id > ${c.afterUserId} AND is_active AND deleted_at IS NULL AND ${byRole} AND ${listed}
          ORDER BY id LIMIT ${c.limit}
        ), ins AS (
          INSERT INTO notifications (user_id, type, title, message, payload, created_at, updated_at)
          SELECT id, 'general', ${c.title}, ${c.message}, ${JSON.stringify(c.payload)}::jsonb, ${iso}::timestamptz, ${iso}::timestamptz
          FROM targets ORDER BY id
          RETURNING id, user_id, type, title, message, payload
        ), ev AS (${createdEvent(iso)})
        SELECT count(*)::int AS n, COALESCE(max(user_id), 0)::bigint AS last FROM ins`,
      );
      return { count: Number(res.rows[0]?.n ?? 0), lastUserId: Number(res.rows[0]?.last ?? 0) };
    },

    /** Which of `userIds` are accounts (not deleted) with a role other than `role`, ascending. */
    async idsWithOtherRole(userIds: number[], role: Role): Promise<number[]> {
      if (!userIds.length) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`${users.id} = ANY(${bigintArray(userIds)})`,
            sql`${users.role} <> ${role}`,
            sql`${users.deletedAt} IS NULL`,
          ),
        )
        .orderBy(users.id);
      return rows.map((r) => r.id);
    },

    /** Active support agents, who pick up what the chatbot could not answer (a small team, bounded). */
    async supportAgentIds(limit = 500): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'support'), eq(users.isActive, true), sql`${users.deletedAt} IS NULL`))
        .orderBy(users.id)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** What a reservation's notifications say, in one query. */
    async reservationContext(reservationId: number): Promise<ReservationContext | undefined> {
      return (await notificationsRepository(db).reservationContexts([reservationId])).get(reservationId);
    },

    /** `reservationContext` of several reservations in one query, by id (missing ones absent). */
    async reservationContexts(reservationIds: number[]): Promise<Map<number, ReservationContext>> {
      const rows = await rawQuery<ContextRow>(db, RESERVATION_CONTEXTS, [reservationIds]);
      return new Map(
        rows.map((r) => [
          Number(r.id),
          {
            reservationId: Number(r.id),
            bookingRefCode: r.booking_ref_code,
            propertyId: Number(r.property_id),
            propertyName: r.property_name,
            ownerId: Number(r.owner_id),
            guestId: r.guest_id === null ? null : Number(r.guest_id),
            guestName: r.guest_name,
            checkinDate: r.checkin_date,
            checkoutDate: r.checkout_date,
          },
        ]),
      );
    },
  };
}
