// The caller's notifications, newest first, optionally only read or only unread ones.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import { notificationsRepository } from './notifications.repository.ts';
import { toNotificationView } from './notification-view.ts';

export async function listNotifications(deps: Deps, user: AuthUser, q: PageQuery & { is_read?: number }) {
  const { page, perPage, offset } = pageWindow(q);
  const isRead = q.is_read === undefined ? undefined : q.is_read === 1;
  const repo = notificationsRepository(deps.db);
  const [rows, total] = await Promise.all([
    repo.list(user.id, { isRead, limit: perPage, offset }),
    repo.count(user.id, isRead),
  ]);
  return { data: rows.map(toNotificationView), meta: { current_page: page, per_page: perPage, total } };
}
