// TypeBox shapes of the webhook routes (contract §12) and of the bodies delivered.
import { Type } from 'typebox';
import { WEBHOOK_EVENTS } from './webhook-events.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const EndpointParams = Type.Object({ id: Id });
export const DeliveryParams = Type.Object({ id: Id, deliveryId: Id });

const EventNames = Type.Array(Type.String({ maxLength: 64 }), {
  minItems: 1,
  maxItems: WEBHOOK_EVENTS.length,
  description: `Events to receive, among: ${WEBHOOK_EVENTS.join(', ')}. Another name is a 422 naming events.`,
});
const UrlField = Type.String({
  minLength: 1,
  maxLength: 2048,
  description:
    'Where events are posted. https only in production; loopback, private, link-local and metadata addresses are refused (unless WEBHOOKS_ALLOW_PRIVATE).',
});
const Description = Nullable(Type.String({ maxLength: 500 }));

export const CreateEndpointBody = Type.Object(
  { url: UrlField, events: EventNames, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export const UpdateEndpointBody = Type.Object(
  {
    url: Type.Optional(UrlField),
    events: Type.Optional(EventNames),
    description: Type.Optional(Description),
    enabled: Type.Optional(
      Type.Boolean({ description: 'false stops deliveries; true turns a disabled endpoint back on' }),
    ),
  },
  { additionalProperties: false },
);

export const Endpoint = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  disabled_at: Nullable(
    Type.String({ description: 'when it was turned off (by its subscriber, or after failing 5 days)' }),
  ),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export const EndpointWithSecret = Type.Object({
  ...Endpoint.properties,
  secret: Type.String({
    description:
      'whsec_<base64>: verify each delivery with it (Standard Webhooks). Shown only when made (create, rotate-secret).',
  }),
});

export const Delivery = Type.Object({
  id: Type.Integer(),
  event_id: Nullable(Type.Integer({ description: 'the event delivered; null for a ping' })),
  webhook_id: Type.String({ description: 'the webhook-id header, the same on every attempt' }),
  type: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  last_status_code: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  next_attempt_at: Nullable(Type.String()),
  created_at: Type.String(),
});
