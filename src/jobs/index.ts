import type { Deps } from '../kernel/deps.ts';
import { idempotencyRepository } from '../platform/idempotency.repository.ts';
import { JobRunner, type JobDefinition } from './job-runner.ts';
import type { Outbox } from '../kernel/services.ts';
import { EXPIRE_HOLDS_JOB, expireHolds } from '../modules/reservations/expire-holds.ts';
import { COMPLETE_STAYS_JOB, completeStays } from '../modules/reservations/complete-stays.ts';
import { retryPayouts } from '../modules/payouts/send-payout.ts';
import { EXECUTE_REFUNDS_JOB, executeRefunds } from '../modules/payments/execute-refunds.ts';
import { CHANNEL_PULL_JOB, pullBookingRevisions } from '../modules/channel/pull-booking-revisions.ts';
import { CHANNEL_SEND_REPLIES_JOB, sendChannelReplies } from '../modules/channel/send-channel-replies.ts';
import { CHANNEL_PUSH_JOB, pushChannelChanges } from '../modules/channel/push-channel-changes.ts';
import { CHANNEL_RECONCILE_JOB, reconcileChannel } from '../modules/channel/reconcile-channel.ts';
import { linkRequestedProperties } from '../modules/channel/link-property.ts';
import { ICAL_REFRESH_JOB, refreshDueFeeds } from '../modules/ical/ical-feeds.ts';
import { SEND_EMAILS_JOB, sendQueuedEmails } from '../modules/emails/index.ts';
import { claimMs, DELIVER_WEBHOOKS_JOB, deliverDueWebhooks } from '../modules/webhooks/index.ts';

/** The recurring jobs of the service; later features add theirs here. */
export function jobDefinitions(deps: Deps, relay: Outbox): JobDefinition[] {
  return [
    { name: 'outbox-relay', intervalMs: 1000, leaseMs: 60_000, run: async () => void (await relay.drain()) },
    {
      name: 'purge-idempotency-keys',
      intervalMs: 3600_000,
      run: async () => void (await idempotencyRepository(deps.db).purgeExpired(deps.clock.now())),
    },
    { name: EXPIRE_HOLDS_JOB, intervalMs: 15_000, run: async () => void (await expireHolds(deps)) },
    { name: COMPLETE_STAYS_JOB, intervalMs: 5 * 60_000, run: async () => void (await completeStays(deps)) },
    // Payouts whose transfer failed or whose answer was lost are re-sent with their own key.
    {
      name: 'retry-payouts',
      intervalMs: 10 * 60_000,
      leaseMs: 600_000,
      run: async () => void (await retryPayouts(deps)),
    },
    {
      name: EXECUTE_REFUNDS_JOB,
      intervalMs: 30_000,
      leaseMs: 300_000,
      run: async () => void (await executeRefunds(deps)),
    },
    // Mails queued by the relay's e-mail projector; a refused one waits and is tried again.
    {
      name: SEND_EMAILS_JOB,
      intervalMs: 5_000,
      leaseMs: 300_000,
      run: async () => void (await sendQueuedEmails(deps)),
    },
    // Webhook deliveries due (retries, and any a kick after the relay missed). Each attempt is
    // claimed on its own row; a lease longer than that claim would keep a crashed instance's
    // attempts from the others past the claim's end (CI saw a 120 s lease outlive a 19 s claim).
    {
      name: DELIVER_WEBHOOKS_JOB,
      intervalMs: 1_000,
      leaseMs: claimMs(deps.config.WEBHOOKS_TIMEOUT_MS),
      run: async () => void (await deliverDueWebhooks(deps)),
    },
    {
      name: ICAL_REFRESH_JOB,
      intervalMs: 5 * 60_000,
      leaseMs: 600_000,
      run: async () => void (await refreshDueFeeds(deps)),
    },
    ...(deps.channel ? channelJobs(deps) : []),
  ];
}

// The channel manager's jobs (CHANNEL_MANAGER=channex). Without one they would only claim their
// rows every few seconds to find nothing to do, and show in the job metrics as if they ran.
function channelJobs(deps: Deps): JobDefinition[] {
  return [
    // Bookings whose webhook was lost, and owners' replies to travel-platform threads.
    {
      name: CHANNEL_PULL_JOB,
      intervalMs: 60_000,
      leaseMs: 300_000,
      run: async () => void (await pullBookingRevisions(deps)),
    },
    {
      name: CHANNEL_SEND_REPLIES_JOB,
      intervalMs: 10_000,
      leaseMs: 120_000,
      run: async () => void (await sendChannelReplies(deps)),
    },
    // Links asked for in step 7, then availability and rates/restrictions, batched per listing and kind.
    {
      name: CHANNEL_PUSH_JOB,
      intervalMs: 10_000,
      leaseMs: 300_000,
      run: async () => {
        await linkRequestedProperties(deps);
        await pushChannelChanges(deps);
      },
    },
    {
      name: CHANNEL_RECONCILE_JOB,
      intervalMs: 3600_000,
      leaseMs: 600_000,
      run: async () => void (await reconcileChannel(deps)),
    },
  ];
}

export function startJobs(deps: Deps): { runner: JobRunner; relay: Outbox; stop(): Promise<void> } {
  const relay = deps.outbox;
  const runner = new JobRunner(deps.db, jobDefinitions(deps, relay), deps.instanceId, deps.log, deps.metrics);
  if (deps.config.JOBS_ENABLED) runner.start(deps.config.JOBS_INTERVAL_MS);
  return { runner, relay, stop: () => runner.stop() };
}
