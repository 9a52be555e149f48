import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { authRepository } from './auth.repository.ts';

// A second refresh with the same token this long after the first means the token was copied.
export const REPLAY_WINDOW_MS = 60_000;

/**
 * Exchanges a live token for a new one in the same session. Each token is exchanged once: a
 * second try is refused, and one more than 60 s later ends the whole session as stolen.
 */
export async function refreshToken(deps: Deps, token: string) {
  const caller = await deps.sessions.authenticate(token);
  const now = deps.clock.now();
  const repo = authRepository(deps.db);
  if (!(await repo.markTokenRefreshed(caller.jti, caller.sessionId, now))) {
    const firstAt = await repo.tokenRefreshedAt(caller.jti);
    if (firstAt && now.getTime() - firstAt.getTime() > REPLAY_WINDOW_MS) {
      await deps.sessions.revoke(caller.sessionId, 'refresh_token_replayed');
      throw new AppError('SESSION_REVOKED', 'This token was already refreshed; the session has been ended for safety');
    }
    throw new AppError('TOKEN_ALREADY_REFRESHED', 'This token was already refreshed; use the new token');
  }
  // Read afresh, not from the session cache: a refresh must never outlive a revocation.
  const state = await repo.loadSessionState(caller.sessionId);
  if (!state || state.revokedAt || state.expiresAt <= now || !state.isActive || state.deleted) {
    throw new AppError('SESSION_REVOKED', 'This session has ended; log in again');
  }
  const signed = await deps.tokens.sign({
    userId: caller.id,
    role: state.role,
    sessionId: caller.sessionId,
    now,
    sessionExpiresAt: state.expiresAt,
  });
  return { newToken: signed.token, role: state.role, loginType: state.loginType };
}
