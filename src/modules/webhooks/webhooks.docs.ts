// The OpenAPI 3.1 `webhooks` section (contract §12): one entry per event, the body we post and
// the Standard Webhooks headers, so integrators (and the typed client) read each payload's shape.
import { Type, type TSchema } from 'typebox';
import { PING, WEBHOOK_EVENTS, type WebhookEvent } from './webhook-events.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const Amount = Type.String({ description: 'decimal text with the currency’s decimals, e.g. "120.00"' });

const DATA: Record<WebhookEvent | typeof PING, { data: object; about: string }> = {
  'reservation.created': { data: ref('ReservationReadForm'), about: 'A booking was made (pending until paid).' },
  'reservation.confirmed': { data: ref('ReservationReadForm'), about: 'A booking was paid and confirmed.' },
  'reservation.modified': { data: ref('ReservationReadForm'), about: 'A booking’s dates, rooms or guests changed.' },
  'reservation.cancelled': { data: ref('ReservationReadForm'), about: 'A booking was cancelled.' },
  'payment.received': {
    data: Type.Object({
      id: Type.Integer(),
      reservation_id: Type.Integer(),
      booking_ref_code: Type.String(),
      amount: Amount,
      currency: Type.String(),
      type: Type.String({ description: 'reservation, or additional (a modification’s extra)' }),
    }),
    about: 'A payment for a booking was received.',
  },
  'payment.refunded': {
    data: Type.Object({
      id: Type.Integer({ description: 'the refund' }),
      reservation_id: Type.Integer(),
      booking_ref_code: Type.Union([Type.String(), Type.Null()]),
      amount: Amount,
      currency: Type.String(),
      reason: Type.String(),
    }),
    about: 'Money was sent back to the guest.',
  },
  'message.received': {
    data: Type.Object({
      id: Type.Integer(),
      sender_id: Type.Integer(),
      receiver_id: Type.Integer(),
      sender_name: Type.String(),
      content: Type.String(),
      kind: Type.Union([Type.Literal('text'), Type.Literal('image'), Type.Literal('file')]),
      created_at: Type.String(),
      reservation_id: Type.Optional(Type.Integer()),
      attachment: Type.Optional(Type.String()),
    }),
    about: 'A message reached the subscriber (an owner: messages to them; an admin: every message).',
  },
  'payout.paid': {
    data: Type.Object({ id: Type.Integer(), owner_id: Type.Integer(), amount: Amount, currency: Type.String() }),
    about: 'An owner’s payout was sent.',
  },
  [PING]: {
    data: Type.Object({ endpoint_id: Type.Integer() }),
    about: 'Sent by POST /webhook-endpoints/{id}/ping only.',
  },
};

const header = (name: string, description: string) => ({
  name,
  in: 'header' as const,
  required: true,
  description,
  schema: { type: 'string' as const },
});

/** The Standard Webhooks headers, once under components.parameters (every event refers to them). */
export const WEBHOOK_HEADER_PARAMETERS = {
  WebhookId: header(
    'webhook-id',
    'Unique per event and endpoint, the same on every retry: drop a repeat you already handled.',
  ),
  WebhookTimestamp: header(
    'webhook-timestamp',
    'Unix seconds of this attempt; refuse one far from your clock (the verifiers allow 5 minutes).',
  ),
  WebhookSignature: header(
    'webhook-signature',
    'v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the secret’s bytes (base64 after whsec_); ' +
      'space-separated when a rotation is under way (24 h): accept any.',
  ),
};
const HEADERS = Object.keys(WEBHOOK_HEADER_PARAMETERS).map((k) => ({ $ref: `#/components/parameters/${k}` }));

const opName = (event: string) =>
  `on${event
    .split('.')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;

/** The payload schema of one event: {type, timestamp, data}. */
export function webhookPayloadSchema(event: string): object {
  const d = DATA[event as keyof typeof DATA] as { data: object } | undefined;
  if (!d) throw new Error(`no webhook event ${event}`);
  return {
    type: 'object',
    required: ['type', 'timestamp', 'data'],
    properties: {
      type: { type: 'string', const: event },
      timestamp: { type: 'string', format: 'date-time', description: 'when the event happened; order by it' },
      data: d.data as TSchema,
    },
  };
}

/** How deliveries behave, said once (on createWebhookEndpoint) for every event. */
export const DELIVERY_RULES =
  'Endpoints integrators subscribe (owners: their own listings’ events; admins: all), and the events posted to them ' +
  '(the webhooks section). Each delivery is signed as Standard Webhooks says, so its verifiers (e.g. the standardwebhooks ' +
  'npm package) check it with the endpoint’s secret. Answer 2xx within 15 s; anything else is retried after 5 s, 5 min, ' +
  '30 min, 2 h, 5 h, 10 h and 10 h with the same webhook-id; events may arrive out of order (order by timestamp). An ' +
  'endpoint failing for 5 days is disabled and its owner mailed.';

export function webhookDocuments(): Record<string, object> {
  const out: Record<string, object> = {};
  for (const event of [...WEBHOOK_EVENTS, PING]) {
    out[event] = {
      post: {
        operationId: opName(event),
        tags: ['webhooks'],
        summary: DATA[event as keyof typeof DATA].about,
        description: 'Signed as Standard Webhooks says; delivery and retries: createWebhookEndpoint.',
        // No bearer token: the receiver authenticates the service by the signature.
        security: [],
        parameters: HEADERS,
        requestBody: { required: true, content: { 'application/json': { schema: webhookPayloadSchema(event) } } },
        responses: {
          '200': { description: 'Received (any 2xx within 15 s).' },
          '400': { description: 'Any other answer, or none within 15 s: retried.' },
        },
      },
    };
  }
  return out;
}
