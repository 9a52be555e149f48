// SQL for the users table, and for what the users module reads around it (sessions of a user,
// support-agent assignments).
import { and, asc, count, desc, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../kernel/caller.ts';
import type { Executor } from '../../db/connection.ts';
import { sessions, supportAssignments, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export interface UserFilter {
  q?: string;
  role?: Role;
  isActive?: boolean;
  userType?: 'individual' | 'company';
}

/** The members of an account anyone signed in may see. */
export interface PublicUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  role: string;
}

const publicColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: users.avatar,
  role: users.role,
};

// LIKE treats % and _ as wildcards; a search for "a_b" must match those characters only.
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterSql(f: UserFilter): SQL {
  const conds: SQL[] = [isNull(users.deletedAt)];
  if (f.q) {
    const p = likePattern(f.q);
    conds.push(
      or(
        sql`${users.username} ILIKE ${p}`,
        sql`${users.email} ILIKE ${p}`,
        sql`${users.firstName} ILIKE ${p}`,
        sql`${users.lastName} ILIKE ${p}`,
      )!,
    );
  }
  if (f.role) conds.push(eq(users.role, f.role));
  if (f.isActive !== undefined) conds.push(eq(users.isActive, f.isActive));
  if (f.userType) conds.push(eq(users.userType, f.userType));
  return and(...conds)!;
}

export function usersRepository(db: Executor) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** An account that has not been deleted. */
    async findLiveById(id: number): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row;
    },

    /** Locks a live account for a change decided on its current state. */
    async lockLiveById(id: number): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .for('update')
        .limit(1);
      return row;
    },

    /**
     * Locks every active admin and returns their ids: two admins demoting or deleting each
     * other at once must not leave the platform without one (the second waits, then sees one).
     */
    async lockActiveAdminIds(): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt)))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((r) => r.id);
    },

    /** Finds a live (not deleted) account by e-mail or username, case-insensitively. */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const l = login.trim().toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(
          and(isNull(users.deletedAt), or(sql`lower(${users.email}) = ${l}`, sql`lower(${users.username}) = ${l}`)),
        )
        .orderBy(sql`lower(${users.email}) = ${l} DESC`)
        .limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
        .limit(1);
      return row;
    },

    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
        .limit(1);
      return row;
    },

    async findByGoogleSub(sub: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
      return row;
    },

    async findByFacebookId(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.facebookId, id)).limit(1);
      return row;
    },

    async insert(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      return row!;
    },

    async update(id: number, changes: Partial<NewUser>, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** Live accounts matching the filter, newest first. */
    async list(filter: UserFilter, limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }> {
      const where = filterSql(filter);
      const rows = await db.select().from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset);
      const [{ total }] = (await db.select({ total: count() }).from(users).where(where)) as [{ total: number }];
      return { rows, total: Number(total) };
    },

    /** Active, live accounts by username or name (never by e-mail: that is not public). */
    async searchPublic(q: string, limit: number, offset: number): Promise<{ rows: PublicUser[]; total: number }> {
      const p = likePattern(q);
      const where = and(
        isNull(users.deletedAt),
        eq(users.isActive, true),
        or(
          sql`${users.username} ILIKE ${p}`,
          sql`${users.firstName} ILIKE ${p}`,
          sql`${users.lastName} ILIKE ${p}`,
          sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${p}`,
        ),
      );
      const rows = await db
        .select(publicColumns)
        .from(users)
        .where(where)
        .orderBy(asc(users.username), asc(users.id))
        .limit(limit)
        .offset(offset);
      const [{ total }] = (await db.select({ total: count() }).from(users).where(where)) as [{ total: number }];
      return { rows, total: Number(total) };
    },

    /** Sessions of the user neither revoked nor expired. */
    async countLiveSessions(userId: number, now: Date): Promise<number> {
      const [{ n }] = (await db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))) as [
        { n: number },
      ];
      return Number(n);
    },

    /** The agent assigned to a user, with whether that agent can still serve. */
    async findAssignment(userId: number): Promise<{ agent: PublicUser; serving: boolean } | undefined> {
      const [row] = await db
        .select({ agent: publicColumns, isActive: users.isActive, deletedAt: users.deletedAt })
        .from(supportAssignments)
        .innerJoin(users, eq(users.id, supportAssignments.agentId))
        .where(eq(supportAssignments.userId, userId))
        .limit(1);
      if (!row) return undefined;
      return { agent: row.agent, serving: row.agent.role === 'support' && row.isActive && row.deletedAt === null };
    },

    /** The active support agent with the fewest assigned users (ties: lowest id), never `excludeId`. */
    async leastLoadedAgent(excludeId: number): Promise<PublicUser | undefined> {
      const load = db
        .select({ agentId: supportAssignments.agentId, n: count().as('n') })
        .from(supportAssignments)
        .groupBy(supportAssignments.agentId)
        .as('load');
      const [row] = await db
        .select(publicColumns)
        .from(users)
        .leftJoin(load, eq(load.agentId, users.id))
        .where(
          and(eq(users.role, 'support'), eq(users.isActive, true), isNull(users.deletedAt), ne(users.id, excludeId)),
        )
        .orderBy(sql`coalesce(${load.n}, 0) ASC`, asc(users.id))
        .limit(1);
      return row;
    },

    /**
     * Writes the user's assignment in one statement: inserts it, or replaces the agent only if it
     * is still the one the caller saw (`previousAgentId`). False when a concurrent call got there
     * first; the caller then reads the row that call wrote.
     */
    async upsertAssignment(assignment: {
      userId: number;
      agentId: number;
      previousAgentId: number | null;
      now: Date;
    }): Promise<boolean> {
      const { userId, agentId, previousAgentId, now } = assignment;
      const rows = await db
        .insert(supportAssignments)
        .values({ userId, agentId, assignedAt: now })
        .onConflictDoUpdate({
          target: supportAssignments.userId,
          set: { agentId, assignedAt: now },
          setWhere: previousAgentId === null ? sql`false` : eq(supportAssignments.agentId, previousAgentId),
        })
        .returning({ userId: supportAssignments.userId });
      return rows.length > 0;
    },

    async deleteAssignmentOf(userId: number): Promise<void> {
      await db.delete(supportAssignments).where(eq(supportAssignments.userId, userId));
    },

    async findAgentId(userId: number): Promise<number | null> {
      const [row] = await db
        .select({ agentId: supportAssignments.agentId })
        .from(supportAssignments)
        .where(eq(supportAssignments.userId, userId))
        .limit(1);
      return row?.agentId ?? null;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
