// Receiving the service's webhooks (contract §12): each event's payload type, from the OpenAPI
// document's `webhooks` section, and `verifyWebhook`, which checks a delivery as the Standard
// Webhooks specification says (standardwebhooks.com): HMAC-SHA256 with the secret's bytes (base64
// after `whsec_`) over "<webhook-id>.<webhook-timestamp>.<raw body>", any `v1,` signature of the
// space-separated list matching, and a timestamp within the tolerance of the receiver's clock.
// Web Crypto only, so it runs in Node.js 20+, browsers, Deno and edge runtimes alike.
import type { webhooks } from './generated/schema.js';

/** Every event name a delivery's `type` may hold (ping included). */
export type WebhookEventType = keyof webhooks;

/** The body posted for one event: `{type, timestamp, data}`. */
export type WebhookPayload<E extends WebhookEventType = WebhookEventType> = E extends WebhookEventType
  ? webhooks[E] extends { post: { requestBody: { content: { 'application/json': infer B } } } }
    ? B
    : never
  : never;

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface VerifyWebhookOptions {
  /** The endpoint's secret, `whsec_…`, as POST /webhook-endpoints or rotate-secret answered it. */
  secret: string;
  /** The request body exactly as received (not re-serialised JSON). */
  body: string | Uint8Array;
  /** The request's headers (names in any case): webhook-id, webhook-timestamp, webhook-signature. */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** Largest difference allowed between webhook-timestamp and `now` (seconds; default 300). */
  toleranceSeconds?: number;
  /** The receiver's clock (default: now). */
  now?: Date;
}

function header(headers: VerifyWebhookOptions['headers'], name: string): string {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? '';
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>))
    if (k.toLowerCase() === name) return Array.isArray(v) ? v.join(' ') : (v ?? '');
  return '';
}

const base64 = (bytes: ArrayBuffer) => {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s);
};

// Compared in time independent of where the strings differ.
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a delivery and returns its parsed payload; throws WebhookVerificationError when a header
 * is missing, the timestamp is too old or too new, or no signature matches.
 */
export async function verifyWebhook(opts: VerifyWebhookOptions): Promise<WebhookPayload> {
  const id = header(opts.headers, 'webhook-id');
  const timestamp = header(opts.headers, 'webhook-timestamp');
  const signatures = header(opts.headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('Missing webhook headers');
  const seconds = Number(timestamp);
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  if (!Number.isInteger(seconds) || Math.abs(now - seconds) > (opts.toleranceSeconds ?? 300))
    throw new WebhookVerificationError('Timestamp outside the tolerance');
  const body = typeof opts.body === 'string' ? opts.body : new TextDecoder().decode(opts.body);
  const raw = opts.secret.startsWith('whsec_') ? opts.secret.slice(6) : opts.secret;
  const keyBytes = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = base64(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)),
  );
  const matches = signatures.split(' ').some((s) => s.startsWith('v1,') && sameText(s.slice(3), expected));
  if (!matches) throw new WebhookVerificationError('No matching signature');
  return JSON.parse(body) as WebhookPayload;
}
