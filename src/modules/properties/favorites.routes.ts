// Favorites of the signed-in caller on one listing.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { errorResponses, ok } from '../../platform/envelope.ts';
import { currentUser } from '../../platform/auth.ts';
import * as S from './properties.schemas.ts';
import { getFavorite } from './get-favorite.ts';
import { addFavorite } from './add-favorite.ts';
import { removeFavorite } from './remove-favorite.ts';

const tags = ['favorites'];
const security = [{ bearer: [] }];
const seen = 'Only on listings the caller may see (404 otherwise).';

export async function favoritesRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/properties/:id/favorite',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'getFavoriteStatus',
        tags,
        summary: "Whether the listing is in the caller's favorites",
        security,
        description: seen,
        params: S.PropertyParams,
        response: { 200: S.FavoriteState, ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await getFavorite(deps, currentUser(req), req.params.id)),
  );

  routes.post(
    '/properties/:id/favorite',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'addFavorite',
        tags,
        summary: "Add the listing to the caller's favorites",
        security,
        description: `Idempotent: adding it again changes nothing. like_count counts favorites exactly, also under concurrent adds and removes. ${seen}`,
        params: S.PropertyParams,
        response: { 200: S.FavoriteChange, ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await addFavorite(deps, currentUser(req), req.params.id), 'Added to favorites'),
  );

  routes.delete(
    '/properties/:id/favorite',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'removeFavorite',
        tags,
        summary: "Remove the listing from the caller's favorites",
        security,
        description: `Idempotent: removing it again changes nothing. ${seen}`,
        params: S.PropertyParams,
        response: { 200: S.FavoriteChange, ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await removeFavorite(deps, currentUser(req), req.params.id), 'Removed from favorites'),
  );
}
