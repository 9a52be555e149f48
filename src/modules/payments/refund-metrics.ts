// Refunds owed and not yet given back, read at each scrape of GET /metrics. A 'failed' refund is
// retried with backoff until it succeeds; one that stays there needs a person.
import type { Deps } from '../../kernel/deps.ts';
import { refundsRepository } from './refunds.repository.ts';

export function registerRefundMetrics(deps: Deps): void {
  const open = deps.metrics.gauge(
    'stays_refunds_pending',
    'Refunds not yet given back, by status (pending: first attempt due; failed: retried with backoff)',
    ['status'],
  );
  deps.metrics.beforeScrape(async () => {
    const counts = await refundsRepository(deps.db).countOpen();
    for (const [status, n] of Object.entries(counts)) open.set({ status }, n);
  });
}
