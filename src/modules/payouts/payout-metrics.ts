// Payouts not yet paid, read at each scrape of GET /metrics. A 'failed' transfer is re-sent by the
// retry-payouts job; a pending one that stays is an answer the processor never gave.
import type { Deps } from '../../kernel/deps.ts';
import { payoutsRepository } from './payouts.repository.ts';

export function registerPayoutMetrics(deps: Deps): void {
  const open = deps.metrics.gauge(
    'stays_payouts_pending',
    'Payouts not yet paid, by status (pending: transfer sent or due; failed: to be re-sent)',
    ['status'],
  );
  deps.metrics.beforeScrape(async () => {
    const counts = await payoutsRepository(deps.db).countOpen();
    for (const [status, n] of Object.entries(counts)) open.set({ status }, n);
  });
}
