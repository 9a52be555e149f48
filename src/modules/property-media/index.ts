import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { announceListingWrites } from '../../platform/listing-changes.ts';
import { propertyMediaRoutes } from './property-media.routes.ts';

/** Photos and videos of a listing, judged by content, with thumbnails. */
export async function propertyMediaModule(app: FastifyInstance, opts: { deps: Deps }) {
  // Its writes change listings: each one is announced, so the listing caches forget it.
  announceListingWrites(app, opts.deps.listings);
  await app.register(propertyMediaRoutes, opts);
}
