// The e-mail queue at each scrape of GET /metrics: a growing `queued` count or age means mail is
// not leaving (SMTP down or refusing); `failed` ones were given up and need a person.
import type { Deps } from '../../kernel/deps.ts';
import { emailsRepository } from './emails.repository.ts';

export function registerEmailMetrics(deps: Deps): void {
  const queue = deps.metrics.gauge(
    'stays_email_queue',
    'Queued e-mails not sent, by status (queued: due or waiting for a retry; sending: claimed; failed: given up)',
    ['status'],
  );
  const oldest = deps.metrics.gauge(
    'stays_email_queue_oldest_age_seconds',
    'Age of the oldest queued e-mail (0 when none)',
  );
  deps.metrics.beforeScrape(async () => {
    const backlog = await emailsRepository(deps.db).backlog(deps.clock.now());
    for (const [status, n] of Object.entries(backlog.counts)) queue.set({ status }, n);
    oldest.set(backlog.oldestDueSeconds);
  });
}
