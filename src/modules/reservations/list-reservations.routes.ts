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

const security = [{ bearer: [] }];

const SCOPE =
  'Scope, as for GET /reservations/{id}: admin and support see every reservation; anyone else sees the reservations they made as a guest ' +
  'plus those on listings they own — so a client sees their own bookings, and an owner sees the bookings of their listings and their own ' +
  'stays elsewhere. Nothing outside the scope is ever counted or shown. Newest booking (created_at) first, id descending on ties. ' +
  'Paginated: page (default 1), per_page (default 20, max 100); meta {current_page, per_page, total, last_page}. Filters combine with AND; ' +
  'from/to select stays overlapping [from, to) (checkin_date < to and checkout_date > from), either may be given alone. A bad value → 422 ' +
  'naming the parameter.';

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
        description:
          `${SCOPE} q matches a booking reference by prefix or a guest or contact name by substring; without q this is the ` +
          'list of GET /reservations without its property_id filter. Items are the lighter variant: guests and price_details are JSON text, ' +
          'total is decimal text equal to price_details.total.',
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
