// The deliver-webhooks job: posts due deliveries, signed (sign-webhook.ts), with the sender's
// guard and time limit. Decisions:
// - each attempt is claimed by one instance (SKIP LOCKED, a claim of CLAIM_MS); a sender that dies
//   mid-post leaves its claim to run out and the attempt is made again: at least once, with the
//   same webhook-id and the same body, so receivers drop the repeat;
// - the body is made at the first attempt (a batch's together) and kept before it is posted;
//   webhook-timestamp is the attempt's time (verifiers refuse one more than 5 minutes old), the
//   body's timestamp the event's;
// - a 2xx is success; anything else waits RETRY_DELAYS_MS (5 s first, 27.6 h in all), then fails;
// - an endpoint whose deliveries have failed for DISABLE_AFTER_MS with no success between is
//   disabled, in the transaction that writes the event its owner is mailed from.
import type { Deps } from '../../kernel/deps.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { crashPoint } from '../../platform/fault-points.ts';
import { signingSecrets } from './rotate-webhook-secret.ts';
import { webhookHeaders } from './sign-webhook.ts';
import { type PayloadSource, webhookBodies } from './webhook-payload.ts';
import { type DeliveryRow, type EndpointRow, webhooksRepository } from './webhooks.repository.ts';
import { webhookFigures } from './webhook-metrics.ts';

export const DELIVER_WEBHOOKS_JOB = 'deliver-webhooks';
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const DISABLE_AFTER_MS = 5 * 86_400_000;
export const ENDPOINT_DISABLED = 'webhook_endpoint.disabled';
const BATCH = 100;
// Posts in flight at once per instance: receivers are slow far more often than we are busy.
const CONCURRENCY = 16;

type Subscribed = EndpointRow & { role: string; email: string };

/**
 * Long enough for the whole batch to be posted by CONCURRENCY workers with every receiver slow,
 * plus two time limits (at least 5 s) for the database work around the posts: 135 s with the
 * default 15 s limit. It is also how long a sender that died keeps its attempt from the others,
 * so a shorter WEBHOOKS_TIMEOUT_MS makes a crashed attempt due again sooner (12 s at 1 s).
 */
export const claimMs = (timeoutMs: number) =>
  Math.ceil(BATCH / CONCURRENCY) * timeoutMs + Math.max(2 * timeoutMs, 5_000);

type Body = string | Error;

/**
 * The body of each claimed delivery: kept from its first attempt, or made now for the whole batch
 * (webhookBodies) and kept in one statement before any is posted, so a retry sends the same bytes.
 */
async function bodiesOf(
  deps: Deps,
  batch: DeliveryRow[],
  endpoints: Map<number, Subscribed>,
): Promise<Map<number, Body>> {
  const bodies = new Map<number, Body>();
  const sources: PayloadSource[] = [];
  for (const d of batch) {
    const endpoint = endpoints.get(d.endpointId);
    if (d.body) bodies.set(d.id, d.body);
    else if (endpoint?.enabled) {
      const source = (d.source ?? {}) as { occurred_at?: string; payload?: Record<string, unknown> };
      sources.push({
        id: d.id,
        type: d.type,
        occurredAt: source.occurred_at ?? d.createdAt.toISOString(),
        payload: source.payload ?? {},
        subscriber: endpoint,
      });
    }
  }
  if (!sources.length) return bodies;
  const made = await webhookBodies(deps, sources);
  await webhooksRepository(deps.db).keepBodies(
    [...made].flatMap(([id, body]) => (typeof body === 'string' ? [{ id, body }] : [])),
  );
  for (const [id, body] of made) bodies.set(id, body);
  return bodies;
}

/** Records a failed attempt (answers nothing to record with the batch's successes). */
async function failed(deps: Deps, d: DeliveryRow, statusCode: number | null, error: string): Promise<undefined> {
  const now = deps.clock.now();
  const delay = d.attempts < MAX_ATTEMPTS ? RETRY_DELAYS_MS[d.attempts - 1] : undefined;
  const retryAt = delay === undefined ? null : new Date(now.getTime() + delay);
  webhookFigures(deps).attempts.inc({ outcome: 'failed' });
  const disabled = await deps.db.transaction(async (tx) => {
    const repo = webhooksRepository(tx);
    const { failingSince } = await repo.markFailed({
      id: d.id,
      endpointId: d.endpointId,
      statusCode,
      error: error.slice(0, 500),
      retryAt,
      at: now,
    });
    if (!failingSince || now.getTime() - failingSince.getTime() < DISABLE_AFTER_MS) return false;
    const endpoint = await repo.disable(d.endpointId, now);
    if (!endpoint) return false;
    await platformRepository(tx).insertEvent(ENDPOINT_DISABLED, {
      endpoint_id: endpoint.id,
      user_id: endpoint.userId,
      url: endpoint.url,
    });
    return true;
  });
  if (disabled) {
    deps.log.warn({ endpointId: d.endpointId }, 'webhook endpoint disabled after failing for 5 days');
    publishAfterCommit(deps);
  }
  return undefined;
}

/** A 2xx received, to be recorded with the batch's others. */
interface Success {
  id: number;
  statusCode: number;
  at: Date;
}

/** Posts one delivery; a failure is recorded here, a success answered for the batch to record (see below). */
async function attempt(
  deps: Deps,
  d: DeliveryRow,
  endpoint: Subscribed | undefined,
  body?: Body,
): Promise<Success | undefined> {
  const repo = webhooksRepository(deps.db);
  if (!endpoint?.enabled) {
    await repo.markFailed({
      id: d.id,
      endpointId: d.endpointId,
      statusCode: null,
      error: 'endpoint disabled',
      retryAt: null,
      at: deps.clock.now(),
    });
    return;
  }
  // The resource is gone or no longer the subscriber's: nothing may be sent.
  if (typeof body !== 'string') return failed(deps, d, null, `payload: ${body?.message ?? 'not made'}`);
  const now = deps.clock.now();
  const headers = webhookHeaders({
    id: d.messageId,
    timestamp: Math.floor(now.getTime() / 1000),
    body,
    secrets: signingSecrets(endpoint, now),
  });
  // Claimed, committed, body kept: a sender dying here leaves the attempt to its claim's end.
  crashPoint(deps.config, 'webhook.after-claim');
  let result: { status: number; excerpt: string };
  try {
    result = await deps.webhooks.post({ url: endpoint.url, headers, body });
  } catch (err) {
    return failed(deps, d, null, err instanceof Error ? err.message : String(err));
  }
  if (result.status >= 200 && result.status < 300) {
    // Received but not recorded: the attempt is made again, the same webhook-id and body.
    crashPoint(deps.config, 'webhook.after-post');
    webhookFigures(deps).attempts.inc({ outcome: 'succeeded' });
    const success = { id: d.id, statusCode: result.status, at: deps.clock.now() };
    // An endpoint in a failing streak has the streak's end recorded at once: a failure later in
    // this pass must start a new streak, not find the old one and disable an endpoint that answered.
    if (endpoint.failingSince === null) return success;
    await repo.markSucceeded([success]);
    return;
  }
  return failed(
    deps,
    d,
    result.status,
    `answered HTTP ${result.status}${result.excerpt ? `: ${result.excerpt.slice(0, 200)}` : ''}`,
  );
}

/** Sends what is due, batch after batch until none is left; returns the attempts made. */
export async function deliverDueWebhooks(deps: Deps): Promise<number> {
  const repo = webhooksRepository(deps.db);
  let made = 0;
  for (;;) {
    const now = deps.clock.now();
    const batch = await repo.claimDue(BATCH, now, new Date(now.getTime() + claimMs(deps.config.WEBHOOKS_TIMEOUT_MS)));
    const endpoints = await repo.endpointsWithSubscribers([...new Set(batch.map((d) => d.endpointId))]);
    const bodies = await bodiesOf(deps, batch, endpoints);
    let next = 0;
    const succeeded: Success[] = [];
    const worker = async () => {
      while (next < batch.length) {
        const d = batch[next++]!;
        try {
          const success = await attempt(deps, d, endpoints.get(d.endpointId), bodies.get(d.id));
          if (success) succeeded.push(success);
        } catch (err) {
          // Its claim runs out and another pass tries it again.
          deps.log.error({ err, deliveryId: d.id }, 'webhook delivery could not be recorded');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
    // The batch's successes in one statement, within their claims (claimMs counts the whole
    // batch): 442–473 → 665–698 deliveries/s on PostgreSQL (bench:webhooks, 2026-11-29).
    if (succeeded.length) {
      try {
        await repo.markSucceeded(succeeded);
      } catch (err) {
        deps.log.error({ err, deliveries: succeeded.length }, 'webhook successes could not be recorded');
      }
    }
    made += batch.length;
    if (batch.length < BATCH) return made;
  }
}
