// Creating, listing, changing and deleting webhook endpoints (contract §12). Decisions:
// - events are checked by name here, so an unknown one is a 422 naming `events` and the known ones;
// - the URL is checked by the sender's guard when subscribed (private address, http in production),
//   and again at every delivery (a name may later resolve elsewhere);
// - turning an endpoint back on clears its failure record, so the 5 days start again.
import type { AuthUser } from '../../kernel/caller.ts';
import type { Deps } from '../../kernel/deps.ts';
import { invalidField } from '../../platform/errors.ts';
import { endpointOf, subscriberScope } from './endpoint-access.ts';
import { newWebhookSecret } from './sign-webhook.ts';
import { isWebhookEvent, WEBHOOK_EVENTS } from './webhook-events.ts';
import { type EndpointRow, webhooksRepository } from './webhooks.repository.ts';

export interface EndpointInput {
  url?: string;
  events?: string[];
  description?: string | null;
  enabled?: boolean;
}

function checkInput(deps: Deps, input: EndpointInput): void {
  if (input.url !== undefined) {
    const why = deps.webhooks.refusal(input.url);
    if (why) throw invalidField('url', `The URL ${why}`);
  }
  if (input.events !== undefined) {
    const unknown = input.events.filter((e) => !isWebhookEvent(e));
    if (unknown.length)
      throw invalidField('events', `Unknown event ${unknown.join(', ')}; known: ${WEBHOOK_EVENTS.join(', ')}`);
  }
}

export async function createWebhookEndpoint(
  deps: Deps,
  user: AuthUser,
  input: EndpointInput & { url: string; events: string[] },
): Promise<EndpointRow> {
  const scope = subscriberScope(user);
  checkInput(deps, input);
  return webhooksRepository(deps.db).insertEndpoint(
    {
      userId: user.id,
      scope,
      url: input.url,
      events: [...new Set(input.events)],
      description: input.description ?? null,
      secret: newWebhookSecret(),
    },
    deps.clock.now(),
  );
}

export async function listWebhookEndpoints(deps: Deps, user: AuthUser, page: { limit: number; offset: number }) {
  const scope = subscriberScope(user);
  return webhooksRepository(deps.db).listEndpoints(scope === 'all' ? null : user.id, page.limit, page.offset);
}

export async function updateWebhookEndpoint(
  deps: Deps,
  user: AuthUser,
  id: number,
  input: EndpointInput,
): Promise<EndpointRow> {
  const row = await endpointOf(deps, user, id);
  checkInput(deps, input);
  const now = deps.clock.now();
  const reenabled = input.enabled === true && !row.enabled;
  const updated = await webhooksRepository(deps.db).updateEndpoint(row.id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    ...(input.enabled === false && row.enabled ? { disabledAt: now } : {}),
    ...(reenabled ? { disabledAt: null, failingSince: null } : {}),
    updatedAt: now,
  });
  return updated ?? row;
}

export async function deleteWebhookEndpoint(deps: Deps, user: AuthUser, id: number): Promise<void> {
  const row = await endpointOf(deps, user, id);
  await webhooksRepository(deps.db).deleteEndpoint(row.id);
}
