import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { notFound } from '../../platform/errors.ts';
import { notificationsRepository } from './notifications.repository.ts';
import { toNotificationView } from './notification-view.ts';

/** Marks one of the caller's notifications read; repeating it changes nothing (same answer). */
export async function markNotificationRead(deps: Deps, user: AuthUser, id: number) {
  const repo = notificationsRepository(deps.db);
  await repo.markRead(user.id, id, deps.clock.now());
  const row = await repo.find(user.id, id);
  if (!row) throw notFound('Notification');
  return toNotificationView(row);
}
