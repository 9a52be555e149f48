import type { Executor } from '../../db/connection.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { auditRepository } from './audit.repository.ts';

export interface AuditEntry {
  action: string;
  targetType: 'user' | 'owner_request' | string;
  targetId: number | string;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit entry; call it inside the transaction that makes the change it describes. The
 * actor is the caller, or the account an outside report is about (a processor's payment: its payer).
 */
export async function recordAudit(
  db: Executor,
  actor: Pick<AuthUser, 'id'> & { role: string },
  entry: AuditEntry,
  at: Date,
): Promise<void> {
  await auditRepository(db).insert({
    actorId: actor.id,
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: at,
  });
}
