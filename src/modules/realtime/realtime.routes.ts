// The three real-time endpoints. Authentication runs before the upgrade (a refused WebSocket gets
// the HTTP 401 error body instead of a 101), so every transport shares the REST rules.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { WebSocket } from 'ws';
import type { Deps } from '../../container.ts';
import { errorResponses } from '../../platform/envelope.ts';
import type { AuthUser } from '../auth/session-service.ts';
import { allowedOrigins, authenticateConnection, lastEventIdOf } from './connect-auth.ts';
import { SseConnection, WsConnection, type Channel } from './connections.ts';
import type { RealtimeHub } from './hub.ts';
import { realtimeRepository } from './realtime.repository.ts';
import * as S from './realtime.schemas.ts';

// At most this many missed notifications are replayed (the newest); older ones are in GET /notifications.
export const REPLAY_LIMIT = 1000;
const RETRY_MS = 3000;
const security = [{ bearer: [] }];

const WS_RULES =
  'Authentication: the Authorization Bearer header, else `?token=`, else the session cookie named by `current_token_type`; a missing or bad ' +
  'token or a revoked session refuses the upgrade with HTTP 401 and the error body (403 for a cookie-authenticated socket from an origin ' +
  'other than ours). Close codes: 4401 when the session is revoked (logout, password change, deactivation), 1013 when the client ' +
  'reads too slowly and its send buffer passes REALTIME_MAX_BUFFER_BYTES, 1001 when the server shuts down. The server pings every ' +
  'REALTIME_PING_MS and terminates a socket that did not answer the previous ping. Frames from the client are ignored. ' +
  'A plain GET without the upgrade is 426.';

export async function realtimeRoutes(app: FastifyInstance, { deps, hub }: { deps: Deps; hub: RealtimeHub }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const origins = allowedOrigins(deps);
  const authenticate = async (req: FastifyRequest) => {
    req.user = await authenticateConnection(deps, req, origins);
  };
  const upgradeRequired = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply.code(426).header('upgrade', 'websocket').send({ success: false, message: 'Connect with a WebSocket upgrade', code: 'UPGRADE_REQUIRED' });
  const openWs = (channel: Channel) => (socket: WebSocket, req: FastifyRequest) => {
    const conn = new WsConnection(socket, req.user as AuthUser, channel, deps.config.REALTIME_MAX_BUFFER_BYTES, hub.remove);
    const refused = hub.add(conn);
    if (refused) conn.close(refused);
  };

  for (const [channel, url, summary, frame, what] of [
    ['notifications', '/ws/notifications', 'Notifications over WebSocket', S.WsNotificationFrame, "The connected user's notifications only, as the spec's WebSocket notification (type: the six spec values; a support broadcast is `message`)."],
    ['chat', '/ws/chat', 'Chat messages over WebSocket', S.ChatFrame, "Messages the connected user receives, and the ones they send (to their other devices), as the spec's real-time chat message."],
  ] as const) {
    r.route({
      method: 'GET',
      url,
      // The query may carry the token: keep the URL out of the request log.
      logLevel: 'warn',
      schema: {
        tags: ['real time'], summary, security, querystring: S.WsQuery,
        description: `${what} ${WS_RULES}`,
        response: {
          101: { description: 'Switching Protocols: one JSON text frame per event.', content: { 'application/json': { schema: frame } } },
          ...errorResponses(401, 403, 426),
        },
      },
      preHandler: authenticate,
      handler: upgradeRequired,
      wsHandler: openWs(channel),
    });
  }

  r.get('/notifications/stream', {
    logLevel: 'warn',
    schema: {
      tags: ['real time', 'notifications'], summary: 'Notifications as server-sent events', security, querystring: S.SseQuery,
      description:
        "The connected user's notifications. Each event: `id: <notification id>`, `event: <type>`, `data: {\"type\", \"data\": {id, title, " +
        'message, timestamp, metadata}}` with the SSE type names of contract §8. With `Last-Event-ID` (header, or ?last_event_id=) the ' +
        `notifications after that id are first replayed from the database, oldest first (at most the newest ${REPLAY_LIMIT}), then live ones ` +
        'follow with no duplicate and no gap. A `: ping` comment every REALTIME_HEARTBEAT_MS (at most 30 s); `retry: 3000`. Authentication ' +
        'as the WebSocket routes (401 JSON error body when refused). The stream ends when the session is revoked or the server shuts ' +
        'down; a client whose unread backlog passes REALTIME_MAX_BUFFER_BYTES is disconnected and resumes with Last-Event-ID.',
      response: {
        200: { description: 'An endless text/event-stream.', content: { 'text/event-stream': { schema: S.SseEventData } } },
        ...errorResponses(401),
      },
    },
    preHandler: authenticate,
  }, async (req, reply) => {
    const user = req.user as AuthUser;
    const after = lastEventIdOf(req);
    reply.hijack();
    const conn = new SseConnection(reply.raw, user, deps.config.REALTIME_MAX_BUFFER_BYTES, hub.remove);
    // Registered before the replay query: an event committed meanwhile is held, not lost.
    const refused = hub.add(conn);
    if (refused) {
      const [status, code, message] = refused === 'revoked' ? [401, 'SESSION_REVOKED', 'This session has ended; log in again'] : [503, 'SERVICE_UNAVAILABLE', 'The server is shutting down'];
      reply.raw.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': req.id });
      reply.raw.end(JSON.stringify({ success: false, message, code }));
      return;
    }
    conn.open(reply.getHeaders(), RETRY_MS);
    try {
      const missed = after === null ? [] : await realtimeRepository(deps.db).notificationsAfter(user.id, after, REPLAY_LIMIT);
      await conn.replay(missed);
    } catch (err) {
      req.log.error({ err }, 'SSE replay failed');
      conn.close('dead');
    }
  });
}
