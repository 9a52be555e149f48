// Domain events → notifications, in the outbox relay's transaction: a notification exists once per
// (event, recipient) however often the relay runs, and each new one gets its
// 'notification.created' event, which the same drain publishes for the real-time transports.
//
// A relay pass hands over all its events at once: the reservations they name are read with one
// query, and every recipient's notification of every event is written with one statement.
import type { BatchProjector, Projections, Projector } from '../../kernel/events.ts';
import { oncePerRecipient, PLANNERS } from './event-notifications.ts';
import { num, type Planner, type PlanningSource } from './notification-planning.ts';
import { notificationsRepository, type ReservationContext } from './notifications.repository.ts';

const dataOf = (data: unknown): Record<string, unknown> =>
  data && typeof data === 'object' ? (data as Record<string, unknown>) : {};

/** The notifications of a batch of events of the given planners' topics, written in one statement. */
export function notificationBatchProjector(planners: Record<string, Planner>): BatchProjector {
  return async ({ tx, events, now }) => {
    const repo = notificationsRepository(tx);
    // One read for every reservation the batch names; a planner asking for another one (none
    // does today) still gets it from the repository.
    const ids = new Set(
      events.map((e) => num(dataOf(e.data).reservation_id)).filter((id): id is number => id !== null),
    );
    const contexts = ids.size ? await repo.reservationContexts([...ids]) : new Map<number, ReservationContext>();
    let agents: Promise<number[]> | undefined;
    const source: PlanningSource = {
      reservationContext: async (id) => (ids.has(id) ? contexts.get(id) : repo.reservationContext(id)),
      supportAgentIds: () => (agents ??= repo.supportAgentIds()),
    };
    const planned = [];
    for (const event of events) {
      const planner = planners[event.topic];
      if (!planner) continue;
      planned.push({
        eventId: event.eventId,
        notifications: oncePerRecipient(await planner(source, dataOf(event.data))),
      });
    }
    return repo.insertForEvents(planned, now);
  };
}

/** The notifications of one event (the batch projector with a batch of one). */
export function notificationProjector(planner: Planner): Projector {
  return ({ tx, event, now }) => notificationBatchProjector({ [event.topic]: planner })({ tx, events: [event], now });
}

/** Registers the notification projector for every topic that notifies someone; returns the relay. */
export function registerNotificationProjectors<R extends Projections>(relay: R): R {
  return relay.addBatchProjector(Object.keys(PLANNERS), notificationBatchProjector(PLANNERS));
}
