// The real-time routes' query strings and, for the OpenAPI document, the frames they send.
import { Type } from 'typebox';

const token = Type.String({
  minLength: 1,
  description:
    'Access token, for clients that cannot set a header (browser WebSocket / EventSource). The Authorization header wins when both are sent; without either, the session cookie is used.',
});

export const WsQuery = Type.Object({ token: Type.Optional(token) });

export const SseQuery = Type.Object({
  token: Type.Optional(token),
  last_event_id: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,15}$',
      description: 'Same as the Last-Event-ID header (which wins), for clients that cannot set it.',
    }),
  ),
});

export const WsNotificationFrame = Type.Object(
  {
    type: Type.Union(
      [
        'new_reservation',
        'reservation_confirmed',
        'reservation_cancelled',
        'payment_received',
        'refund_pending',
        'message',
      ].map((t) => Type.Literal(t)),
    ),
    title: Type.String(),
    message: Type.String(),
    data: Type.Object(
      {
        notification_id: Type.Integer({ description: 'The stored notification (REST /notifications/{id}).' }),
        reservation_id: Type.Optional(Type.Integer()),
        property_name: Type.Optional(Type.String()),
      },
      { additionalProperties: true, description: "The notification's payload members, plus notification_id." },
    ),
    timestamp: Type.String({ description: 'ISO 8601 UTC, when the notification was created.' }),
  },
  { description: 'One frame (a JSON text message) per notification of the connected user.' },
);

export const ChatFrame = Type.Object(
  {
    id: Type.Integer(),
    sender_id: Type.Union([Type.Integer(), Type.Null()], {
      description: 'null for a guest writing through a travel platform.',
    }),
    sender_name: Type.String(),
    content: Type.String(),
    type: Type.Union([Type.Literal('text'), Type.Literal('image'), Type.Literal('file')]),
    created_at: Type.String(),
    reservation_id: Type.Optional(Type.Integer()),
  },
  { description: 'One frame per message the connected user receives or sends (from any of their devices).' },
);

export const SseEventData = Type.Object(
  {
    type: Type.Union(
      [
        'notification.general',
        'booking.created',
        'booking.confirmed',
        'booking.cancelled',
        'payment.succeeded',
        'message.received',
      ].map((t) => Type.Literal(t)),
    ),
    data: Type.Object({
      id: Type.String({ description: "The notification id, also the event's `id:` line." }),
      title: Type.String(),
      message: Type.String(),
      timestamp: Type.String(),
      metadata: Type.Record(Type.String(), Type.Unknown(), { description: "The notification's payload members." }),
    }),
  },
  { description: "The JSON on each event's `data:` line; the `event:` line repeats `type`." },
);
