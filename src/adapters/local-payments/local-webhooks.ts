// Webhook signatures of the local processor, built like Stripe's so the webhook route handles
// both the same way: `Local-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, checked
// against the raw body with a tolerance on the timestamp that defeats replays of old deliveries.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../../ports/payment-processor.ts';

export const LOCAL_SIGNATURE_HEADER = 'local-signature';
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function digest(key: Buffer, timestamp: number, body: string | Buffer): string {
  return createHmac('sha256', key).update(`${timestamp}.`).update(body).digest('hex');
}

/** The header value for a body sent at `now`. */
export function signatureHeader(key: Buffer, body: string | Buffer, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${digest(key, t, body)}`;
}

/** Throws WebhookSignatureError unless one v1 signature matches and the timestamp is recent. */
export function verifySignature(key: Buffer, body: Buffer, header: string | string[] | undefined, now: Date): void {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new WebhookSignatureError(`Missing ${LOCAL_SIGNATURE_HEADER} header`);
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const part of value.split(',')) {
    const [k, v] = part.trim().split('=', 2);
    if (k === 't' && v && /^\d+$/.test(v)) timestamp = Number(v);
    else if (k === 'v1' && v) candidates.push(v);
  }
  if (timestamp === null || candidates.length === 0) throw new WebhookSignatureError('Malformed signature header');
  const expected = Buffer.from(digest(key, timestamp, body), 'hex');
  const matches = candidates.some((c) => {
    const given = Buffer.from(c, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('Signature does not match the body');
  // Future timestamps beyond the tolerance are as suspect as old ones (a skewed or forged clock).
  if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Signature timestamp is outside the tolerance');
  }
}
