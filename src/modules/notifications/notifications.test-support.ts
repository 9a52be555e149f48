// Notifications and recipients built straight in the database for the notification tests, and a
// way to wait until the relay has projected and published everything committed so far.
import { queryRows } from '../../db/query-rows.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../kernel/deps.ts';
import { notifications, outboxEvents } from '../../db/schema/index.ts';
import type { Role } from '../../kernel/caller.ts';
import type { NotificationType } from './notification-types.ts';

/** Projects and publishes every event committed before the call. */
export async function settleOutbox(deps: Deps): Promise<void> {
  await deps.outbox.kick();
  await deps.outbox.idle();
}

let seq = 0;

/** A notification of a user, as a projector or a broadcast would have written it. */
export async function seedNotification(
  deps: Deps,
  userId: number,
  over: Partial<{
    title: string;
    message: string;
    payload: object;
    isRead: boolean;
    type: NotificationType;
    at: Date;
  }> = {},
) {
  seq += 1;
  const at = over.at ?? deps.clock.now();
  const [row] = await deps.db
    .insert(notifications)
    .values({
      userId,
      type: over.type ?? 'general',
      title: over.title ?? `Title ${seq}`,
      message: over.message ?? `Message ${seq}`,
      payload: over.payload ?? { n: seq },
      isRead: over.isRead ?? false,
      readAt: over.isRead ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

/** Many accounts at once (no passwords): one statement, for the fan-out tests. */
export async function bulkUsers(
  deps: Deps,
  n: number,
  role: Role,
  opts: { tag: string; isActive?: boolean } = { tag: 'bulk' },
): Promise<number[]> {
  const res = await queryRows<{ id: string | number }>(
    deps.db,
    sql`
    INSERT INTO users (username, email, role, first_name, last_name, is_active)
    SELECT ${opts.tag} || '_' || g, ${opts.tag} || '_' || g || '@bulk.test', ${role}, 'Bulk', 'User ' || g, ${opts.isActive ?? true}
    FROM generate_series(1, ${n}::int) AS g
    RETURNING id`,
  );
  return res.rows.map((r) => Number(r.id));
}

export async function notificationsOf(deps: Deps, userId: number) {
  return deps.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
}

export async function notificationsOfEvent(deps: Deps, eventId: number) {
  return deps.db
    .select()
    .from(notifications)
    .where(eq(notifications.sourceEventId, eventId))
    .orderBy(asc(notifications.userId));
}

/** The 'notification.created' events written for the given notification ids. */
export async function createdEventsFor(deps: Deps, notificationIds: number[]) {
  if (!notificationIds.length) return [];
  return deps.db
    .select()
    .from(outboxEvents)
    .where(
      and(
        eq(outboxEvents.topic, 'notification.created'),
        sql`(${outboxEvents.payload}->>'notification_id')::bigint IN (${sql.join(
          notificationIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(outboxEvents.id));
}
