import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { announceListingWrites } from '../../platform/listing-changes.ts';
import { roomTypesRoutes } from './room-types.routes.ts';
import { calendarRoutes } from './calendar.routes.ts';

/** Room types, their rate plans, and the per-night calendar of rates and availability. */
export async function roomTypesModule(app: FastifyInstance, opts: { deps: Deps }) {
  // Its writes change listings: each one is announced, so the listing caches forget it.
  announceListingWrites(app, opts.deps.listings);
  await app.register(roomTypesRoutes, opts);
  await app.register(calendarRoutes, opts);
}
