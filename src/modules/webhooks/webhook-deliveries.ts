// The deliveries of one endpoint (newest first), a retry asked for by its subscriber, and a
// ping: each is a delivery row the delivery job sends like any event.
import type { AuthUser } from '../../kernel/caller.ts';
import type { Deps } from '../../kernel/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { endpointOf } from './endpoint-access.ts';
import { newMessageId } from './sign-webhook.ts';
import { PING } from './webhook-events.ts';
import { type DeliveryRow, webhooksRepository } from './webhooks.repository.ts';

export async function listWebhookDeliveries(
  deps: Deps,
  user: AuthUser,
  id: number,
  page: { limit: number; offset: number },
) {
  const row = await endpointOf(deps, user, id);
  return webhooksRepository(deps.db).listDeliveries(row.id, page.limit, page.offset);
}

export async function retryWebhookDelivery(
  deps: Deps,
  user: AuthUser,
  id: number,
  deliveryId: number,
): Promise<DeliveryRow> {
  const row = await endpointOf(deps, user, id);
  const repo = webhooksRepository(deps.db);
  if (!(await repo.findDelivery(row.id, deliveryId))) throw notFound('Delivery');
  const requeued = await repo.requeue(deliveryId, deps.clock.now());
  if (!requeued) throw new AppError('CONFLICT', 'This delivery is being sent right now');
  return requeued;
}

export async function pingWebhookEndpoint(deps: Deps, user: AuthUser, id: number): Promise<DeliveryRow> {
  const row = await endpointOf(deps, user, id);
  const now = deps.clock.now();
  const repo = webhooksRepository(deps.db);
  const [queued] = await repo.enqueue(
    [
      {
        endpointId: row.id,
        eventId: null,
        type: PING,
        messageId: newMessageId(),
        source: { occurred_at: now.toISOString(), payload: { endpoint_id: row.id } },
      },
    ],
    now,
  );
  return queued!;
}
