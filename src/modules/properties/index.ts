import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { announceListingWrites } from '../../platform/listing-changes.ts';
import { propertiesRoutes } from './properties.routes.ts';
import { favoritesRoutes } from './favorites.routes.ts';

/** Listings: the creation wizard, read forms, updates, deletion, favorites. */
export async function propertiesModule(app: FastifyInstance, opts: { deps: Deps }) {
  // Its writes change listings: each one is announced, so the listing caches forget it.
  announceListingWrites(app, opts.deps.listings);
  await app.register(propertiesRoutes, opts);
  await app.register(favoritesRoutes, opts);
}
