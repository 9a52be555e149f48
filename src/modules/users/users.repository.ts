// SQL for the users table.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export type Role = 'admin' | 'support' | 'owner' | 'client';
export const ROLES: readonly Role[] = ['admin', 'support', 'owner', 'client'];

export function usersRepository(db: Executor) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Finds a live (not deleted) account by e-mail or username, case-insensitively. */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const l = login.trim().toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(and(isNull(users.deletedAt), or(sql`lower(${users.email}) = ${l}`, sql`lower(${users.username}) = ${l}`)))
        .orderBy(sql`lower(${users.email}) = ${l} DESC`)
        .limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).limit(1);
      return row;
    },

    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`).limit(1);
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
      const [row] = await db.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, id)).returning();
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
