// GET /properties/{id}/availability: the traveller's calendar. Registered by the reservations module's index.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { errorResponses } from '../../platform/envelope.ts';
import { AvailabilityParams, AvailabilityQuery, AvailabilityResponse } from './availability.schemas.ts';
import { propertyAvailabilityJson } from './get-property-availability.ts';
import { DESCRIPTIONS } from './reservations.docs.ts';

export async function availabilityRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  // No auth flag: the answer is the same for everyone, so a token is not even read.
  routes.get(
    '/properties/:id/availability',
    {
      schema: {
        operationId: 'getPropertyAvailability',
        tags: ['reservations'],
        summary: 'Availability and price calendar of a listing',
        description: DESCRIPTIONS.getPropertyAvailability,
        params: AvailabilityParams,
        querystring: AvailabilityQuery,
        response: { 200: AvailabilityResponse, ...errorResponses(404) },
      },
    },
    async (req, reply) => {
      // Sent as kept (bytes are not serialised again): the cached answer already has the schema's members.
      const json = await propertyAvailabilityJson(deps, req.params.id, req.query.from, req.query.to);
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
}
