// SQL of owner applications (KYC).
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { ownerRequests, users } from '../../db/schema/index.ts';

export type OwnerRequestRow = typeof ownerRequests.$inferSelect;
export type NewOwnerRequest = typeof ownerRequests.$inferInsert;
export type OwnerRequestStatus = 'pending' | 'approved' | 'rejected';

export interface ApplicantSummary {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
}

export function ownerRequestsRepository(db: Executor) {
  return {
    async insert(row: NewOwnerRequest): Promise<OwnerRequestRow> {
      const [created] = await db.insert(ownerRequests).values(row).returning();
      return created!;
    },

    async findById(id: number): Promise<OwnerRequestRow | undefined> {
      const [row] = await db.select().from(ownerRequests).where(eq(ownerRequests.id, id)).limit(1);
      return row;
    },

    /** The application still awaiting a decision, if any (at most one per user). */
    async findPendingByUser(userId: number): Promise<OwnerRequestRow | undefined> {
      const [row] = await db.select().from(ownerRequests).where(and(eq(ownerRequests.userId, userId), eq(ownerRequests.status, 'pending'))).limit(1);
      return row;
    },

    async findLatestByUser(userId: number): Promise<OwnerRequestRow | undefined> {
      const [row] = await db.select().from(ownerRequests).where(eq(ownerRequests.userId, userId)).orderBy(desc(ownerRequests.id)).limit(1);
      return row;
    },

    /** Locks the row for a decision, so two reviewers cannot both decide it. */
    async lockById(id: number): Promise<OwnerRequestRow | undefined> {
      const [row] = await db.select().from(ownerRequests).where(eq(ownerRequests.id, id)).for('update').limit(1);
      return row;
    },

    async update(id: number, changes: Partial<NewOwnerRequest>): Promise<OwnerRequestRow> {
      const [row] = await db.update(ownerRequests).set(changes).where(eq(ownerRequests.id, id)).returning();
      return row!;
    },

    /** Applications with their applicants; pending first, then newest. */
    async list(filter: { status?: OwnerRequestStatus }, limit: number, offset: number) {
      const where: SQL | undefined = filter.status ? eq(ownerRequests.status, filter.status) : undefined;
      const rows = await db
        .select({ request: ownerRequests, applicant: { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, email: users.email } })
        .from(ownerRequests)
        .innerJoin(users, eq(users.id, ownerRequests.userId))
        .where(where)
        .orderBy(sql`(${ownerRequests.status} = 'pending') DESC`, desc(ownerRequests.createdAt), desc(ownerRequests.id))
        .limit(limit)
        .offset(offset);
      const [{ total }] = (await db.select({ total: count() }).from(ownerRequests).where(where)) as [{ total: number }];
      return { rows, total: Number(total) };
    },

    async applicant(userId: number): Promise<ApplicantSummary | undefined> {
      const [row] = await db.select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /**
     * Erases the personal data of a user's applications (account deletion), keeping the rows
     * and their decisions. Returns the storage keys of the files to delete after commit.
     */
    async anonymiseForUser(userId: number, now: Date): Promise<string[]> {
      const rows = await db.select().from(ownerRequests).where(eq(ownerRequests.userId, userId)).orderBy(asc(ownerRequests.id));
      const keys = rows.flatMap((r) => [r.idFrontKey, r.idBackKey, r.companyDocumentKey]).filter((k): k is string => Boolean(k));
      await db
        .update(ownerRequests)
        .set({
          status: sql`CASE WHEN ${ownerRequests.status} = 'pending' THEN 'rejected' ELSE ${ownerRequests.status} END`,
          rejectionReason: sql`CASE WHEN ${ownerRequests.status} = 'pending' THEN 'account deleted' ELSE ${ownerRequests.rejectionReason} END`,
          companyName: null, idNumber: null, placeDetails: null, address: '', city: '', state: null, postalCode: '',
          latitude: '0', longitude: '0', idFrontKey: null, idBackKey: null, companyDocumentKey: null,
          idFrontType: null, idBackType: null, companyDocumentType: null, updatedAt: now,
        })
        .where(eq(ownerRequests.userId, userId));
      return keys;
    },
  };
}

export type OwnerRequestsRepository = ReturnType<typeof ownerRequestsRepository>;
