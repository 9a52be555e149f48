import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import { Paginated, errorResponses, okPage } from '../../platform/envelope.ts';
import { PageQuery, pageWindow } from '../../platform/pagination.ts';
import { auditRepository } from './audit.repository.ts';

const AuditEntry = Type.Object({
  id: Type.Integer(),
  actor_id: Type.Integer(),
  actor_role: Type.String(),
  action: Type.String(),
  target_type: Type.String(),
  target_id: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  created_at: Type.String(),
});

const AuditQuery = Type.Object({
  ...PageQuery.properties,
  actor_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  target_type: Type.Optional(Type.String({ maxLength: 50 })),
  target_id: Type.Optional(Type.String({ maxLength: 50 })),
  action: Type.Optional(Type.String({ maxLength: 100 })),
});

export async function auditRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  routes.get(
    '/admin/audit-log',
    {
      config: { roles: ['admin'] },
      schema: {
        operationId: 'listAuditEntries',
        tags: ['admin'],
        summary: 'Audit trail of support and admin actions (newest first)',
        security: [{ bearer: [] }],
        querystring: AuditQuery,
        response: { 200: Paginated(AuditEntry), ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageWindow(req.query);
      const { rows, total } = await auditRepository(deps.db).list(
        {
          actorId: req.query.actor_id,
          targetType: req.query.target_type,
          targetId: req.query.target_id,
          action: req.query.action,
        },
        perPage,
        offset,
      );
      const data = rows.map((r) => ({
        id: r.id,
        actor_id: r.actorId,
        actor_role: r.actorRole,
        action: r.action,
        target_type: r.targetType,
        target_id: r.targetId,
        before: r.before,
        after: r.after,
        created_at: r.createdAt.toISOString(),
      }));
      return okPage(data, { current_page: page, per_page: perPage, total });
    },
  );
}
