// Listing lists and search. Thin handlers: validated query → one use case → page envelope.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { errorResponses, okPage } from '../../platform/envelope.ts';
import { currentUser } from '../../platform/auth.ts';
import * as S from './property-search.schemas.ts';
import { listProperties } from './list-properties.ts';
import { filterProperties } from './filter-properties.ts';
import { listPublicProperties } from './list-public-properties.ts';
import { listRecommendedProperties } from './list-recommended-properties.ts';
import { listPopularProperties } from './list-popular-properties.ts';
import { listFavoriteProperties } from './list-favorite-properties.ts';
import { withPriceText } from './search-criteria.ts';
import { DESCRIPTIONS, FILTERS, FACETS } from './property-search.docs.ts';

const tags = ['properties'];
const security = [{ bearer: [] }];
const optionalSecurity: Array<Record<string, string[]>> = [{}, { bearer: [] }];

export async function propertySearchRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const response = { 200: S.CardPage, ...errorResponses(401) };
  const facetedResponse = { 200: S.FacetedCardPage, ...errorResponses(401) };

  routes.get(
    '/properties',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'listProperties',
        tags,
        summary: "Listings of the caller's role",
        security,
        description: DESCRIPTIONS.listProperties,
        querystring: S.FilterQuery,
        response,
      },
    },
    async (req) => {
      const { data, meta } = await listProperties(deps, currentUser(req), withPriceText(req));
      return okPage(data, meta);
    },
  );

  routes.get(
    '/properties/filter',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'searchProperties',
        tags,
        summary: 'Search listings',
        security: optionalSecurity,
        description: DESCRIPTIONS.searchProperties,
        querystring: S.FacetedFilterQuery,
        response: facetedResponse,
      },
    },
    async (req) => {
      const { data, meta, facets } = await filterProperties(deps, req.user, withPriceText(req));
      return facets ? { ...okPage(data, meta), facets } : okPage(data, meta);
    },
  );

  routes.get(
    '/properties/public',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'listPublicProperties',
        tags,
        summary: 'Explorer: public listings',
        security: optionalSecurity,
        description: `Active and visible listings only, whoever asks; a token only adds is_favorite. ${FILTERS}${FACETS}`,
        querystring: S.PublicSearchQuery,
        response: facetedResponse,
      },
    },
    async (req) => {
      const { data, meta, facets } = await listPublicProperties(deps, req.user, withPriceText(req));
      return facets ? { ...okPage(data, meta), facets } : okPage(data, meta);
    },
  );

  routes.get(
    '/properties/recommended',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'listRecommendedProperties',
        tags,
        summary: 'Recommended listings',
        security: optionalSecurity,
        description: `Public listings an admin flagged as recommended. ${FILTERS}`,
        querystring: S.SearchQuery,
        response,
      },
    },
    async (req) => {
      const { data, meta } = await listRecommendedProperties(deps, req.user, withPriceText(req));
      return okPage(data, meta);
    },
  );

  routes.get(
    '/properties/popular',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'listPopularProperties',
        tags,
        summary: 'Popular listings',
        security: optionalSecurity,
        description: DESCRIPTIONS.listPopularProperties,
        querystring: S.SearchQuery,
        response,
      },
    },
    async (req) => {
      const { data, meta } = await listPopularProperties(deps, req.user, withPriceText(req));
      return okPage(data, meta);
    },
  );

  routes.get(
    '/properties/get/favorites',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'listFavorites',
        tags,
        summary: "The caller's favorites",
        security,
        description: DESCRIPTIONS.listFavorites,
        querystring: S.FavoritesQuery,
        response,
      },
    },
    async (req) => {
      const { data, meta } = await listFavoriteProperties(deps, currentUser(req), req.query);
      return okPage(data, meta);
    },
  );
}
