// The last pass over /openapi.json (@fastify/swagger's `transformObject`): what every operation
// repeats becomes a shared component, and every response gets a description a reader can use.
// Only the document changes: the route schemas, which also validate and serialise, stay as they are.
import { applyExamples, applyResponseExamples, requestExamples } from './openapi-examples.ts';

type Json = Record<string, unknown>;

const SCHEMAS = '#/components/schemas/';
const ERROR_REF = `${SCHEMAS}ErrorBody`;
/** The description fastify-swagger copies from ErrorBody onto every error response. */
const GENERIC_ERROR = /^Every error answer/;

const retryAfter = (what: string) => ({
  'Retry-After': { description: what, schema: { type: 'integer', minimum: 1 } },
});

/** Error responses by status: one shared response object each, referenced by every operation. */
const ERRORS: Record<string, { name: string; description: string; headers?: Json }> = {
  '400': {
    name: 'BadRequest',
    description: 'The request could not be read, or is refused as it stands (code and message say why).',
  },
  '401': {
    name: 'Unauthenticated',
    description: 'No valid token: none was sent, or it is invalid, expired or revoked (code UNAUTHENTICATED).',
  },
  '403': {
    name: 'Forbidden',
    description:
      'Authenticated, but this caller may not do this: the role, the ownership, or a cookie-authenticated write from another origin.',
  },
  '404': { name: 'NotFound', description: 'No such resource, or one the caller may not see.' },
  '409': { name: 'Conflict', description: 'Refused by the current state of the resource (code names the rule).' },
  '410': { name: 'Gone', description: 'The resource existed but is no longer usable.' },
  '413': { name: 'PayloadTooLarge', description: 'The body or a file is over its limit; errors names the field.' },
  '415': {
    name: 'UnsupportedMediaType',
    description: 'A file is not of an accepted type (judged by its content); errors names the field.',
  },
  '422': { name: 'ValidationFailed', description: 'Invalid input: errors maps each field to its messages.' },
  '426': { name: 'UpgradeRequired', description: 'A WebSocket route called without the WebSocket upgrade.' },
  '429': {
    name: 'TooManyRequests',
    description: 'Rate limited: try again after Retry-After seconds.',
    headers: retryAfter('seconds to wait'),
  },
  '500': { name: 'InternalError', description: 'A failure on our side; request_id finds it in our logs.' },
  '502': {
    name: 'BadGateway',
    description: 'An outside service (payment processor, channel manager, calendar feed) failed or answered wrongly.',
  },
  '503': {
    name: 'ServiceUnavailable',
    description:
      'Unavailable for a moment: the instance is restarting or overloaded, or an outside service cannot be reached. Retry.',
    headers: retryAfter('seconds to wait, when known'),
  },
  default: { name: 'Error', description: 'Any other status: the error body.' },
};

const ENVELOPE: Json = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', description: 'true on every success answer' },
    message: { type: 'string', description: 'a human-readable outcome' },
  },
  description:
    'What every success answer carries: {success, message, data}, and meta beside data on a list. Each operation gives data (and meta).',
};

const STATUS_WORD: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No content' };

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const refName = (s: unknown) =>
  isObject(s) && typeof s.$ref === 'string' && s.$ref.startsWith(SCHEMAS) ? s.$ref.slice(SCHEMAS.length) : undefined;

/** `{success, message, data[, meta]}` as the envelope component plus what this operation puts in it. */
function asEnvelope(schema: unknown): Json | undefined {
  if (!isObject(schema) || schema.type !== 'object' || !isObject(schema.properties)) return undefined;
  const { success, message, data, meta, ...rest } = schema.properties as Json;
  const keys = Object.keys(schema).filter((k) => !['type', 'properties', 'required'].includes(k));
  if (
    keys.length ||
    !isObject(success) ||
    success.type !== 'boolean' ||
    !isObject(message) ||
    message.type !== 'string' ||
    !data
  )
    return undefined;
  const own: Json = meta ? { data, meta } : { data };
  // Optional members beside meta (a search's facets) stay in the operation's part, not required.
  const extra = Object.keys(rest).filter((k) => !(Array.isArray(schema.required) && schema.required.includes(k)));
  if (extra.length !== Object.keys(rest).length) return undefined;
  return {
    allOf: [
      { $ref: `${SCHEMAS}Envelope` },
      { type: 'object', required: Object.keys(own), properties: { ...own, ...rest } },
    ],
  };
}

/** What a success answer holds, in words, from its data schema. */
function successDescription(status: string, summary: string, data: unknown, paged: boolean): string {
  const word = STATUS_WORD[status] ?? 'Success';
  const one = refName(data);
  const many = isObject(data) && data.type === 'array' ? refName(data.items) : undefined;
  const lead = `${word}: ${summary.charAt(0).toLowerCase()}${summary.slice(1)}`;
  if (paged)
    return `${lead}. data is one page${many ? ` of ${many}` : ''}; meta gives the page, its size and the totals.`;
  if (one) return `${lead}. data is the ${one}.`;
  if (many) return `${lead}. data is a list of ${many}.`;
  if (isObject(data) && data.type === 'null') return `${lead}. data is null; message says what was done.`;
  return `${lead}.`;
}

function finishOperation(op: Json, used: Set<string>) {
  const responses = op.responses as Record<string, Json> | undefined;
  if (!responses) return;
  const summary = typeof op.summary === 'string' ? op.summary : String(op.operationId ?? '');
  for (const [status, response] of Object.entries(responses)) {
    const content = response.content as Record<string, { schema?: unknown }> | undefined;
    const json = content?.['application/json'];
    const onlyErrorBody =
      content && Object.keys(content).length === 1 && refName(json?.schema) === 'ErrorBody' && !response.headers;
    if (
      onlyErrorBody &&
      ERRORS[status] &&
      (GENERIC_ERROR.test(String(response.description)) || response.description === 'Default Response')
    ) {
      used.add(status);
      responses[status] = { $ref: `#/components/responses/${ERRORS[status]!.name}` };
      continue;
    }
    const envelope = json ? asEnvelope(json.schema) : undefined;
    if (envelope) json!.schema = envelope;
    if (/^2/.test(status) && (!response.description || response.description === 'Default Response')) {
      const own = envelope ? ((envelope.allOf as Json[])[1]!.properties as Json) : undefined;
      response.description = successDescription(status, summary, own?.data, Boolean(own?.meta));
    }
  }
}

/** @fastify/swagger's `transformObject`. */
export function finishDocument({ openapiObject }: { openapiObject: Json }, today = new Date()): Json {
  applyExamples(openapiObject, requestExamples(today));
  applyResponseExamples(openapiObject);
  const used = new Set<string>();
  for (const item of Object.values((openapiObject.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const op of Object.values(item)) if (isObject(op) && isObject(op.responses)) finishOperation(op, used);
  }
  const components = (openapiObject.components ?? {}) as Json;
  const responses: Json = { ...(components.responses as Json | undefined) };
  for (const status of [...used].sort()) {
    const { name, description, headers } = ERRORS[status]!;
    responses[name] = {
      description,
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: { $ref: ERROR_REF } } },
    };
  }
  openapiObject.components = {
    ...components,
    schemas: { Envelope: ENVELOPE, ...(components.schemas as Json) },
    responses,
  };
  return openapiObject;
}
