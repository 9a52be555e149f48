import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { notificationsRepository } from './notifications.repository.ts';

export async function countUnreadNotifications(deps: Deps, user: AuthUser): Promise<number> {
  return notificationsRepository(deps.db).unreadCount(user.id);
}
