// POST /reservations/preview. Registered by the reservations module's index (lead's wiring).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { errorResponses, ok } from '../../platform/envelope.ts';
import { previewReservation } from './preview-reservation.ts';
import { PreviewBody, PreviewResponse } from './preview.schemas.ts';
import { DESCRIPTIONS } from './reservations.docs.ts';

export async function previewRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  routes.post(
    '/reservations/preview',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'previewReservation',
        tags: ['reservations'],
        summary: 'Price preview of a stay',
        security: [{ bearer: [] }, {}],
        description: DESCRIPTIONS.previewReservation,
        body: PreviewBody,
        response: { 200: PreviewResponse, ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await previewReservation(deps, req.body), 'Price preview'),
  );
}
