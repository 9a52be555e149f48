// The recipient's notification routes and support's broadcast. The static paths (/status,
// /unread-count, /mark-all-as-read, /send) win over /{id} in the router, whatever the order.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';
import { countUnreadNotifications } from './count-unread-notifications.ts';
import { listNotifications } from './list-notifications.ts';
import { markAllNotificationsRead } from './mark-all-notifications-read.ts';
import { markNotificationRead } from './mark-notification-read.ts';
import * as S from './notifications.schemas.ts';
import { FAN_OUT_BATCH, sendNotification } from './send-notification.ts';
import { showNotification } from './show-notification.ts';

const security = [{ bearer: [] }];
const tags = ['notifications'];

const OWN =
  "Only the caller's own notifications exist for the caller: one row per recipient, written when a domain event concerns them " +
  '(booking, confirmation, payment, cancellation or expiry, refund, host application decision, chat message, review, reservation change) ' +
  'or by a support broadcast. payload is JSON text (not parsed), is_read 0/1, user the recipient; the REST form has no type.';
const PAGED =
  'Newest first (id descending). Paginated: page (default 1), per_page (default 20, max 100); meta {current_page, per_page, total, last_page}.';

export async function notificationsRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/notifications',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'listNotifications',
        tags,
        summary: 'My notifications',
        security,
        description: `${OWN} ${PAGED}`,
        querystring: PageQuery,
        response: { 200: S.NotificationPage, ...errorResponses(401) },
      },
    },
    async (req) => {
      const { data, meta } = await listNotifications(deps, currentUser(req), req.query);
      return okPage(data, meta);
    },
  );

  r.get(
    '/notifications/status',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'listNotificationsByStatus',
        tags,
        summary: 'My notifications by read status',
        security,
        description: `${OWN} is_read is required: 0 lists the unread ones, 1 the read ones; another value → 422 is_read. ${PAGED}`,
        querystring: S.StatusQuery,
        response: { 200: S.NotificationPage, ...errorResponses(401) },
      },
    },
    async (req) => {
      const { data, meta } = await listNotifications(deps, currentUser(req), req.query);
      return okPage(data, meta);
    },
  );

  r.get(
    '/notifications/unread-count',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'countUnreadNotifications',
        tags,
        summary: 'How many of my notifications are unread',
        security,
        description: 'data: {count}.',
        response: { 200: S.CountResponse, ...errorResponses(401) },
      },
    },
    async (req) => ok({ count: await countUnreadNotifications(deps, currentUser(req)) }),
  );

  r.post(
    '/notifications/mark-all-as-read',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'markAllNotificationsRead',
        tags,
        summary: 'Mark all my notifications read',
        security,
        description: 'No body. data.count is how many were unread (0 when none; calling it again is harmless).',
        response: { 200: S.CountResponse, ...errorResponses(401) },
      },
    },
    async (req) => {
      const count = await markAllNotificationsRead(deps, currentUser(req));
      return ok({ count }, `${count} notification(s) marked as read`);
    },
  );

  r.get(
    '/notifications/:id',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'getNotification',
        tags,
        summary: 'One of my notifications',
        security,
        description: `${OWN} Another user's notification is 404, as an unknown id. Reading it does not mark it read.`,
        params: S.NotificationIdParams,
        response: { 200: S.NotificationResponse, ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await showNotification(deps, currentUser(req), req.params.id)),
  );

  r.post(
    '/notifications/:id/mark-as-read',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'markNotificationRead',
        tags,
        summary: 'Mark one of my notifications read',
        security,
        description:
          'No body. Answers the notification with is_read 1. Idempotent: marking a read one again answers the same, and keeps ' +
          "its first read time and updated_at. Another user's notification is 404.",
        params: S.NotificationIdParams,
        response: { 200: S.NotificationResponse, ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await markNotificationRead(deps, currentUser(req), req.params.id), 'Notification marked as read'),
  );

  r.post(
    '/notifications/send',
    {
      config: { roles: ['support', 'admin'], idempotent: true },
      schema: {
        operationId: 'sendNotification',
        tags,
        summary: 'Send a notification to a role and/or listed users (support, admin)',
        security,
        description:
          'Support and admin only (403 for other roles). Recipients: the accounts in `user_ids` when it is given, each once; else every ' +
          'active account with `role`; at least one of the two (422 naming role and user_ids otherwise). With both, `role` narrows and ' +
          'never widens: the recipients are exactly the listed accounts, and every listed account must have that role (422 naming ' +
          'user_ids and listing the ids that do not, nothing sent). Deleted, deactivated and unknown accounts are skipped, so data.count ' +
          '(the notifications written) can be below the number asked. title and message are trimmed and must not be blank. payload, ' +
          'when given, must be JSON text of an object (422 payload otherwise); it is stored parsed and returned by the REST routes as ' +
          'JSON text, and sent as `data` on the real-time transports, where the notification is ' +
          "'notification.general' (SSE) / 'message' (WebSocket). Written in chunks of " +
          `${FAN_OUT_BATCH}` +
          ' recipients by user id, each ' +
          'committed on its own: recipients of the first chunks may see it before the last chunk is written, and a failure midway ' +
          'leaves the chunks already written. Honours Idempotency-Key: a repeat with the key answers the first result and sends nothing again.',
        body: S.SendBody,
        response: { 201: S.CountResponse, ...errorResponses(401, 403, 409) },
      },
    },
    async (req, reply) => {
      const { count } = await sendNotification(deps, currentUser(req), req.body);
      return reply.code(201).send(ok({ count }, `Notification sent to ${count} user(s)`));
    },
  );
}
