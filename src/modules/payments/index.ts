import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { registerRefundMetrics } from './refund-metrics.ts';
import { paymentsRoutes } from './payments.routes.ts';

export { paymentResultPages } from './payment-result-pages.routes.ts';
export { reservationPages } from './reservation-pages.routes.ts';

/** Payments: hosted checkout for what a reservation owes, its confirmation (verify and webhook), histories. */
export async function paymentsModule(app: FastifyInstance, opts: { deps: Deps }) {
  registerRefundMetrics(opts.deps);
  await app.register(paymentsRoutes, opts);
}
