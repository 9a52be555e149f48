// Webhook figures for GET /metrics: attempts by outcome (a rising failed share is receivers
// refusing or unreachable), and at each scrape the due queue and its oldest age (a growing age
// means deliveries are not keeping up: add instances or look at slow receivers).
import type { Deps } from '../../kernel/deps.ts';
import type { MetricCounter } from '../../kernel/services.ts';
import { webhooksRepository } from './webhooks.repository.ts';

const figures = new WeakMap<Deps, { attempts: MetricCounter }>();

export function webhookFigures(deps: Deps): { attempts: MetricCounter } {
  let f = figures.get(deps);
  if (!f) {
    f = {
      attempts: deps.metrics.counter(
        'stays_webhook_attempts_total',
        'Webhook delivery attempts this instance made, by outcome (succeeded: a 2xx; failed: anything else)',
        ['outcome'],
      ),
    };
    figures.set(deps, f);
  }
  return f;
}

export function registerWebhookMetrics(deps: Deps): void {
  webhookFigures(deps);
  const queue = deps.metrics.gauge(
    'stays_webhook_queue',
    'Webhook deliveries due now, by status (pending: waiting for a sender; sending: claimed)',
    ['status'],
  );
  const oldest = deps.metrics.gauge(
    'stays_webhook_queue_oldest_age_seconds',
    'How long the oldest due webhook delivery has waited (0 when none)',
  );
  deps.metrics.beforeScrape(async () => {
    const b = await webhooksRepository(deps.db).backlog(deps.clock.now());
    queue.set({ status: 'pending' }, b.pending);
    queue.set({ status: 'sending' }, b.sending);
    oldest.set(b.oldestDueSeconds);
  });
}
