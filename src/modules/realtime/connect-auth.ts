// Who is connecting: the same tokens and session checks as every route (platform/auth.ts),
// plus `?token=`, because a browser's WebSocket and EventSource cannot set a header.
import type { FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import type { Deps } from '../../kernel/deps.ts';
import { tokenOf } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';

/** Origins a cookie-authenticated WebSocket may come from (the same list CORS allows). */
export function allowedOrigins(deps: Deps): Set<string> {
  return new Set([new URL(deps.config.PUBLIC_BASE_URL).origin, ...deps.config.corsOrigins]);
}

export interface Authenticated {
  user: AuthUser;
  /** When the access token expires: the connection is closed then unless re-authenticated. */
  tokenExpiresAt: Date;
}

/** The caller of a live session, and when the token it came with expires. */
export async function authenticateToken(deps: Deps, token: string): Promise<Authenticated> {
  const user = await deps.sessions.authenticate(token);
  // Verified a moment ago: a cache hit that only hands back the claims.
  const { exp } = deps.tokens.verifySync(token, deps.clock.now());
  return { user, tokenExpiresAt: new Date(exp * 1000) };
}

/**
 * The Authorization header first, then `?token=`, then the session cookie that
 * `current_token_type` names. 401 without a valid, live session.
 */
export async function authenticateConnection(
  deps: Deps,
  request: FastifyRequest,
  origins: Set<string>,
): Promise<Authenticated> {
  const query = (request.query as { token?: string } | undefined)?.token;
  const found = !request.headers.authorization && query ? { token: query, via: 'query' as const } : tokenOf(request);
  if (!found)
    throw new AppError(
      'UNAUTHENTICATED',
      'Authentication required: send the token as ?token=, a Bearer header or the session cookie',
    );
  const authenticated = await authenticateToken(deps, found.token);
  // Browsers send cookies with a WebSocket from any page and CORS does not apply to it, so a
  // cookie-authenticated socket must come from one of our origins (cross-site WebSocket hijacking).
  // An EventSource is a plain GET whose answer CORS already keeps from foreign pages.
  const origin = request.headers.origin;
  if (found.via === 'cookie' && request.ws && origin && !origins.has(origin)) {
    throw new AppError('CSRF_REJECTED', 'A cookie-authenticated WebSocket must come from an allowed origin');
  }
  return authenticated;
}

/** The token of an in-band re-authentication frame, `{"type":"authenticate","token":"…"}`; null for any other frame. */
export function reauthTokenOf(data: RawData, isBinary: boolean): string | null {
  if (isBinary) return null;
  try {
    const frame = JSON.parse(String(data)) as { type?: unknown; token?: unknown } | null;
    return frame?.type === 'authenticate' && typeof frame.token === 'string' && frame.token ? frame.token : null;
  } catch {
    return null;
  }
}

/** Last-Event-ID (header, or ?last_event_id= for clients that cannot set it); null when absent or not an id. */
export function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const raw =
    (Array.isArray(header) ? header[0] : header) ??
    (request.query as { last_event_id?: string } | undefined)?.last_event_id;
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}
