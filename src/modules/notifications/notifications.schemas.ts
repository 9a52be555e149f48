// The spec's REST notification and the request shapes of the notification routes.
import { Type, type Static } from 'typebox';
import { OneLine } from '../../platform/one-line.ts';
import { Envelope, Paginated } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';

export const NotificationUser = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    avatar: Type.Union([Type.String(), Type.Null()]),
    first_name: Type.String(),
    last_name: Type.String(),
  },
  { description: 'The recipient (the caller).' },
);

export const Notification = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    message: Type.String(),
    payload: Type.String({
      description:
        'JSON text of an object (reservation_id, property_name, booking_ref_code, ... by event); "{}" when there is none. ' +
        'Serialised by the server, so key order and spacing may differ from what a sender gave.',
    }),
    is_read: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 unread, 1 read' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    user: NotificationUser,
  },
  { $id: 'Notification' },
);

export const NotificationIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

export const StatusQuery = Type.Object({
  ...PageQuery.properties,
  is_read: Type.Integer({ minimum: 0, maximum: 1, description: '0: unread only, 1: read only' }),
});
export type StatusQuery = Static<typeof StatusQuery>;

export const ROLES = ['client', 'owner', 'support', 'admin'] as const;
export const MAX_USER_IDS = 10_000;

export const SendBody = Type.Object({
  title: OneLine({ minLength: 1, maxLength: 255 }),
  message: Type.String({ minLength: 1, maxLength: 5000 }),
  payload: Type.Optional(
    Type.String({
      maxLength: 65_536,
      description:
        'JSON text of an object, stored parsed and returned as JSON text; anything else (an array, a number, broken JSON) → 422 payload. Absent: {}.',
    }),
  ),
  role: Type.Optional(
    Type.Union(
      ROLES.map((r) => Type.Literal(r)),
      {
        description:
          'without user_ids: every active account with this role; with them: the role every listed account must have (422 user_ids otherwise)',
      },
    ),
  ),
  user_ids: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), {
      maxItems: MAX_USER_IDS,
      description:
        'exactly these recipients (with role, they must all have it); ids of unknown, deleted or deactivated accounts are skipped',
    }),
  ),
});
export type SendBody = Static<typeof SendBody>;

export const NotificationResponse = Envelope(Notification);
export const NotificationPage = Paginated(Notification);
export const CountResponse = Envelope(Type.Object({ count: Type.Integer({ minimum: 0 }) }));
