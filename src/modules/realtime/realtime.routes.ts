// The three real-time endpoints. Authentication runs before the upgrade (a refused WebSocket gets
// the HTTP 401 error body instead of a 101), so every transport shares the REST rules.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { WebSocket } from 'ws';
import type { Deps } from '../../kernel/deps.ts';
import { errorResponses, otherErrors } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { AddressSlots, SLOT_RETRY_AFTER_SECONDS } from './address-slots.ts';
import {
  allowedOrigins,
  authenticateConnection,
  authenticateToken,
  lastEventIdOf,
  reauthTokenOf,
} from './connect-auth.ts';
import { SseConnection, WsConnection, type Channel } from './connections.ts';
import type { RealtimeHub, Refusal } from './hub.ts';
import { REPLAY_LIMIT, realtimeRepository } from './realtime.repository.ts';
import { SSE_RULES, WS_RULES } from './realtime.docs.ts';
import * as S from './realtime.schemas.ts';

const RETRY_MS = 3000;
const security = [{ bearer: [] }];

/** Why a connection is refused, as the error an SSE client receives (a WebSocket gets the close code). */
const REFUSED: Record<Refusal, (max: number) => AppError> = {
  revoked: () => new AppError('SESSION_REVOKED', 'This session has ended; log in again'),
  shutdown: () => new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down'),
  limit: (max) =>
    new AppError(
      'RATE_LIMITED',
      `Too many real-time connections for this account (at most ${max}); close one and retry`,
      undefined,
      {
        'retry-after': String(SLOT_RETRY_AFTER_SECONDS),
      },
    ),
};

export async function realtimeRoutes(app: FastifyInstance, { deps, hub }: { deps: Deps; hub: RealtimeHub }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const origins = allowedOrigins(deps);
  const slots = new AddressSlots(deps.config.REALTIME_MAX_CONNECTIONS_PER_ADDRESS);
  const tokenExpiry = new WeakMap<FastifyRequest, Date>();
  const authenticate = async (req: FastifyRequest) => {
    const { user, tokenExpiresAt } = await authenticateConnection(deps, req, origins);
    req.user = user;
    tokenExpiry.set(req, tokenExpiresAt);
  };
  const upgradeRequired = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(426)
      .header('upgrade', 'websocket')
      .send({ success: false, message: 'Connect with a WebSocket upgrade', code: 'UPGRADE_REQUIRED' });
  const reauthenticate = async (conn: WsConnection, token: string) => {
    try {
      const next = await authenticateToken(deps, token);
      // Another session would leave this socket outliving the one it was opened with.
      if (next.user.sessionId !== conn.user.sessionId)
        throw new AppError('TOKEN_INVALID', 'A token of another session');
      hub.extendUntil(conn, next.tokenExpiresAt);
    } catch (err) {
      // A database error says nothing about the token: the socket keeps its current expiry.
      if (err instanceof AppError && err.statusCode === 401) conn.close('unauthenticated');
      else deps.log.warn({ err }, 'real-time re-authentication failed');
    }
  };
  const openWs = (channel: Channel) => (socket: WebSocket, req: FastifyRequest) => {
    const conn = new WsConnection(
      socket,
      req.user as AuthUser,
      channel,
      deps.config.REALTIME_MAX_BUFFER_BYTES,
      hub.remove,
    );
    const refused = hub.add(conn, tokenExpiry.get(req)!);
    if (refused) return conn.close(refused);
    socket.on('message', (data, isBinary) => {
      const token = reauthTokenOf(data, isBinary);
      if (token) void reauthenticate(conn, token);
    });
  };

  for (const [channel, url, operationId, summary, frame, what] of [
    [
      'notifications',
      '/ws/notifications',
      'connectNotificationSocket',
      'Notifications over WebSocket',
      S.WsNotificationFrame,
      "The connected user's notifications only, as the spec's WebSocket notification (type: the six spec values; a support broadcast is `message`).",
    ],
    [
      'chat',
      '/ws/chat',
      'connectChatSocket',
      'Chat messages over WebSocket',
      S.ChatFrame,
      "Messages the connected user receives, and the ones they send (to their other devices), as the spec's real-time chat message.",
    ],
  ] as const) {
    routes.route({
      method: 'GET',
      url,
      // The query may carry the token: keep the URL out of the request log.
      logLevel: 'warn',
      schema: {
        operationId,
        tags: ['real time'],
        summary,
        security,
        querystring: S.WsQuery,
        description: `${what} ${WS_RULES}`,
        response: {
          101: {
            description: 'Switching Protocols: one JSON text frame per event.',
            content: { 'application/json': { schema: frame } },
          },
          ...errorResponses(401, 403, 426),
          ...otherErrors,
        },
      },
      onRequest: slots.take,
      preHandler: authenticate,
      handler: upgradeRequired,
      wsHandler: openWs(channel),
    });
  }

  routes.get(
    '/notifications/stream',
    {
      logLevel: 'warn',
      schema: {
        operationId: 'streamNotifications',
        tags: ['real time', 'notifications'],
        summary: 'Notifications as server-sent events',
        security,
        querystring: S.SseQuery,
        description: SSE_RULES,
        response: {
          200: {
            description: 'An endless text/event-stream.',
            content: { 'text/event-stream': { schema: S.SseEventData } },
          },
          ...errorResponses(401, 503),
        },
      },
      onRequest: slots.take,
      preHandler: authenticate,
    },
    async (req, reply) => {
      const user = req.user as AuthUser;
      const after = lastEventIdOf(req);
      const conn = new SseConnection(reply.raw, user, deps.config.REALTIME_MAX_BUFFER_BYTES, hub.remove);
      // Registered before the replay query: an event committed meanwhile is held, not lost. Refused
      // before the hijack, so the refusal is the usual error response.
      const refused = hub.add(conn, tokenExpiry.get(req)!);
      if (refused) throw REFUSED[refused](deps.config.REALTIME_MAX_CONNECTIONS_PER_USER);
      reply.hijack();
      conn.open(reply.getHeaders(), RETRY_MS);
      try {
        const missed =
          after === null ? [] : await realtimeRepository(deps.db).notificationsAfter(user.id, after, REPLAY_LIMIT);
        await conn.replay(missed);
      } catch (err) {
        req.log.error({ err }, 'SSE replay failed');
        conn.close('dead');
      }
    },
  );
}
