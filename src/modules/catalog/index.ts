import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { catalogRoutes } from './catalog.routes.ts';

export type { CurrencyRow } from './currencies.repository.ts';
export { currencyDecimals } from './currency-decimals.ts';
export { CurrencyModel, currencyModelView, formatRate } from './currency-views.ts';

/** Reference data: property types, amenities, countries, neighborhoods, currencies. */
export async function catalogModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(catalogRoutes, opts);
}
