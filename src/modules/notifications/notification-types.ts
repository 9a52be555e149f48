// The kinds of notification we store and how each is named on the two real-time transports.
//
// The spec gives the WebSocket transport six types and the SSE transport six others (contract §8
// maps them one to one). The service stores one more, 'general', for support broadcasts and for
// events no spec type describes (a reservation's dates changed, an owner application decided, a
// new review). Decisions:
// - SSE: general → notification.general, as the contract maps support broadcasts.
// - WebSocket: general → 'message'. The WebSocket type must be one of the spec's six; 'message'
//   is the only one that does not claim a booking or payment state, and the frame still carries
//   its own title and text. A WebSocket client that needs to tell a chat message from a general
//   note can look at data.message_id, which only chat notifications carry.
// The realtime module imports WS_TYPE_OF / SSE_TYPE_OF; the REST form has no type at all.

export const NOTIFICATION_TYPES = [
  'new_reservation',
  'reservation_confirmed',
  'reservation_cancelled',
  'payment_received',
  'refund_pending',
  'message',
  'general',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The spec's WebSocket notification `type` values. */
export type WsNotificationType = Exclude<NotificationType, 'general'>;
/** The spec's SSE event types. */
export type SseNotificationType =
  | 'notification.general'
  | 'booking.created'
  | 'booking.confirmed'
  | 'booking.cancelled'
  | 'payment.succeeded'
  | 'message.received';

export const WS_TYPE_OF: Record<NotificationType, WsNotificationType> = {
  new_reservation: 'new_reservation',
  reservation_confirmed: 'reservation_confirmed',
  reservation_cancelled: 'reservation_cancelled',
  payment_received: 'payment_received',
  refund_pending: 'refund_pending',
  message: 'message',
  general: 'message',
};

export const SSE_TYPE_OF: Record<NotificationType, SseNotificationType> = {
  new_reservation: 'booking.created',
  reservation_confirmed: 'booking.confirmed',
  reservation_cancelled: 'booking.cancelled',
  payment_received: 'payment.succeeded',
  refund_pending: 'notification.general',
  message: 'message.received',
  general: 'notification.general',
};

/** Bus topic (and outbox topic) of every stored notification, one event per row. */
export const NOTIFICATION_CREATED = 'notification.created';

/** The data of a 'notification.created' event, as the realtime transports receive it. */
export interface NotificationCreated {
  notification_id: number;
  user_id: number;
  type: NotificationType;
  title: string;
  message: string;
  /** The notification's payload object (reservation_id, property_name, ...). */
  data: Record<string, unknown>;
  /** ISO 8601 UTC. */
  created_at: string;
}
