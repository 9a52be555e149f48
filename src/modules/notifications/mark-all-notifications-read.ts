import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { notificationsRepository } from './notifications.repository.ts';

/** Marks every unread notification of the caller read; returns how many were unread. */
export async function markAllNotificationsRead(deps: Deps, user: AuthUser): Promise<number> {
  return notificationsRepository(deps.db).markAllRead(user.id, deps.clock.now());
}
