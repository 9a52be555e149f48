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
import { sendNotification } from './send-notification.ts';
import { showNotification } from './show-notification.ts';
import { DESCRIPTIONS, OWN, PAGED } from './notifications.docs.ts';

const security = [{ bearer: [] }];
const tags = ['notifications'];

export async function notificationsRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
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

  routes.get(
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

  routes.get(
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

  routes.post(
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

  routes.get(
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

  routes.post(
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

  routes.post(
    '/notifications/send',
    {
      config: { roles: ['support', 'admin'], idempotent: true },
      schema: {
        operationId: 'sendNotification',
        tags,
        summary: 'Send a notification to a role and/or listed users (support, admin)',
        security,
        description: DESCRIPTIONS.sendNotification,
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
