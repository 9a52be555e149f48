import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../container.ts';
import { propertyMediaRoutes } from './property-media.routes.ts';

/** Photos and videos of a listing, judged by content, with thumbnails. */
export async function propertyMediaModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(propertyMediaRoutes, opts);
}
