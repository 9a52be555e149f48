// A new signing secret. The old one keeps signing beside it for ROTATION_OVERLAP_MS (contract
// §12: both signatures in the header), so a receiver can switch without losing a delivery.
import type { AuthUser } from '../../kernel/caller.ts';
import type { Deps } from '../../kernel/deps.ts';
import { endpointOf } from './endpoint-access.ts';
import { newWebhookSecret } from './sign-webhook.ts';
import { type EndpointRow, webhooksRepository } from './webhooks.repository.ts';

export const ROTATION_OVERLAP_MS = 24 * 3600_000;

export async function rotateWebhookSecret(deps: Deps, user: AuthUser, id: number): Promise<EndpointRow> {
  const row = await endpointOf(deps, user, id);
  const now = deps.clock.now();
  const updated = await webhooksRepository(deps.db).updateEndpoint(row.id, {
    secret: newWebhookSecret(),
    previousSecret: row.secret,
    previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
    updatedAt: now,
  });
  return updated!;
}

/** The secrets that sign a delivery now: the current one, and the previous one within its overlap. */
export function signingSecrets(row: EndpointRow, now: Date): string[] {
  const previous = row.previousSecret && row.previousSecretUntil && row.previousSecretUntil > now;
  return previous ? [row.secret, row.previousSecret!] : [row.secret];
}
