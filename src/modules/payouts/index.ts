import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { registerPayoutMetrics } from './payout-metrics.ts';
import { payoutsRoutes } from './payouts.routes.ts';

export { fullEarning, syncOwnerEarnings } from './sync-owner-earnings.ts';
export { convertMinor, type RateOf } from './conversion.ts';
export { resyncMismatchedEarnings } from './resync-mismatched-earnings.ts';

/** Payouts: owners' due earnings, payout runs through the processor, settings, payout accounts. */
export async function payoutsModule(app: FastifyInstance, opts: { deps: Deps }) {
  registerPayoutMetrics(opts.deps);
  await app.register(payoutsRoutes, opts);
}
