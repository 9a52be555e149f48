// What the OpenAPI document itself says about a request and an answer, judged by ajv: the request
// with the options the server validates with (coercion, defaults, stripping of undeclared members
// where the schema closes an object), the answer strictly as declared.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Schema } from './schema-arbitraries.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

// Members that must never leave the server, in any answer (snake and camel case).
export const SECRET_KEYS = /"(password_?hash|passwordHash|secret_?hash|secretHash|request_?hash|(attachment|storage|thumbnail|id_front|id_back|company_document)_?[kK]ey|(attachment|storage|thumbnail|idFront|idBack|companyDocument)Key|checkout_?secret|client_?secret|ical_?token|jwt_?secret)"\s*:/;
export const STACK = /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|node_modules|\/work\/|\/home\/|src\/modules\//;

export interface OperationRef {
  method: string;
  path: string;
  op: Schema;
}

export interface Oracle {
  /** Why the document refuses this request, or null when it accepts it. */
  refusedInput(o: OperationRef, pathValues: Record<string, string>, query: Record<string, string>, rawBody: string | null): string | null;
  /** Why a 2xx answer does not match its declared schema, or null. */
  responseMismatch(o: OperationRef, status: number, contentType: string | string[] | number | undefined, body: string): string | null;
}

const pointer = (...parts: Array<string | number>) => 'openapi.json#/' + parts.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export function createOracle(doc: Schema): Oracle {
  const make = (opts: ConstructorParameters<typeof Ajv>[0]) => {
    const ajv = new Ajv({ strict: false, validateSchema: false, allErrors: false, ...opts });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(doc, 'openapi.json');
    return ajv;
  };
  const input = make({ coerceTypes: 'array', useDefaults: true, removeAdditional: true });
  const output = make({});
  const compiled = new Map<string, ValidateFunction>();
  const compile = (ajv: Ajv, key: string, schema: Schema) => {
    let fn = compiled.get(key);
    if (!fn) compiled.set(key, (fn = ajv.compile(schema)));
    return fn;
  };
  const explain = (fn: ValidateFunction) => (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');

  return {
    refusedInput(o, pathValues, query, rawBody) {
      const params: Schema[] = o.op.parameters ?? [];
      const base = ['paths', o.path, o.method, 'parameters'] as const;
      const paramsSchema = (where: string) => {
        const list = params.map((p, i) => ({ p, i })).filter(({ p }) => p.in === where);
        return {
          type: 'object',
          properties: Object.fromEntries(list.map(({ p, i }) => [p.name, { $ref: pointer(...base, i, 'schema') }])),
          required: list.filter(({ p }) => p.required).map(({ p }) => p.name),
        };
      };
      for (const [where, values] of [['path', pathValues], ['query', query]] as const) {
        if (!params.some((p) => p.in === where)) continue;
        const fn = compile(input, `${o.method} ${o.path} ${where}`, paramsSchema(where));
        if (!fn(structuredClone(values))) return `${where}: ${explain(fn)}`;
      }
      const rb = o.op.requestBody;
      if (!rb) return null;
      if (rawBody === null) return rb.required ? 'body: missing' : null;
      if (!rb.content?.['application/json']) return 'body: JSON sent where the document declares no JSON body';
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return 'body: not JSON';
      }
      // A `__proto__` member is refused by the server's JSON parser whatever the schema says (a
      // string *value* "__proto__" is not a member: judged on the parsed body, not its text).
      if (hasPrototypeMember(parsed)) return 'body: prototype member';
      const fn = compile(input, `${o.method} ${o.path} body`, { $ref: pointer('paths', o.path, o.method, 'requestBody', 'content', 'application/json', 'schema') });
      return fn(parsed) ? null : `body: ${explain(fn)}`;
    },

    responseMismatch(o, status, contentType, body) {
      if (!String(contentType ?? '').includes('json')) return null;
      if (!o.op.responses?.[String(status)]?.content?.['application/json']?.schema) return null;
      const fn = compile(output, `${o.method} ${o.path} ${status}`, { $ref: pointer('paths', o.path, o.method, 'responses', String(status), 'content', 'application/json', 'schema') });
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return 'not JSON although declared so';
      }
      return fn(parsed) ? null : explain(fn);
    },
  };
}

/** A member named __proto__, or constructor.prototype, anywhere in a parsed JSON value. */
function hasPrototypeMember(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const [key, member] of Object.entries(value)) {
    if (key === '__proto__') return true;
    if (key === 'constructor' && typeof member === 'object' && member !== null && Object.hasOwn(member, 'prototype')) return true;
    if (hasPrototypeMember(member)) return true;
  }
  return false;
}
