// Domain events → webhook deliveries, in the outbox relay's transaction: a delivery is queued
// exactly when its event is published, never twice (unique event × endpoint), and not at all
// for a rolled-back change (its event never committed). Routing: an admin's endpoint ('all')
// gets every event it subscribed to; an owner's gets those of its own listings (reservations
// and payments through the reservation's listing, payouts by owner, messages the owner received).
// The body is made at the first attempt (deliver-webhooks.ts), outside this transaction.
import type { BatchProjector, Projections } from '../../kernel/events.ts';
import { newMessageId } from './sign-webhook.ts';
import { EVENT_OF_TOPIC, WEBHOOK_TOPICS } from './webhook-events.ts';
import { type NewDelivery, webhooksRepository } from './webhooks.repository.ts';

type Data = Record<string, unknown>;
const dataOf = (v: unknown): Data => (v && typeof v === 'object' ? (v as Data) : {});
const idOf = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Queues the deliveries of a batch: at most two reads (subscribers, listing owners) and one insert. */
export const webhookBatchProjector: BatchProjector = async ({ tx, events, now }) => {
  const repo = webhooksRepository(tx);
  const types = [...new Set(events.map((e) => EVENT_OF_TOPIC[e.topic]).filter((t) => t !== undefined))];
  const endpoints = await repo.subscribers(types);
  if (!endpoints.length) return 0;
  // Events that name the listing's owner (a booking, a change, a cancellation) need no lookup.
  const needOwners = endpoints.some((e) => e.scope === 'owner');
  const unnamed = needOwners ? events.filter((e) => idOf(dataOf(e.data).owner_id) === null) : [];
  const reservationIds = [
    ...new Set(unnamed.map((e) => idOf(dataOf(e.data).reservation_id)).filter((id) => id !== null)),
  ];
  const owners = await repo.reservationOwners(reservationIds);
  const rows: NewDelivery[] = [];
  for (const e of events) {
    const type = EVENT_OF_TOPIC[e.topic];
    if (!type) continue;
    const d = dataOf(e.data);
    const reservationId = idOf(d.reservation_id);
    const concerned =
      type === 'message.received'
        ? idOf(d.receiver_id)
        : type === 'payout.paid'
          ? idOf(d.owner_id)
          : reservationId !== null
            ? (idOf(d.owner_id) ?? owners.get(reservationId) ?? null)
            : null;
    for (const endpoint of endpoints) {
      if (!endpoint.events.includes(type)) continue;
      if (endpoint.scope !== 'all' && (concerned === null || endpoint.userId !== concerned)) continue;
      rows.push({
        endpointId: endpoint.id,
        eventId: e.eventId,
        type,
        messageId: newMessageId(),
        source: { occurred_at: e.occurredAt, payload: d },
      });
    }
  }
  await repo.enqueue(rows, now);
  // Deliveries are not outbox events: nothing more for the relay to publish.
  return 0;
};

/** Registers the webhooks projector on the relay for every topic an endpoint may hear; returns the relay. */
export function registerWebhookProjectors<R extends Projections>(relay: R): R {
  return relay.addBatchProjector(WEBHOOK_TOPICS, webhookBatchProjector);
}
