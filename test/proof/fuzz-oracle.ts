// What the OpenAPI document itself says about a request and an answer, judged by ajv: the request
// as the server validates it (its strict coercion of text to numbers, booleans and nulls, its
// `date` format, strict numbers, defaults, stripping of undeclared members where the schema
// closes an object), the answer strictly as declared.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Schema } from './schema-arbitraries.ts';
import { multipartAsDocumentValue, multipartHasNul, type Part } from './fuzz-multipart.ts';
import { coerceInput, withinBranch } from '../../src/platform/strict-coercion.ts';
import { addStrictFormats, strictAjvOptions } from '../../src/platform/validation.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

// Members that must never leave the server, in any answer (snake and camel case).
export const SECRET_KEYS = /"(password_?hash|passwordHash|secret_?hash|secretHash|request_?hash|(attachment|storage|thumbnail|id_front|id_back|company_document)_?[kK]ey|(attachment|storage|thumbnail|idFront|idBack|companyDocument)Key|checkout_?secret|client_?secret|ical_?token|jwt_?secret)"\s*:/;
export const STACK = /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|node_modules|\/work\/|\/home\/|src\/modules\//;

export interface OperationRef {
  method: string;
  path: string;
  op: Schema;
}

/** A request body as sent: JSON text, or multipart parts. */
export type SentBody = { type: 'json'; raw: string } | { type: 'multipart'; parts: Part[] } | null;

export interface Oracle {
  /** Why the document refuses this request, or null when it accepts it. */
  refusedInput(o: OperationRef, pathValues: Record<string, string>, query: Record<string, string>, body: SentBody): string | null;
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
  // The server's own options (validation.ts), but one error is enough to know a refusal.
  const input = addStrictFormats(make({ ...strictAjvOptions.customOptions, allErrors: false }));
  const output = make({});
  // The schemas the server coerces by: the document's own, found by the pointers ajv is given.
  const at = (ref: string): Schema | undefined => {
    const hash = ref.indexOf('#');
    if (hash < 0 || !['', 'openapi.json'].includes(ref.slice(0, hash))) return undefined;
    let node: any = doc;
    for (const part of ref.slice(hash + 2).split('/').filter(Boolean)) node = node?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
    return node && typeof node === 'object' ? node : undefined;
  };
  // Union branches judged by this ajv, as the server judges them by its own.
  const branches = new WeakMap<Schema, ValidateFunction | null>();
  const fits = (branch: Schema, value: unknown) => {
    let fn = branches.get(branch);
    if (fn === undefined) {
      try {
        fn = input.compile(branch);
      } catch {
        fn = null;
      }
      branches.set(branch, fn);
    }
    return fn ? fn(value) : withinBranch(branch, value);
  };
  const judge = (fn: ValidateFunction, schema: Schema, value: unknown) => fn(coerceInput(schema, value, { resolve: at, fits }));
  const compiled = new Map<string, ValidateFunction>();
  const compile = (ajv: Ajv, key: string, schema: Schema) => {
    let fn = compiled.get(key);
    if (!fn) compiled.set(key, (fn = ajv.compile(schema)));
    return fn;
  };
  const explain = (fn: ValidateFunction) => (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');

  return {
    refusedInput(o, pathValues, query, body) {
      const params: Schema[] = o.op.parameters ?? [];
      const base = ['paths', o.path, o.method, 'parameters'] as const;
      const paramsSchema = (where: string) => {
        const list = params.map((p, i) => ({ p, i })).filter(({ p }) => p.in === where);
        return {
          type: 'object',
          properties: Object.fromEntries(list.map(({ p, i }) => [p.name, { $ref: pointer(...base, i, 'schema') }])),
          required: list.filter(({ p }) => p.required).map(({ p }) => p.name),
        } as Schema;
      };
      for (const [where, values] of [['path', pathValues], ['query', query]] as const) {
        if (!params.some((p) => p.in === where)) continue;
        const schema = paramsSchema(where);
        const fn = compile(input, `${o.method} ${o.path} ${where}`, schema);
        if (!judge(fn, schema, structuredClone(values))) return `${where}: ${explain(fn)}`;
      }
      const rb = o.op.requestBody;
      if (!rb) return null;
      if (body === null) return rb.required ? 'body: missing' : null;
      if (body.type === 'multipart') {
        if (!rb.content?.['multipart/form-data']) return 'body: multipart where the document declares none';
        // Text PostgreSQL cannot hold is refused whatever the schema says (platform/text-guard.ts).
        if (multipartHasNul(body.parts)) return 'body: NUL in a multipart field or file name';
        const ref = pointer('paths', o.path, o.method, 'requestBody', 'content', 'multipart/form-data', 'schema');
        const fn = compile(input, `${o.method} ${o.path} multipart`, { $ref: ref });
        return judge(fn, { $ref: ref }, multipartAsDocumentValue(body.parts)) ? null : `body: ${explain(fn)}`;
      }
      if (!rb.content?.['application/json']) return 'body: JSON sent where the document declares no JSON body';
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.raw);
      } catch {
        return 'body: not JSON';
      }
      // A `__proto__` member is refused by the server's JSON parser whatever the schema says (a
      // string *value* "__proto__" is not a member: judged on the parsed body, not its text).
      if (hasPrototypeMember(parsed)) return 'body: prototype member';
      const ref = pointer('paths', o.path, o.method, 'requestBody', 'content', 'application/json', 'schema');
      const fn = compile(input, `${o.method} ${o.path} body`, { $ref: ref });
      return judge(fn, { $ref: ref }, parsed) ? null : `body: ${explain(fn)}`;
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
