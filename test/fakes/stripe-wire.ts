// Stripe's wire conventions for the fake Stripe server: form bodies in bracket notation, error
// bodies, object ids, and the Stripe-Signature scheme for webhooks.
import { createHmac, randomBytes } from 'node:crypto';

export type Params = Record<string, unknown>;

/** A Stripe API error: status plus the `{error: {type, message, code, param}}` body. */
export class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  body(requestId: string): string {
    const { type, message, code, param } = this;
    const docs = code ? { doc_url: `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}` } : {};
    return JSON.stringify({ error: { type, message, ...(code ? { code } : {}), ...docs, ...(param ? { param } : {}), request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } });
  }
}

export const invalid = (message: string, param?: string, code = 'parameter_invalid') => new StripeHttpError(400, 'invalid_request_error', message, code, param);
export const missing = (kind: string, id: string, param?: string) => new StripeHttpError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Ids shaped like Stripe's: a type prefix and base62 noise (cs_test_a1B2…, pi_3Q…, re_…). */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}${out}`;
}

/**
 * Decodes `a[b][0][c]=v` pairs into nested objects and arrays, as Stripe reads the SDK's bodies.
 * An empty value unsets a key, which is how the SDK sends `null`.
 */
export function decodeForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Params = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        if (value !== '') node[segment] = value;
        return;
      }
      node[segment] ??= {};
      node = node[segment] as Params;
    });
  }
  return arraysFromIndexes(root) as Params;
}

function arraysFromIndexes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arraysFromIndexes(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/** A string parameter (`line_items[0][price_data][currency]` is path ['line_items', 0, …]). */
export function str(params: Params, path: Array<string | number>, required = false): string | undefined {
  const value = path.reduce<unknown>((node, seg) => (node as Record<string | number, unknown> | undefined)?.[seg], params);
  const name = path.map((seg, i) => (i === 0 ? seg : `[${seg}]`)).join('');
  if (value === undefined) {
    if (required) throw invalid(`Missing required param: ${name}.`, name, 'parameter_missing');
    return undefined;
  }
  if (typeof value !== 'string') throw invalid(`Invalid string: ${name}`, name);
  return value;
}

/** An integer parameter, refused the way Stripe refuses "12.5" or "abc". */
export function int(params: Params, path: Array<string | number>, required = false): number | undefined {
  const text = str(params, path, required);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) {
    const name = path.map((seg, i) => (i === 0 ? seg : `[${seg}]`)).join('');
    throw invalid(`Invalid integer: ${text}`, name, 'parameter_invalid_integer');
  }
  return Number(text);
}

/** A `metadata` hash: string keys to string values. */
export function metadataOf(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('Invalid object', 'metadata');
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The Stripe-Signature header value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function stripeSignature(body: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
