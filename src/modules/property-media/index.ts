import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { announceListingWrites } from '../../platform/listing-changes.ts';
import { contributeToReadForm } from '../properties/index.ts';
import { loadMediaSection } from './load-media-section.ts';
import { propertyMediaRoutes } from './property-media.routes.ts';

/** Public paths of a media file and its thumbnail (served by this module). */
export { mediaPath, thumbnailPath } from './media-views.ts';

/** Photos and videos of a listing, judged by content, with thumbnails. */
export async function propertyMediaModule(app: FastifyInstance, opts: { deps: Deps }) {
  // Its writes change listings: each one is announced, so the listing caches forget it.
  announceListingWrites(app, opts.deps.listings);
  // The listing read form's `medias` are this module's.
  contributeToReadForm(opts.deps, 'media', loadMediaSection);
  await app.register(propertyMediaRoutes, opts);
}
