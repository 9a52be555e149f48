// What the OpenAPI document says of the real-time routes where a summary is not enough.
import { REPLAY_LIMIT } from './realtime.repository.ts';

/** The connection caps, said by every real-time route. */
const CAPS =
  'Caps: at most REALTIME_MAX_CONNECTIONS_PER_ADDRESS (default 128) real-time connections (both WebSockets and the SSE stream, open ' +
  'or still authenticating) per client address, checked before the token is looked at: beyond it HTTP 429 with Retry-After and the ' +
  'error body, even for a WebSocket upgrade. At most REALTIME_MAX_CONNECTIONS_PER_USER (default 16) open connections per user on each ' +
  'server instance (several instances behind a balancer each allow as many): the newest beyond it is refused and the open ones stay. ';

/** How a WebSocket route authenticates, is capped and closes; after each route's own sentence. */
export const WS_RULES =
  'Authentication: the Authorization Bearer header, else `?token=`, else the session cookie named by `current_token_type`; a missing or bad ' +
  'token or a revoked session refuses the upgrade with HTTP 401 and the error body (403 for a cookie-authenticated socket from an origin ' +
  `other than ours). ${CAPS}Close codes: 4429 "too many connections" for the user's connection beyond the cap (sent right after the ` +
  'upgrade, so a browser can read it); 4401 when the session is revoked (reason "session revoked": logout, password change, deactivation), ' +
  'when the access token the socket was opened (or last re-authenticated) with expires (reason "token expired"), or when a re-authentication ' +
  'frame is refused (reason "token refused"): on any 4401, refresh the token (log in again if that fails) and reconnect. ' +
  '1013 when the client reads too slowly and its send buffer passes REALTIME_MAX_BUFFER_BYTES, 1001 when the server shuts down. ' +
  'Re-authentication in band: before the token expires, send the text frame `{"type":"authenticate","token":"<access token>"}` with a ' +
  'token of the same session (the one POST /auth/refresh returns); the socket then lives until that token expires. Nothing is sent back ' +
  'when it is accepted; a refused one closes with 4401. The server pings every REALTIME_PING_MS and terminates a socket that did not ' +
  'answer the previous ping. Any other frame from the client is ignored. A plain GET without the upgrade is 426.';

/** GET /notifications/stream. */
export const SSE_RULES =
  'The connected user\'s notifications. Each event: `id: <notification id>`, `event: <type>`, `data: {"type", "data": {id, title, ' +
  'message, timestamp, metadata}}` with the SSE type names of contract §8. With `Last-Event-ID` (header, or ?last_event_id=) the ' +
  `notifications after that id are first replayed from the database, oldest first (at most the newest ${REPLAY_LIMIT}), then live ones ` +
  'follow with no duplicate and no gap. A `: ping` comment every REALTIME_HEARTBEAT_MS (at most 30 s); `retry: 3000`. Authentication ' +
  'as the WebSocket routes (401 JSON error body when refused). ' +
  CAPS +
  'A stream refused for the per-user cap is HTTP 429 ' +
  'with Retry-After and the error body (code RATE_LIMITED). The stream ends when the session is revoked, when the access token ' +
  'it was opened with expires (there is no in-band re-authentication here: the browser reconnects on its own, which succeeds with a ' +
  'refreshed session cookie; with ?token=, open a new stream with a fresh token and ?last_event_id=), or when the server shuts ' +
  'down; a client whose unread backlog passes REALTIME_MAX_BUFFER_BYTES is disconnected and resumes with Last-Event-ID.';
