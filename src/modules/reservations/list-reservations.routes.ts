// GET /reservations and GET /reservations/search. The static /reservations/search is matched
// before /reservations/:id by the router, whatever the registration order.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, okPage } from '../../platform/envelope.ts';
import { listReservations } from './list-reservations.ts';
import * as S from './list-reservations.schemas.ts';
import { searchReservations } from './search-reservations.ts';
import { DESCRIPTIONS, SCOPE } from './reservations.docs.ts';

const security = [{ bearer: [] }];

export async function listReservationsRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/reservations',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'listReservations',
        tags: ['reservations'],
        summary: 'My reservations (read form)',
        security,
        description: `${SCOPE} Each item is the read form of GET /reservations/{id}, prices from the snapshot taken at booking.`,
        querystring: S.ListReservationsQuery,
        response: { 200: S.ReservationListResponse, ...errorResponses(401) },
      },
    },
    async (req) => {
      const { data, meta } = await listReservations(deps, currentUser(req), req.query);
      return okPage(data, meta);
    },
  );

  routes.get(
    '/reservations/search',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'searchReservations',
        tags: ['reservations'],
        summary: 'Search my reservations (lighter variant)',
        security,
        description: DESCRIPTIONS.searchReservations,
        querystring: S.SearchReservationsQuery,
        response: { 200: S.ReservationSearchResponse, ...errorResponses(401) },
      },
    },
    async (req) => {
      const { data, meta } = await searchReservations(deps, currentUser(req), req.query);
      return okPage(data, meta);
    },
  );
}
