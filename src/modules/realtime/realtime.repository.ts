// SQL of the real-time transports: the SSE replay and users.last_seen_at.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { notifications, users } from '../../db/schema/index.ts';
import type { NotificationCreated } from './frames.ts';

// At most this many missed notifications are replayed (the newest); older ones are in GET /notifications.
export const REPLAY_LIMIT = 1000;

export function realtimeRepository(db: Executor) {
  return {
    /** The user's newest `limit` notifications after `afterId`, oldest first, in the event's shape. */
    async notificationsAfter(userId: number, afterId: number, limit: number): Promise<NotificationCreated[]> {
      const rows = await db
        .select({
          id: notifications.id,
          type: notifications.type,
          title: notifications.title,
          message: notifications.message,
          payload: notifications.payload,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
        .orderBy(desc(notifications.id))
        .limit(limit);
      return rows.reverse().map((r) => ({
        notification_id: r.id,
        user_id: userId,
        type: r.type as NotificationCreated['type'],
        title: r.title,
        message: r.message,
        data: (r.payload && typeof r.payload === 'object' ? r.payload : {}) as Record<string, unknown>,
        created_at: r.createdAt.toISOString(),
      }));
    },

    async setLastSeen(userId: number, at: Date): Promise<void> {
      await db.update(users).set({ lastSeenAt: at }).where(eq(users.id, userId));
    },
  };
}
