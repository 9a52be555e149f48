// Stripe's wire conventions for the fake Stripe server: form bodies in bracket notation, error
// bodies, object ids, and the Stripe-Signature scheme for webhooks.
//
// Error codes used here are all members of Stripe's `api_errors.code` enum (OpenAPI
// components.schemas.api_errors; stripe-node 23.1.0 ships it as PaymentIntent.LastPaymentError.Code).
// Error types are the four Stripe documents (docs.stripe.com/api/errors, `type`): api_error,
// card_error, idempotency_error, invalid_request_error. Where Stripe documents no exact message,
// the message here is descriptive, and tests must not depend on its wording.
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
    return JSON.stringify({
      error: {
        type,
        message,
        ...(code ? { code } : {}),
        ...docs,
        ...(param ? { param } : {}),
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
      },
    });
  }
}

/**
 * A request that Stripe refuses for its parameters: 400 invalid_request_error ("The request was
 * unacceptable, often due to missing a required parameter", docs.stripe.com/api/errors).
 */
export const invalid = (message: string, param?: string, code?: string) =>
  new StripeHttpError(400, 'invalid_request_error', message, code, param);
export const missingParam = (name: string) => invalid(`Missing required param: ${name}.`, name, 'parameter_missing');
export const unknownParam = (name: string) => invalid(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
/** A Stripe parameter this fake does not implement: refused, never silently ignored. */
export const unimplemented = (what: string, param?: string) =>
  invalid(`fake Stripe: ${what} is not implemented by this test double.`, param);
/** 404 resource_missing ("The requested resource doesn't exist", docs.stripe.com/api/errors). */
export const missing = (kind: string, id: string, param?: string) =>
  new StripeHttpError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

/** `line_items[0][price_data]` from ['line_items', 0, 'price_data']: how Stripe names a nested param. */
export const paramName = (path: ReadonlyArray<string | number>) =>
  path.map((seg, i) => (i === 0 ? String(seg) : `[${seg}]`)).join('');

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
      if (typeof node[segment] !== 'object') throw invalid(`Invalid object`, paramName(path.slice(0, i + 1)));
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

/**
 * A canonical text of decoded parameters (object keys sorted, array order kept), so two requests
 * carrying the same parameters in another order compare equal.
 */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Params)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The Stripe-Signature header value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function stripeSignature(body: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
