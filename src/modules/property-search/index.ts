import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { propertySearchRoutes } from './property-search.routes.ts';

/** Listing lists and search: by role, filters, public explorer, recommended, popular, favorites. */
export async function propertySearchModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(propertySearchRoutes, opts);
}
