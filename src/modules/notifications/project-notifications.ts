// Domain events → notifications, in the outbox relay's transaction: a notification exists once per
// (event, recipient) however often the relay runs, and each new one gets its
// 'notification.created' event, which the same drain publishes for the real-time transports.
import type { OutboxRelay, Projector } from '../../jobs/outbox-relay.ts';
import { oncePerRecipient, PLANNERS, type Planner } from './event-notifications.ts';
import { notificationsRepository } from './notifications.repository.ts';

export function notificationProjector(planner: Planner): Projector {
  return async ({ tx, event, now }) => {
    const repo = notificationsRepository(tx);
    const data = event.data && typeof event.data === 'object' ? (event.data as Record<string, unknown>) : {};
    const planned = oncePerRecipient(await planner(repo, data));
    return repo.insertForEvent(event.eventId, planned, now);
  };
}

/** Registers a projector for every topic that notifies someone; returns the relay. */
export function registerNotificationProjectors(relay: OutboxRelay): OutboxRelay {
  for (const [topic, planner] of Object.entries(PLANNERS)) relay.addProjector(topic, notificationProjector(planner));
  return relay;
}
