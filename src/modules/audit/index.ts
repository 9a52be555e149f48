import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { auditRoutes } from './audit.routes.ts';

export { recordAudit, type AuditEntry } from './record-audit.ts';

/** The audit trail of staff actions, readable by admins. */
export async function auditModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(auditRoutes, opts);
}
