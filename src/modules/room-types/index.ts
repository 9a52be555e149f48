import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../container.ts';
import { roomTypesRoutes } from './room-types.routes.ts';
import { calendarRoutes } from './calendar.routes.ts';

/** Room types, their rate plans, and the per-night calendar of rates and availability. */
export async function roomTypesModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(roomTypesRoutes, opts);
  await app.register(calendarRoutes, opts);
}
