// Who may hold webhook endpoints (contract §12): owners, for their own listings' events, and
// admins, for every event. Travellers and support are refused (403) before anything is read;
// another subscriber's endpoint answers 404 so ids cannot be probed (an admin sees every one).
import type { AuthUser } from '../../kernel/caller.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Deps } from '../../kernel/deps.ts';
import { type EndpointRow, webhooksRepository } from './webhooks.repository.ts';

export type Scope = 'owner' | 'all';

export function subscriberScope(user: AuthUser): Scope {
  if (user.role === 'admin') return 'all';
  if (user.role === 'owner') return 'owner';
  throw forbidden('Only owners and admins can subscribe webhook endpoints');
}

/** The endpoint if the caller may manage it; 403 for a role that holds none, 404 otherwise. */
export async function endpointOf(deps: Deps, user: AuthUser, id: number): Promise<EndpointRow> {
  const scope = subscriberScope(user);
  const row = await webhooksRepository(deps.db).findEndpoint(id);
  if (!row || (scope !== 'all' && row.userId !== user.id)) throw notFound('Webhook endpoint');
  return row;
}
