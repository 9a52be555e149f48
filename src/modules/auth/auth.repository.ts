// SQL for sessions, refreshed tokens and one-time secrets.
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { rawQuery } from '../../db/raw-query.ts';
import { oneTimeSecrets, sessions, tokenRefreshes } from '../../db/schema/index.ts';
import type { SecretPurpose } from './one-time-secrets.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type SecretRow = typeof oneTimeSecrets.$inferSelect;

export interface SessionState {
  sessionId: string;
  userId: number;
  role: string;
  loginType: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  isActive: boolean;
  deleted: boolean;
}

interface SessionStateRow {
  session_id: string;
  user_id: string | number | bigint;
  role: string;
  login_type: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  is_active: boolean;
  deleted_at: Date | null;
}

const SESSION_STATE = {
  text: `SELECT s.id AS session_id, s.user_id, u.role, s.login_type, s.created_at, s.expires_at, s.revoked_at, u.is_active, u.deleted_at
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 LIMIT 1`,
};

export function authRepository(db: Executor) {
  return {
    async createSession(s: typeof sessions.$inferInsert): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(s).returning();
      return row!;
    },

    /** The session with what authorisation needs of its user (current role, active flag). */
    async loadSessionState(sessionId: string): Promise<SessionState | undefined> {
      // Every request with a token not seen in the last seconds sends this: a raw statement.
      const [row] = await rawQuery<SessionStateRow>(db, SESSION_STATE, [sessionId]);
      if (!row) return undefined;
      return {
        sessionId: row.session_id,
        userId: Number(row.user_id),
        role: row.role,
        loginType: row.login_type,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
        isActive: row.is_active,
        deleted: row.deleted_at !== null,
      };
    },

    /** Revokes one session; returns whether it was live. */
    async revokeSession(sessionId: string, reason: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Revokes every live session of a user (but one, if given); returns their ids. */
    async revokeUserSessions(userId: number, reason: string, now: Date, exceptSessionId?: string): Promise<string[]> {
      const conds = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (exceptSessionId) conds.push(sql`${sessions.id} <> ${exceptSessionId}`);
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(...conds))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },

    /** Records that a token was exchanged; false when it already was (row untouched). */
    async markTokenRefreshed(jti: string, sessionId: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(tokenRefreshes)
        .values({ jti, sessionId, refreshedAt: now })
        .onConflictDoNothing()
        .returning({ jti: tokenRefreshes.jti });
      return rows.length > 0;
    },

    async tokenRefreshedAt(jti: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: tokenRefreshes.refreshedAt })
        .from(tokenRefreshes)
        .where(eq(tokenRefreshes.jti, jti))
        .limit(1);
      return row?.at;
    },

    /** Stores a new secret after retiring the unused ones of the same purpose. */
    async replaceSecret(s: {
      userId: number;
      purpose: SecretPurpose;
      secretHash: string;
      maxAttempts: number;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      await db
        .update(oneTimeSecrets)
        .set({ usedAt: s.now })
        .where(
          and(
            eq(oneTimeSecrets.userId, s.userId),
            eq(oneTimeSecrets.purpose, s.purpose),
            isNull(oneTimeSecrets.usedAt),
          ),
        );
      await db.insert(oneTimeSecrets).values({
        userId: s.userId,
        purpose: s.purpose,
        secretHash: s.secretHash,
        maxAttempts: s.maxAttempts,
        expiresAt: s.expiresAt,
        createdAt: s.now,
      });
    },

    /** The live secret of a purpose for a user: unused, unexpired, with attempts left. */
    async findLiveSecret(userId: number, purpose: SecretPurpose, now: Date): Promise<SecretRow | undefined> {
      const [row] = await db
        .select()
        .from(oneTimeSecrets)
        .where(
          and(
            eq(oneTimeSecrets.userId, userId),
            eq(oneTimeSecrets.purpose, purpose),
            isNull(oneTimeSecrets.usedAt),
            gt(oneTimeSecrets.expiresAt, now),
            lt(oneTimeSecrets.attempts, oneTimeSecrets.maxAttempts),
          ),
        )
        .orderBy(desc(oneTimeSecrets.id))
        .limit(1);
      return row;
    },

    async findLiveSecretByHash(purpose: SecretPurpose, secretHash: string, now: Date): Promise<SecretRow | undefined> {
      const [row] = await db
        .select()
        .from(oneTimeSecrets)
        .where(
          and(
            eq(oneTimeSecrets.purpose, purpose),
            eq(oneTimeSecrets.secretHash, secretHash),
            isNull(oneTimeSecrets.usedAt),
            gt(oneTimeSecrets.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /** Spends one attempt, atomically; false when the budget was already spent or the secret used. */
    async spendAttempt(id: number): Promise<boolean> {
      const rows = await db
        .update(oneTimeSecrets)
        .set({ attempts: sql`${oneTimeSecrets.attempts} + 1` })
        .where(
          and(
            eq(oneTimeSecrets.id, id),
            isNull(oneTimeSecrets.usedAt),
            lt(oneTimeSecrets.attempts, oneTimeSecrets.maxAttempts),
          ),
        )
        .returning({ id: oneTimeSecrets.id });
      return rows.length > 0;
    },

    /** Marks a secret used; false when someone else used it first (single use under races). */
    async consumeSecret(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(oneTimeSecrets)
        .set({ usedAt: now })
        .where(and(eq(oneTimeSecrets.id, id), isNull(oneTimeSecrets.usedAt)))
        .returning({ id: oneTimeSecrets.id });
      return rows.length > 0;
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
