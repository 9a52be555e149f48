// Sessions: start one, turn a token into the caller, revoke at once on every instance.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../ports/clock.ts';
import type { EventBus } from '../../ports/event-bus.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser, Role, UnconfirmedCaller } from '../../kernel/caller.ts';
import { authRepository, type SessionState } from './auth.repository.ts';
import type { AccessClaims, Sessions, Tokens } from '../../kernel/services.ts';

const REVOKED_TOPIC = 'auth.sessions_revoked';
const USER_CHANGED_TOPIC = 'auth.user_changed';
// A cached session is re-read at least this often, so even a lost bus message heals quickly.
const CACHE_TTL_MS = 5_000;
const CACHE_MAX = 50_000;

export class SessionService implements Sessions {
  private readonly cache = new Map<string, { state: SessionState; at: number }>();
  private readonly unsubscribe: Array<() => void>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly tokens: Tokens,
    private readonly sessionTtlSeconds: number,
  ) {
    this.unsubscribe = [
      bus.subscribe(REVOKED_TOPIC, (m) => {
        for (const sid of (m.payload as { sessionIds: string[] }).sessionIds) this.cache.delete(sid);
      }),
      bus.subscribe(USER_CHANGED_TOPIC, (m) => this.evictUser((m.payload as { userId: number }).userId)),
    ];
  }

  /** Opens a session and signs its first access token. */
  async start(user: { id: number; role: string }, loginType: string, meta: { ip?: string; userAgent?: string } = {}) {
    const now = this.clock.now();
    const session = await authRepository(this.db).createSession({
      id: randomUUID(),
      userId: user.id,
      loginType,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.sessionTtlSeconds * 1000),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500),
    });
    const signed = await this.tokens.sign({
      userId: user.id,
      role: user.role,
      sessionId: session.id,
      now,
      sessionExpiresAt: session.expiresAt,
    });
    return { ...signed, session };
  }

  /** Verifies the token and that its session is live and its account active. */
  async authenticate(token: string): Promise<AuthUser> {
    const now = this.clock.now();
    const claims = this.tokens.verifySync(token, now);
    return callerOf(claims, await this.sessionState(claims.sid), now);
  }

  authenticateLater(token: string): AuthUser | UnconfirmedCaller {
    const now = this.clock.now();
    const claims = this.tokens.verifySync(token, now);
    const cached = this.freshState(claims.sid);
    if (cached) return callerOf(claims, cached, now);
    const id = Number(claims.sub);
    return new PendingSession(Number.isSafeInteger(id) ? id : 0, claims.sid, () => this.authenticate(token));
  }

  /** The session's state from the cache, if read within CACHE_TTL_MS. */
  private freshState(sid: string): SessionState | undefined {
    const hit = this.cache.get(sid);
    return hit && Date.now() - hit.at < CACHE_TTL_MS ? hit.state : undefined;
  }

  private async sessionState(sid: string): Promise<SessionState | undefined> {
    const cached = this.freshState(sid);
    if (cached) return cached;
    const nowMs = Date.now();
    const state = await authRepository(this.db).loadSessionState(sid);
    if (state) {
      if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(sid, { state, at: nowMs });
    }
    return state;
  }

  /** Call after the revoking transaction committed: forgets the sessions everywhere. */
  async broadcastRevoked(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    for (const sid of sessionIds) this.cache.delete(sid);
    await this.bus.publish(REVOKED_TOPIC, { sessionIds });
  }

  /** Calls `handler` with the ids of sessions revoked on any instance (real-time sockets close on it). */
  onRevoked(handler: (sessionIds: string[]) => void): () => void {
    return this.bus.subscribe(REVOKED_TOPIC, (m) => handler((m.payload as { sessionIds: string[] }).sessionIds));
  }

  /** Call after a change to a user's role or status committed. */
  async broadcastUserChanged(userId: number): Promise<void> {
    this.evictUser(userId);
    await this.bus.publish(USER_CHANGED_TOPIC, { userId });
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await authRepository(this.db).revokeSession(sessionId, reason, this.clock.now());
    await this.broadcastRevoked([sessionId]);
  }

  async revokeAllForUser(userId: number, reason: string, exceptSessionId?: string): Promise<void> {
    const ids = await authRepository(this.db).revokeUserSessions(userId, reason, this.clock.now(), exceptSessionId);
    await this.broadcastRevoked(ids);
  }

  private evictUser(userId: number): void {
    for (const [sid, entry] of this.cache) if (entry.state.userId === userId) this.cache.delete(sid);
  }

  close(): void {
    for (const u of this.unsubscribe) u();
    this.cache.clear();
  }
}

/** The caller a verified token and its session's state name, or why not (401). */
function callerOf(claims: AccessClaims, state: SessionState | undefined, now: Date): AuthUser {
  if (!state || String(state.userId) !== claims.sub) throw new AppError('TOKEN_INVALID', 'The token is not valid');
  if (state.revokedAt) throw new AppError('SESSION_REVOKED', 'This session has ended; log in again');
  if (state.expiresAt <= now) throw new AppError('SESSION_REVOKED', 'This session has expired; log in again');
  if (!state.isActive || state.deleted) throw new AppError('SESSION_REVOKED', 'This account is no longer active');
  return {
    id: state.userId,
    role: state.role as Role,
    sessionId: state.sessionId,
    loginType: state.loginType,
    sessionCreatedAt: state.createdAt,
    jti: claims.jti,
  };
}

class PendingSession implements UnconfirmedCaller {
  settled = false;
  private check: Promise<AuthUser> | undefined;

  constructor(
    readonly id: number,
    readonly sessionId: string,
    private readonly authenticate: () => Promise<AuthUser>,
  ) {}

  confirm(): Promise<AuthUser> {
    return (this.check ??= this.authenticate().finally(() => {
      this.settled = true;
    }));
  }

  foundLive(): void {
    this.settled = true;
  }
}
