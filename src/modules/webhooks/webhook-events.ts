// The events an endpoint may subscribe to (contract §12), and the outbox topics they come from.
// Names follow the contract, not the internal topics: refund.succeeded is payment.refunded to an
// integrator, message.created is message.received.
export const WEBHOOK_EVENTS = [
  'reservation.created',
  'reservation.confirmed',
  'reservation.modified',
  'reservation.cancelled',
  'payment.received',
  'payment.refunded',
  'message.received',
  'payout.paid',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent only by POST /webhook-endpoints/{id}/ping; never subscribed to. */
export const PING = 'ping';

export const EVENT_OF_TOPIC: Readonly<Record<string, WebhookEvent>> = {
  'reservation.created': 'reservation.created',
  'reservation.confirmed': 'reservation.confirmed',
  'reservation.modified': 'reservation.modified',
  'reservation.cancelled': 'reservation.cancelled',
  'payment.received': 'payment.received',
  'refund.succeeded': 'payment.refunded',
  'message.created': 'message.received',
  'payout.paid': 'payout.paid',
};

export const WEBHOOK_TOPICS = Object.keys(EVENT_OF_TOPIC);

export const isWebhookEvent = (name: string): name is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(name);
