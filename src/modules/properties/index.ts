import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../container.ts';
import { propertiesRoutes } from './properties.routes.ts';
import { favoritesRoutes } from './favorites.routes.ts';

/** Listings: the creation wizard, read forms, updates, deletion, favorites. */
export async function propertiesModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(propertiesRoutes, opts);
  await app.register(favoritesRoutes, opts);
}
