import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../container.ts';
import { icalRoutes } from './ical.routes.ts';

/** iCal: the listing's availability feed out, external calendars blocking nights in. */
export async function icalModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(icalRoutes, opts);
}
