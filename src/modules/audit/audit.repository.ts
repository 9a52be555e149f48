// SQL of the audit trail.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  actorId?: number;
  targetType?: string;
  targetId?: string;
  action?: string;
}

export function auditRepository(db: Executor) {
  return {
    async insert(entry: typeof auditLog.$inferInsert): Promise<void> {
      await db.insert(auditLog).values(entry);
    },

    async list(filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
      const conds: SQL[] = [];
      if (filter.actorId !== undefined) conds.push(eq(auditLog.actorId, filter.actorId));
      if (filter.targetType) conds.push(eq(auditLog.targetType, filter.targetType));
      if (filter.targetId) conds.push(eq(auditLog.targetId, filter.targetId));
      if (filter.action) conds.push(eq(auditLog.action, filter.action));
      const where = conds.length ? and(...conds) : undefined;
      const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(limit).offset(offset);
      const [{ total }] = (await db.select({ total: count() }).from(auditLog).where(where)) as [{ total: number }];
      return { rows, total: Number(total) };
    },
  };
}
