// The spec's REST form of a stored notification: payload as JSON text, is_read as 0/1, no type.
import type { NotificationWithUser } from './notifications.repository.ts';

export function toNotificationView(n: NotificationWithUser) {
  return {
    id: n.id,
    title: n.title,
    message: n.message,
    payload: JSON.stringify(n.payload ?? {}),
    is_read: n.isRead ? (1 as const) : (0 as const),
    created_at: n.createdAt.toISOString(),
    updated_at: n.updatedAt.toISOString(),
    user: {
      id: n.user.id,
      username: n.user.username,
      avatar: n.user.avatar,
      first_name: n.user.firstName,
      last_name: n.user.lastName,
    },
  };
}

export type NotificationView = ReturnType<typeof toNotificationView>;
