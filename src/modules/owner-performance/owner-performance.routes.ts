// The owner performance report (contract §11): JSON in the envelope, or CSV on Accept: text/csv.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Negotiator from 'negotiator';
import { Type } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, ok } from '../../platform/envelope.ts';
import { getOwnerPerformance } from './get-owner-performance.ts';
import * as S from './owner-performance.schemas.ts';
import { performanceCsv } from './performance-csv.ts';
import { DESCRIPTIONS } from './owner-performance.docs.ts';

export async function ownerPerformanceRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/owners/me/performance',
    {
      config: { roles: ['owner', 'admin'] },
      schema: {
        operationId: 'getOwnerPerformance',
        tags: ['owners'],
        summary: 'Occupancy, ADR, RevPAR and revenue per listing and month',
        description: DESCRIPTIONS.getOwnerPerformance,
        querystring: S.PerformanceQuery,
        response: {
          200: {
            description: 'The figures, as JSON in the envelope or as CSV',
            content: {
              'application/json': { schema: S.OwnerPerformanceResponse },
              'text/csv': { schema: Type.String({ description: 'the rows as CSV' }) },
            },
          },
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (req, reply) => {
      const data = await getOwnerPerformance(deps, currentUser(req), req.query);
      if (new Negotiator(req).mediaType(['application/json', 'text/csv']) === 'text/csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="performance.csv"')
          .send(performanceCsv(data));
      }
      return reply.type('application/json; charset=utf-8').send(ok(data));
    },
  );
}
