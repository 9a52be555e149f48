import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { notFound } from '../../platform/errors.ts';
import { notificationsRepository } from './notifications.repository.ts';
import { toNotificationView } from './notification-view.ts';

/** One of the caller's notifications; another user's is 404, as if it did not exist. */
export async function showNotification(deps: Deps, user: AuthUser, id: number) {
  const row = await notificationsRepository(deps.db).find(user.id, id);
  if (!row) throw notFound('Notification');
  return toNotificationView(row);
}
