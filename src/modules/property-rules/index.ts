import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../container.ts';
import { propertyRulesRoutes } from './property-rules.routes.ts';

/** Pricing rules of a listing: seasons, offers, packages, services, promo codes. */
export async function propertyRulesModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(propertyRulesRoutes, opts);
}
