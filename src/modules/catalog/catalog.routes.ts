// The catalogue's routes: reference data read by everyone, written by admins.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { propertyTypesRoutes } from './property-types.routes.ts';
import { commoditiesRoutes } from './commodities.routes.ts';
import { placesRoutes } from './places.routes.ts';
import { currenciesRoutes } from './currencies.routes.ts';

export async function catalogRoutes(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(propertyTypesRoutes, opts);
  await app.register(commoditiesRoutes, opts);
  await app.register(placesRoutes, opts);
  await app.register(currenciesRoutes, opts);
}
