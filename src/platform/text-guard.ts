// PostgreSQL text cannot hold the NUL character (U+0000), and a lone UTF-16 surrogate is not
// text at all: a value carrying either would fail deep in a query as a 500. Every request's body,
// query and parameters are checked once, before validation, and such a value is refused as
// invalid input naming its field. Multipart bodies exist only after @fastify/multipart's own
// preValidation hook, which runs after this one: uploads.ts checks their fields and file names.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidField, type AppError } from './errors.ts';
import { jsonShapeProblem } from './json-budget.ts';

const MAX_DEPTH = 32;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const bad = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The dotted path of the first string (or key) holding U+0000 or a lone surrogate, or null. */
export function findBadText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return bad(value) ? path || 'body' : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], `${path}.${i}`.replace(/^\./, ''), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (bad(key)) return here;
    const found = findBadText(v, here, depth + 1);
    if (found) return found;
  }
  return null;
}

// In JSON text, U+0000 and surrogates can only arrive as \u escapes (raw control characters are
// invalid JSON, and undecodable bytes become U+FFFD): a JSON body whose text has none of those
// escapes needs no walk, which keeps the check off the common path.
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})/;
// Requests whose raw JSON body held no suspect escape (the parse found nothing to look for).
const cleanJson = new WeakSet<FastifyRequest>();

/**
 * Installs the check: the JSON parser refuses bodies over the shape budget (json-budget.ts, 422
 * naming body) and notes clean ones; a preValidation hook checks the rest.
 */
export function installTextGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const problem = jsonShapeProblem(body as string);
    if (problem) return done(invalidField('body', `The body ${problem}`), undefined);
    if (!SUSPECT_ESCAPE.test(body as string)) cleanJson.add(req);
    void parseJson(req, body as string, done);
  });
  app.addHook('preValidation', rejectBadText);
}

export async function rejectBadText(req: FastifyRequest): Promise<void> {
  // A URL that names no route is a 404 whatever its input holds.
  if (req.routeOptions.url === undefined) return;
  const clean = cleanJson.has(req);
  const field =
    findBadText(req.params) ??
    findBadText(req.query) ??
    (clean || Buffer.isBuffer(req.body) ? null : findBadText(req.body));
  if (field) throw badTextError(field);
}

/** The 422 naming a field that holds such text (or whose uploaded file's name does). */
export function badTextError(field: string, what = 'must be text'): AppError {
  // The field's own name may hold the bad characters; it is shown with them escaped.
  return invalidField(
    field.replace(new RegExp(LONE_SURROGATE, 'g'), '?').replaceAll('\u0000', '\\0'),
    `${what} without NUL characters (U+0000) or unpaired surrogates`,
  );
}
