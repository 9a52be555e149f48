// GET /properties/{id}/availability: the traveller's calendar. Registered by the reservations module's index.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { errorResponses } from '../../platform/envelope.ts';
import {
  AvailabilityParams,
  AvailabilityQuery,
  AvailabilityResponse,
  MAX_CALENDAR_NIGHTS,
} from './availability.schemas.ts';
import { propertyAvailabilityJson } from './get-property-availability.ts';

const DESCRIPTION =
  'Night by night over [from, to): whether it can be booked, its price after seasons in the listing currency (per rate plan for a listing ' +
  'sold by room type, with the rooms left), and the stay rules of arriving or leaving that day (min/max stay, closed to arrival/departure, ' +
  'stop-sell). It says what POST /reservations/preview says: a stay whose nights are bookable and whose arrival and departure days allow ' +
  'it previews as valid, at these prices (before long-stay, offer and promo discounts, fees and taxes). Public for an active, visible ' +
  `listing (else 404, for its owner too); from not before to, or more than ${MAX_CALENDAR_NIGHTS} nights → 422 to. Room types without a ` +
  'rate plan are not listed (they cannot be booked).';

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
        description: DESCRIPTION,
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
