// SQL of the jobs table: one row per recurring job; a conditional update is the claim.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { jobs } from '../db/schema/index.ts';

export function jobsRepository(db: Executor) {
  return {
    async register(name: string): Promise<void> {
      await db.insert(jobs).values({ name, nextRunAt: sql`now()` }).onConflictDoNothing();
    },

    /**
     * Claims a due job for this instance until the lease ends. The UPDATE's WHERE is re-checked
     * under the row lock, so of two instances racing, exactly one gets the row back.
     */
    async claim(name: string, instanceId: string, leaseMs: number, force = false): Promise<boolean> {
      const due = force ? sql`true` : sql`${jobs.nextRunAt} <= now()`;
      const rows = await db
        .update(jobs)
        .set({
          lockedBy: instanceId,
          lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
          lastStartedAt: sql`now()`,
        })
        .where(and(eq(jobs.name, name), due, sql`(${jobs.lockedUntil} IS NULL OR ${jobs.lockedUntil} < now())`))
        .returning({ name: jobs.name });
      return rows.length > 0;
    },

    async finish(name: string, instanceId: string, intervalMs: number, error: string | null): Promise<void> {
      await db
        .update(jobs)
        .set({
          lockedBy: null,
          lockedUntil: null,
          lastFinishedAt: sql`now()`,
          nextRunAt: sql`now() + ${intervalMs} * interval '1 millisecond'`,
          lastError: error,
          runCount: sql`${jobs.runCount} + 1`,
        })
        .where(and(eq(jobs.name, name), eq(jobs.lockedBy, instanceId)));
    },

    async find(name: string) {
      const [row] = await db.select().from(jobs).where(eq(jobs.name, name)).limit(1);
      return row;
    },
  };
}
