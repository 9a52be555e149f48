// SQL of owner applications (KYC).
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { outboxEvents, ownerRequests, users } from '../../db/schema/index.ts';

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

/** Whether an error is the one-pending-request-per-user index refusing a second application. */
export function isOnePendingViolation(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.cause ?? e;
  return pg.code === '23505' && pg.constraint === 'owner_requests_one_pending_uq';
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
      const [row] = await db
        .select()
        .from(ownerRequests)
        .where(and(eq(ownerRequests.userId, userId), eq(ownerRequests.status, 'pending')))
        .limit(1);
      return row;
    },

    async findLatestByUser(userId: number): Promise<OwnerRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(ownerRequests)
        .where(eq(ownerRequests.userId, userId))
        .orderBy(desc(ownerRequests.id))
        .limit(1);
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
        .select({
          request: ownerRequests,
          applicant: {
            id: users.id,
            username: users.username,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          },
        })
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
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /**
     * Locks the applicant's account row for the rest of the transaction: an application and an
     * approval of the same user then run one after the other, so the role read is current.
     */
    async lockApplicant(userId: number): Promise<{ role: string; deleted: boolean } | undefined> {
      const [row] = await db
        .select({ role: users.role, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
        .limit(1);
      return row && { role: row.role, deleted: row.deletedAt !== null };
    },

    /** The outbox events written about an application, oldest first. */
    async events(requestId: number): Promise<Array<{ topic: string; payload: unknown }>> {
      return db
        .select({ topic: outboxEvents.topic, payload: outboxEvents.payload })
        .from(outboxEvents)
        .where(
          and(
            sql`${outboxEvents.topic} LIKE 'owner_request.%'`,
            sql`${outboxEvents.payload}->>'request_id' = ${String(requestId)}`,
          ),
        )
        .orderBy(asc(outboxEvents.id));
    },

    /**
     * Erases the personal data of a user's applications (account deletion), keeping the rows
     * and their decisions. Returns the storage keys of the files to delete after commit.
     */
    async anonymiseForUser(userId: number, now: Date): Promise<string[]> {
      const rows = await db
        .select()
        .from(ownerRequests)
        .where(eq(ownerRequests.userId, userId))
        .orderBy(asc(ownerRequests.id));
      const keys = rows
        .flatMap((r) => [r.idFrontKey, r.idBackKey, r.companyDocumentKey])
        .filter((k): k is string => Boolean(k));
      await db
        .update(ownerRequests)
        .set({
          status: sql`CASE WHEN ${ownerRequests.status} = 'pending' THEN 'rejected' ELSE ${ownerRequests.status} END`,
          rejectionReason: sql`CASE WHEN ${ownerRequests.status} = 'pending' THEN 'account deleted' ELSE ${ownerRequests.rejectionReason} END`,
          companyName: null,
          idNumber: null,
          placeDetails: null,
          address: '',
          city: '',
          state: null,
          postalCode: '',
          latitude: '0',
          longitude: '0',
          idFrontKey: null,
          idBackKey: null,
          companyDocumentKey: null,
          idFrontType: null,
          idBackType: null,
          companyDocumentType: null,
          updatedAt: now,
        })
        .where(eq(ownerRequests.userId, userId));
      return keys;
    },
  };
}

export type OwnerRequestsRepository = ReturnType<typeof ownerRequestsRepository>;
