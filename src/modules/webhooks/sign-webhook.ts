// Standard Webhooks signing (standardwebhooks.com, spec "Verifying webhook authenticity"):
// secrets are `whsec_` + base64 of the key bytes; the signature is `v1,` + base64 of
// HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>"); several signatures (a rotation)
// are space-separated in one webhook-signature header, and a verifier accepts any of them.
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new secret: 32 random bytes (the contract asks for 24 or more). */
export const newWebhookSecret = () => `${PREFIX}${randomBytes(32).toString('base64')}`;

/** A message id for the webhook-id header, unique per event × endpoint. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three Standard Webhooks headers, signed with every given secret (new first). */
export function webhookHeaders(opts: {
  id: string;
  timestamp: number;
  body: string;
  secrets: string[];
}): Record<string, string> {
  return {
    'webhook-id': opts.id,
    'webhook-timestamp': String(opts.timestamp),
    'webhook-signature': opts.secrets.map((s) => signature(s, opts.id, opts.timestamp, opts.body)).join(' '),
  };
}
