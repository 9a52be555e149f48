// GET /countries, GET /neighborhoods (public) and POST /neighborhoods (admin).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { errorResponses, okPage } from '../../platform/envelope.ts';
import * as S from './catalog.schemas.ts';
import { listCountries } from './list-countries.ts';
import { neighborhoodKind } from './neighborhood-kind.ts';
import { referenceRoutes } from './reference.routes.ts';
import { DESCRIPTIONS } from './catalog.docs.ts';

const tags = ['catalog'];

export async function placesRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/countries',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'listCountries',
        tags,
        summary: 'Countries (ISO 3166-1)',
        description: DESCRIPTIONS.listCountries,
        querystring: S.CountryQuery,
        response: { 200: S.CountryPage, ...errorResponses(401) },
      },
    },
    async (req) => {
      const { data, meta } = await listCountries(deps, req.query);
      return okPage(data, meta);
    },
  );

  referenceRoutes(app, deps, neighborhoodKind, {
    path: '/neighborhoods',
    schemas: {
      query: S.NeighborhoodQuery,
      page: S.NeighborhoodPage,
      response: S.NeighborhoodResponse,
      body: S.NeighborhoodBody,
    },
    list: {
      operationId: 'listNeighborhoods',
      summary: "A country's neighborhoods",
      description: DESCRIPTIONS.listNeighborhoods,
      errors: [401],
    },
    create: {
      operationId: 'createNeighborhood',
      summary: 'Add a neighborhood (admin)',
      description:
        'Unique per country, city and name, case-insensitively (409). Unknown country → 422 naming country. Audited.',
    },
  });
}
