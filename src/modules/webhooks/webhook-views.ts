// What the routes show of endpoints and deliveries. The secret is shown when it is made (create,
// rotate) only; 'sending' (claimed by a worker) reads as pending to the subscriber.
import type { DeliveryRow, EndpointRow } from './webhooks.repository.ts';

export function endpointView(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const endpointWithSecret = (row: EndpointRow) => ({ ...endpointView(row), secret: row.secret });

export function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    event_id: row.eventId,
    webhook_id: row.messageId,
    type: row.type,
    status: (row.status === 'sending' ? 'pending' : row.status) as 'pending' | 'succeeded' | 'failed',
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.status === 'pending' || row.status === 'sending' ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}
