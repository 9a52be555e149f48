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
 * The operation's security: `roles` or `auth: 'required'` → bearer; `auth: 'optional'` → bearer or
 * none. A route without either flag is public unless it checks a token itself and says so in its
 * schema (the token refresh, the real-time routes).
 */
export function securityOf(config: Partial<FastifyContextConfig> | undefined, declared: unknown): Security {
  const mode = config?.roles ? 'required' : config?.auth;
  if (mode === 'required') return BEARER;
  if (mode === 'optional') return BEARER_OPTIONAL;
  return Array.isArray(declared) ? (declared as Security) : [];
}

/** @fastify/swagger's `transform`: a route's schema as the document shows it. */
export const documentRoute: SwaggerTransform = ({ schema, url, route }) => {
  if (!schema || schema.hide) return { schema, url };
  return { schema: { ...fileFieldsAsBinary(schema), security: securityOf(route.config, schema.security) }, url };
};
