// The fuzzer's judge, written from the published /openapi.json alone: whether the document
// refuses a request, and whether an answer is one it declares. Its validator is an Ajv 2020
// instance of its own (not the server's options), its formats and its reading of text are the
// document's own words (fuzz-document-rules.ts, fuzz-reading.ts); nothing here comes from src/,
// so a coercion or format bug in the server is not shared by the judge that should catch it.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Schema } from './schema-arbitraries.ts';
import { multipartAsDocumentValue, uploadedFileNames, type Part } from './fuzz-multipart.ts';
import { holdsBadText, readInputRules, type InputRules } from './fuzz-document-rules.ts';
import { pointerTo, readAs, type ReadingContext } from './fuzz-reading.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020, formats: string[]) => Ajv2020;

// Members that must never leave the server, in any answer (snake and camel case).
export const SECRET_KEYS =
  /"(password_?hash|passwordHash|secret_?hash|secretHash|request_?hash|(attachment|storage|thumbnail|id_front|id_back|company_document)_?[kK]ey|(attachment|storage|thumbnail|idFront|idBack|companyDocument)Key|checkout_?secret|client_?secret|ical_?token|jwt_?secret)"\s*:/;
// The interface spec's answer of POST /payments/process hands the paying guest its checkout
// session's client secret (as Stripe Checkout does): the one answer a secret member belongs to.
const SPEC_SECRETS: Record<string, string[]> = { 'POST /api/payments/process': ['checkout_secret'] };

/** The first server-only member in an answer of the operation ("METHOD /path"), or null. */
export function serverOnlyMember(operation: string, body: string): string | null {
  const allowed = SPEC_SECRETS[operation] ?? [];
  const found = [...body.matchAll(new RegExp(SECRET_KEYS.source, 'g'))].map(([, name]) => name ?? '');
  return found.find((name) => !allowed.includes(name)) ?? null;
}
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
  refusedInput(
    o: OperationRef,
    pathValues: Record<string, string>,
    query: Record<string, string>,
    body: SentBody,
  ): string | null;
  /**
   * Why an answer to a URL that names no operation is not one the document gives such a request
   * (404, or a refusal "before any route runs", in the error body), or null.
   */
  unroutedMismatch(status: number, contentType: string | string[] | number | undefined, body: string): string | null;
  /** Why an answer is not one the document declares for the operation (status, media type, body), or null. */
  answerMismatch(
    o: OperationRef,
    status: number,
    contentType: string | string[] | number | undefined,
    body: string,
  ): string | null;
}

const ROOT = 'openapi.json#';

/** A validator of the document's schemas: JSON Schema 2020-12 (OpenAPI 3.1's dialect) and the document's formats. */
function validatorOf(doc: Schema, rules: InputRules): Ajv2020 {
  // strictNumbers: "numbers are finite"; no coercion, defaults or removal: the value is judged as read.
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: false, strictNumbers: true });
  // The standard formats the document uses beside its own date (JSON Schema 2020-12 §7.3).
  addFormats(ajv, ['email', 'date-time', 'time', 'uri', 'uuid']);
  ajv.addFormat('date', { type: 'string', validate: rules.isDay });
  // OpenAPI 3.1 §4.8.14.3: a file's content is `format: binary`, any bytes.
  ajv.addFormat('binary', true);
  ajv.addSchema(doc, 'openapi.json');
  return ajv;
}

export function createOracle(doc: Schema): Oracle {
  const rules = readInputRules(doc);
  const ajv = validatorOf(doc, rules);
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (pointer: string) => {
    const known = compiled.get(pointer);
    if (known) return known;
    const fn = ajv.compile({ $ref: pointer });
    compiled.set(pointer, fn);
    return fn;
  };
  const at = (pointer: string): Schema | undefined => {
    if (!pointer.startsWith(ROOT)) return undefined;
    let node: unknown = doc;
    for (const part of pointer.slice(ROOT.length).split('/').slice(1))
      node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return node && typeof node === 'object' ? (node as Schema) : undefined;
  };
  const ctx: ReadingContext = { rules, at, accepts: (pointer, value) => validatorAt(pointer)(value) };
  const explain = (fn: ValidateFunction) =>
    (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
  /** Why the schema at the pointer refuses the value as the document reads it, or null. */
  const judge = (pointer: string, value: unknown): string | null => {
    const fn = validatorAt(pointer);
    return fn(readAs(ctx, pointer, value)) ? null : explain(fn);
  };
  /** A response's own object, following a `$ref` to the shared responses. */
  const responseOf = (o: OperationRef, status: number): { pointer: string; response: Schema } | undefined => {
    const key = String(status) in (o.op.responses ?? {}) ? String(status) : 'default';
    let pointer = pointerTo(ROOT, 'paths', o.path, o.method, 'responses', key);
    let response = at(pointer);
    if (typeof response?.$ref === 'string') {
      pointer = `openapi.json${response.$ref}`;
      response = at(pointer);
    }
    return response ? { pointer, response } : undefined;
  };

  // "Also refused before any route runs, in the same error body: 400 …, 408 …, 413 …." (info.description).
  const beforeRouting = /refused before any route runs[^:]*: (.*?)\.(?:\s|$)/.exec(String(doc.info?.description ?? ''));
  if (!beforeRouting) throw new Error('/openapi.json no longer says what is refused before any route runs');
  const unrouted = new Set([404, ...[...(beforeRouting[1] ?? '').matchAll(/\b([45]\d\d) /g)].map((m) => Number(m[1]))]);

  return {
    unroutedMismatch(status, contentType, body) {
      if (!unrouted.has(status)) return `status ${status} for a URL that names no operation`;
      if (!String(contentType ?? '').includes('application/json')) return `media type ${contentType} for an error`;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return 'an error that is not JSON';
      }
      const fn = validatorAt(pointerTo(ROOT, 'components', 'schemas', 'ErrorBody'));
      return fn(parsed) ? null : explain(fn);
    },

    refusedInput(o, pathValues, query, body) {
      const params: Schema[] = o.op.parameters ?? [];
      for (const [where, values] of [
        ['path', pathValues],
        ['query', query],
      ] as const) {
        for (const [i, p] of params.entries()) {
          if (p.in !== where) continue;
          const sent = values[p.name];
          if (sent === undefined) {
            if (p.required) return `${where}: ${p.name} is required`;
            continue;
          }
          if (rules.isBadText(sent)) return `${where}: ${p.name} holds a NUL or an unpaired surrogate`;
          const refused = judge(pointerTo(ROOT, 'paths', o.path, o.method, 'parameters', i, 'schema'), sent);
          if (refused) return `${where}: ${p.name} ${refused}`;
        }
      }
      const rb = o.op.requestBody;
      if (!rb) return null;
      if (body === null) return rb.required ? 'body: missing' : null;
      const content = (type: string) =>
        pointerTo(ROOT, 'paths', o.path, o.method, 'requestBody', 'content', type, 'schema');
      if (body.type === 'multipart') {
        if (!rb.content?.['multipart/form-data']) return 'body: multipart where the document declares none';
        const value = multipartAsDocumentValue(body.parts);
        if (holdsBadText(value, rules) || uploadedFileNames(body.parts).some(rules.isBadText))
          return 'body: a field or file name holds a NUL or an unpaired surrogate';
        const refused = judge(content('multipart/form-data'), value);
        return refused ? `body: ${refused}` : null;
      }
      if (!rb.content?.['application/json']) return 'body: JSON sent where the document declares no JSON body';
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.raw);
      } catch {
        return 'body: not JSON';
      }
      // A member, not a string *value* "__proto__": judged on the parsed body, not its text.
      if (rules.hasPrototypeMember(parsed)) return 'body: prototype member';
      if (holdsBadText(parsed, rules)) return 'body: text holds a NUL or an unpaired surrogate';
      const refused = judge(content('application/json'), parsed);
      return refused ? `body: ${refused}` : null;
    },

    answerMismatch(o, status, contentType, body) {
      const declared = responseOf(o, status);
      if (!declared) return `status ${status} is not declared for the operation`;
      const types = Object.keys(declared.response.content ?? {});
      const media = String(contentType ?? '')
        .replace(/;.*/s, '')
        .trim()
        .toLowerCase();
      if (!body.length || !types.length) return null;
      if (!types.includes(media) && !types.some((t) => t.endsWith('/*') && media.startsWith(t.slice(0, -1))))
        return `media type ${media || '(none)'} where the document declares ${types.join(', ')}`;
      if (!media.includes('json') || !declared.response.content[media]?.schema) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return 'not JSON although declared so';
      }
      const fn = validatorAt(pointerTo(declared.pointer, 'content', media, 'schema'));
      return fn(parsed) ? null : explain(fn);
    },
  };
}
