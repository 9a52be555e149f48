// PostgreSQL text cannot hold the NUL character (U+0000): a value carrying one would fail deep in
// a query as a 500. Every request's body, query and parameters are checked once, before
// validation, and such a value is refused as invalid input naming its field.
import type { FastifyRequest } from 'fastify';
import { invalidField } from './errors.ts';

const MAX_DEPTH = 32;

/** The dotted path of the first string (or key) holding U+0000, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}.${i}`.replace(/^\./, ''), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here;
    const found = findNul(v, here, depth + 1);
    if (found) return found;
  }
  return null;
}

export async function rejectNulCharacters(req: FastifyRequest): Promise<void> {
  const field = findNul(req.params) ?? findNul(req.query) ?? (Buffer.isBuffer(req.body) ? null : findNul(req.body));
  if (field) throw invalidField(field.replace(/\u0000/g, '\\0'), 'must not contain the NUL character (U+0000)');
}
