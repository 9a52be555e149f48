import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { notificationsRoutes } from './notifications.routes.ts';

export {
  NOTIFICATION_CREATED,
  SSE_TYPE_OF,
  WS_TYPE_OF,
  type NotificationCreated,
  type NotificationType,
} from './notification-types.ts';

/**
 * Notifications: the recipient's REST routes and support broadcasts. Domain events become
 * notifications through the projectors registered on the outbox relay (project-notifications.ts).
 */
export async function notificationsModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(notificationsRoutes, opts);
}
