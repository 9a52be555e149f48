// Turns the bearer token (or the session cookie) into request.user, enforces each route's
// `config.auth` / `config.roles`, and the CSRF rule for cookie-authenticated writes.
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Sessions } from '../kernel/services.ts';
import { isUnconfirmed, type Role, type AuthUser, type UnconfirmedCaller } from '../kernel/caller.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** On a `deferred` route, the caller whose session its use case checks (request.user is then null). */
    unconfirmed: UnconfirmedCaller | null;
    authVia: 'header' | 'cookie' | null;
  }
  interface FastifyContextConfig {
    /**
     * `required` → 401 without a valid token; `optional` → request.user when one is sent;
     * `deferred` → `required`, except that a session not in the cache is left to the route's use
     * case to check in its own transaction (request.unconfirmed; see `callerOrUnconfirmed`).
     * Not with `roles` (the role is the session's).
     */
    auth?: 'required' | 'optional' | 'deferred';
    /** Roles allowed on the route (403 for others); implies auth: 'required'. */
    roles?: readonly Role[];
    /** Honour the Idempotency-Key header (contract §2). */
    idempotent?: boolean;
  }
}

/** Login type → the cookie that keeps its token (contract §3). */
export const TOKEN_COOKIE: Record<string, string> = {
  client: 'client_token',
  admin: 'admin_token',
  support: 'support_token',
};
/** Every cookie logout clears. */
export const SESSION_COOKIES = [
  'client_token',
  'admin_token',
  'support_token',
  'admin_proprio_token',
  'admin_support_token',
  'current_token_type',
];
const COOKIE_BY_TYPE: Record<string, string> = {
  ...TOKEN_COOKIE,
  admin_proprio: 'admin_proprio_token',
  admin_support: 'admin_support_token',
};
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token a request carries: the Authorization header first, else the active cookie. */
export function tokenOf(request: FastifyRequest): { token: string; via: 'header' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m ? { token: m[1]!, via: 'header' } : null;
  }
  const type = request.cookies?.current_token_type;
  const name = type ? COOKIE_BY_TYPE[type] : undefined;
  const token = name ? request.cookies?.[name] : undefined;
  return token ? { token, via: 'cookie' } : null;
}

/** The caller of a `deferred` route: authenticated, or with its session still to check. */
export function callerOrUnconfirmed(request: FastifyRequest): AuthUser | UnconfirmedCaller {
  return request.unconfirmed ?? currentUser(request);
}

/** The authenticated caller; throws 401 on a route where authentication was optional. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return request.user;
}

export interface AuthPluginOptions {
  sessions: Sessions;
  allowedOrigins: string[];
}

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  app.decorateRequest('user', null);
  app.decorateRequest('unconfirmed', null);
  app.decorateRequest('authVia', null);
  const allowed = new Set(opts.allowedOrigins);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cfg = request.routeOptions.config;
    const mode = cfg.roles ? 'required' : cfg.auth;
    if (!mode) return;
    const found = tokenOf(request);
    if (!found) {
      if (mode !== 'optional') throw new AppError('UNAUTHENTICATED', 'Authentication required');
      return;
    }
    // A repeat with an Idempotency-Key is matched to the caller before the handler: checked now.
    if (mode === 'deferred' && !cfg.roles && request.headers['idempotency-key'] === undefined) {
      const caller = opts.sessions.authenticateLater(found.token);
      if (isUnconfirmed(caller)) request.unconfirmed = caller;
      else request.user = caller;
    } else {
      request.user = await opts.sessions.authenticate(found.token);
    }
    request.authVia = found.via;
    reply.header('cache-control', 'no-store');
    if (found.via === 'cookie' && !SAFE_METHODS.has(request.method)) checkOrigin(request, allowed);
    if (cfg.roles && !cfg.roles.includes(request.user!.role))
      throw new AppError('FORBIDDEN', 'Your role may not do this');
  });

  // A deferred route whose use case did not check the session (it answered before its
  // transaction, or has no such check): checked now, before anything is sent. A dead session
  // fails this hook, and the error handler answers 401.
  const confirmBeforeSending: onSendHookHandler = (request, _reply, payload, done) => {
    const pending = request.unconfirmed;
    if (!pending || pending.settled) return done(null, payload);
    pending.confirm().then(() => done(null, payload), done);
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.auth === 'deferred') route.onSend = [...[route.onSend ?? []].flat(), confirmBeforeSending];
  });
});

// A cookie is sent by the browser whoever asks, so a write authenticated only by cookie must
// come from one of our own origins.
function checkOrigin(request: FastifyRequest, allowed: Set<string>): void {
  let origin = request.headers.origin;
  if (!origin && request.headers.referer) {
    try {
      origin = new URL(request.headers.referer).origin;
    } catch {
      origin = undefined;
    }
  }
  if (!origin || !allowed.has(origin)) {
    throw new AppError('CSRF_REJECTED', 'A cookie-authenticated change must come from an allowed origin');
  }
}
