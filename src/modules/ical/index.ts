import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { announceListingWrites } from '../../platform/listing-changes.ts';
import { icalRoutes } from './ical.routes.ts';

/** iCal: the listing's availability feed out, external calendars blocking nights in. */
export async function icalModule(app: FastifyInstance, opts: { deps: Deps }) {
  // Its writes change listings: each one is announced, so the listing caches forget it.
  announceListingWrites(app, opts.deps.listings);
  await app.register(icalRoutes, opts);
}
