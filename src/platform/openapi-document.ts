// What /openapi.json says beyond the route schemas themselves: each operation's security taken
// from the same route flags the auth plugin enforces (platform/auth.ts), so the two cannot drift.
import type { FastifyContextConfig } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { fileFieldsAsBinary } from './uploads.ts';

type Security = Array<Record<string, string[]>>;

const BEARER: Security = [{ bearer: [] }];
/** Anonymous callers are served too; a token, when sent, changes what they see. */
const BEARER_OPTIONAL: Security = [{ bearer: [] }, {}];

/**
 * The operation's security: `roles` or `auth: 'required'` (or `'deferred'`) → bearer; `auth: 'optional'` → bearer or
 * none. A route without either flag is public unless it checks a token itself and says so in its
 * schema (the token refresh, the real-time routes).
 */
export function securityOf(config: Partial<FastifyContextConfig> | undefined, declared: unknown): Security {
  const mode = config?.roles ? 'required' : config?.auth;
  if (mode === 'required' || mode === 'deferred') return BEARER;
  if (mode === 'optional') return BEARER_OPTIONAL;
  return Array.isArray(declared) ? (declared as Security) : [];
}

/** The header of routes that opt in with `config.idempotent` (platform/idempotency.ts), so clients can see which do. */
const IDEMPOTENCY_KEY = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description:
    'Optional; any unique string (a UUID). A retry with the same key and body answers the first success again (header ' +
    'Idempotent-Replayed: true) instead of acting twice; the same key with another body is 422, while the first is still running 409. ' +
    'Keys are per caller and operation, kept 24 h; a failed attempt frees its key.',
};

function withIdempotencyKey(headers: unknown): object {
  const base = (headers ?? { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
  return { ...base, properties: { ...base.properties, 'Idempotency-Key': IDEMPOTENCY_KEY } };
}

/** @fastify/swagger's `transform`: a route's schema as the document shows it. */
export const documentRoute: SwaggerTransform = ({ schema, url, route }) => {
  if (!schema || schema.hide) return { schema, url };
  const shown = { ...fileFieldsAsBinary(schema), security: securityOf(route.config, schema.security) };
  return { schema: route.config?.idempotent ? { ...shown, headers: withIdempotencyKey(schema.headers) } : shown, url };
};

/** The license in package.json, which the document states (test/openapi-document.test.ts holds them equal). */
export const LICENSE = { name: 'MIT', identifier: 'MIT' };
