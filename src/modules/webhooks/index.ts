// Outgoing webhooks for integrators (contract §12): endpoints and their deliveries (routes),
// the projector that queues a delivery per event × subscribed endpoint in the outbox relay's
// transaction (registered by the wiring), and the deliver-webhooks job (jobs/index.ts). On an
// instance that runs jobs, a published event also kicks a delivery pass at once, so a delivery
// waits for the relay rather than for the job's next tick.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { deliverDueWebhooks } from './deliver-webhooks.ts';
import { WEBHOOK_TOPICS } from './webhook-events.ts';
import { registerWebhookMetrics } from './webhook-metrics.ts';
import { webhooksRoutes } from './webhooks.routes.ts';

/** A coalescing trigger: kicks during a pass are served by one more pass after it. */
function deliveryKicker(deps: Deps) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> =>
    // After this instance's relay committed the pass that queued the deliveries.
    deps.outbox
      .idle()
      .then(() => deliverDueWebhooks(deps))
      .then(
        () => undefined,
        (err) => deps.log.warn({ err }, 'webhook delivery pass failed; the job will try again'),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          running = run();
        }
      });
  return {
    kick() {
      if (running) again = true;
      else running = run();
    },
    async idle() {
      while (running) await running;
    },
  };
}

export async function webhooksModule(app: FastifyInstance, opts: { deps: Deps }) {
  const { deps } = opts;
  registerWebhookMetrics(deps);
  const kicker = deliveryKicker(deps);
  const kick = deps.config.JOBS_ENABLED ? () => kicker.kick() : () => {};
  if (deps.config.JOBS_ENABLED) {
    const off = WEBHOOK_TOPICS.map((topic) => deps.bus.subscribe(topic, () => kicker.kick()));
    app.addHook('onClose', async () => {
      for (const unsubscribe of off) unsubscribe();
      await kicker.idle();
    });
  }
  await app.register(webhooksRoutes, { deps, kick });
}

export { claimMs, DELIVER_WEBHOOKS_JOB, deliverDueWebhooks, ENDPOINT_DISABLED } from './deliver-webhooks.ts';
export { registerWebhookProjectors } from './project-webhooks.ts';
export { WEBHOOK_EVENTS, type WebhookEvent } from './webhook-events.ts';
export { WEBHOOK_HEADER_PARAMETERS, webhookDocuments, webhookPayloadSchema } from './webhooks.docs.ts';
