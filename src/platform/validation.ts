// How request input is validated, in one place: Ajv (through Fastify's own compiler) with
// coerceTypes off and strictNumbers on, after the strict coercion of strict-coercion.ts; and the
// `date` format as the supported calendar days of calendar-day.ts. Every route's params, query
// string, JSON and multipart body go through it, so a numeral that is not plain decimal, a
// non-finite number or an impossible or out-of-range date is a 422 naming the field everywhere,
// without a check per route.
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { FIRST_SUPPORTED_DAY, isSupportedDay, LAST_SUPPORTED_DAY } from '../kernel/calendar-dates.ts';
import { coerceInput, withinBranch, type CoerceOptions, type Schema } from './strict-coercion.ts';
import { oneLineMessage } from './one-line.ts';

type AjvServerOptions = NonNullable<FastifyServerOptions['ajv']>;
type AjvInstance = Parameters<NonNullable<AjvServerOptions['onCreate']>>[0];

/** The Ajv options every validator is built with (the app adds its keyword plugins). */
export const strictAjvOptions = {
  customOptions: {
    allErrors: true,
    removeAdditional: true,
    useDefaults: true,
    coerceTypes: false,
    strictNumbers: true,
  },
  // Runs after Fastify's compiler has added ajv-formats, so this `date` replaces theirs.
  onCreate: (ajv: AjvInstance) => {
    addStrictFormats(ajv);
  },
} satisfies AjvServerOptions;

/** The formats request validation and the fuzzer's oracle share. */
export function addStrictFormats<
  A extends { addFormat(name: string, format: { type: 'string'; validate: (s: string) => boolean }): unknown },
>(ajv: A): A {
  ajv.addFormat('date', { type: 'string', validate: isSupportedDay });
  return ajv;
}

interface RouteSchema {
  schema?: unknown;
  method?: string;
  url?: string;
  httpPart?: string;
  contentType?: string;
}
interface ValidateFn {
  (data: unknown, ctx?: { parentData: Record<string, unknown>; parentDataProperty: string }): boolean;
  errors?: unknown;
  schemaEnv?: unknown;
}

type Factory = ReturnType<typeof AjvCompiler>;

interface AjvError {
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

// Ajv's words for the refusals this file adds, rewritten to say what to send instead.
const DAY_MESSAGE = `must be a real date (YYYY-MM-DD) from ${FIRST_SUPPORTED_DAY} to ${LAST_SUPPORTED_DAY}`;
function explained(errors: unknown): unknown {
  if (!Array.isArray(errors)) return errors;
  for (const e of errors as AjvError[]) {
    if (e.keyword === 'format' && e.params?.format === 'date') e.message = DAY_MESSAGE;
    else if (e.keyword === 'type' && e.params?.type === 'integer')
      e.message = 'must be an integer in plain decimal digits';
    else if (e.keyword === 'type' && e.params?.type === 'number')
      e.message = 'must be a finite number in plain decimal notation';
    else if (e.keyword === 'pattern') e.message = oneLineMessage(e.params?.pattern) ?? e.message;
  }
  return errors;
}

/**
 * A `buildValidator` of Fastify's schema controller: its default Ajv compiler, each validator
 * preceded by the strict coercion of the part it validates. References resolve as Ajv's do:
 * shared schemas (`app.addSchema`) by `$id`, `#/…` pointers within the route's schema.
 */
function buildStrictValidator(
  factory: Factory,
  externalSchemas: Record<string, unknown>,
  options: AjvServerOptions | undefined,
  strict: StrictOptions,
) {
  const compile = cachedCompile(
    factory(externalSchemas as Parameters<Factory>[0], options) as unknown as (route: RouteSchema) => ValidateFn,
  );
  const shared = new Map(
    Object.values(externalSchemas)
      .filter((s): s is Schema => typeof s === 'object' && s !== null && typeof (s as Schema).$id === 'string')
      .map((s) => [s.$id as string, s]),
  );
  // A union branch is judged by Ajv itself (compiled once); one it cannot compile alone (a
  // pointer into its route's schema) by the coercion's own keyword checks.
  const branchValidators = new WeakMap<Schema, ValidateFn | null>();
  const fits = (branch: Schema, value: unknown) => {
    let fn = branchValidators.get(branch);
    if (fn === undefined) {
      try {
        fn = compile({ schema: branch });
      } catch {
        fn = null;
      }
      branchValidators.set(branch, fn);
    }
    return fn ? fn(value) : withinBranch(branch, value);
  };
  return (route: RouteSchema): ValidateFn => {
    const validate = compile(route);
    const resolve = (ref: string) => {
      const [id, fragment = ''] = ref.split('#');
      const root = id ? shared.get(id) : route.schema;
      return fragment.startsWith('/') ? pointerIn(root, fragment) : fragment ? undefined : (root as Schema | undefined);
    };
    const options: CoerceOptions = { fits, resolve };
    // A JSON body usually arrives with its members already of their types; Ajv's verdict on it
    // as sent is then final, and the coercion's walk of the schema (about 8 µs of a small POST's
    // CPU) is skipped. Only where a union could take an earlier branch once coerced
    // (strict-coercion.ts) may the coercion change a value Ajv accepts as sent; there, and on a
    // refusal, the value is coerced and validated as before. Ajv's own changes on a refused first
    // pass (defaults, members removed) are ones the second pass makes anyway.
    const validFirst = strict.validFirst && route.httpPart === 'body' && !mayChangeValid(route.schema, resolve);
    const wrapped: ValidateFn = (data, ctx) => {
      if (validFirst && validate(data, ctx)) {
        wrapped.errors = null;
        return true;
      }
      const coerced = coerceInput(route.schema, data, options);
      // The root itself changes only for a non-object part; Fastify reads it back from its parent.
      if (coerced !== data && ctx) ctx.parentData[ctx.parentDataProperty] = coerced;
      const ok = validate(coerced, ctx);
      wrapped.errors = ok ? null : explained(validate.errors);
      return ok;
    };
    // Fastify hands the request part's parent to validators that have one, so Ajv may replace it.
    wrapped.schemaEnv = validate.schemaEnv;
    return wrapped;
  };
}

/**
 * Whether the coercion may change a value the schema already accepts: only through a union
 * (anyOf, oneOf) anywhere in it, its references followed; a reference that does not resolve
 * counts as one. Everywhere else it leaves a value of one of a node's types as it is.
 */
export function mayChangeValid(
  schema: unknown,
  resolve: (ref: string) => Schema | undefined,
  seen = new Set<object>(),
): boolean {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema) || seen.has(schema)) return false;
  seen.add(schema);
  const s = schema as Schema;
  if ('anyOf' in s || 'oneOf' in s) return true;
  if (typeof s.$ref === 'string') {
    const target = resolve(s.$ref);
    if (!target || mayChangeValid(target, resolve, seen)) return true;
  }
  const sub = (x: unknown) => mayChangeValid(x, resolve, seen);
  const list = (x: unknown) => Array.isArray(x) && x.some(sub);
  const map = (x: unknown) => !!x && typeof x === 'object' && Object.values(x).some(sub);
  return (
    SCHEMA_KEYWORDS.some((k) => sub(s[k])) ||
    SCHEMA_LIST_KEYWORDS.some((k) => list(s[k])) ||
    SCHEMA_MAP_KEYWORDS.some((k) => map(s[k]))
  );
}
const SCHEMA_KEYWORDS = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
];
const SCHEMA_LIST_KEYWORDS = ['allOf', 'prefixItems', 'items'];
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];

function pointerIn(root: unknown, pointer: string): Schema | undefined {
  let node = root;
  for (const part of pointer.split('/').slice(1)) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node && typeof node === 'object' ? (node as Schema) : undefined;
}

// Compiled validators and serializers are kept for the process, by the schema's content: a
// process that builds the app more than once (the test suite builds one per test file, several for
// multi-instance tests) compiles each route's schemas once instead of once per app, which was
// most of an app's build time (fast-json-stringify ~0.9 s and Ajv ~0.45 s of CPU per app). The
// compiled functions depend on nothing but the schema, the shared schemas and the options, which
// are all in the key; Ajv's own pool shares one Ajv per set of shared schemas and Ajv options, and
// a factory of its own serves each set of Ajv plugins (which that pool's key leaves out).
const ajvFactories: Array<{ extensions: unknown[]; factory: Factory }> = [];
function ajvFactoryFor(options?: AjvServerOptions): Factory {
  const extensions = [options?.onCreate, ...(options?.plugins ?? []).flat()];
  const same = (e: { extensions: unknown[] }) =>
    e.extensions.length === extensions.length && e.extensions.every((x, i) => x === extensions[i]);
  let found = ajvFactories.find(same);
  if (!found) ajvFactories.push((found = { extensions, factory: AjvCompiler() }));
  return found.factory;
}
const compiledValidators = new WeakMap<object, Map<string, ValidateFn>>();
const compiledSerializers = new Map<string, Map<string, (data: unknown) => string>>();

/** `compile`, answering from `cache` (by the route schema's content) what it compiled before. */
function memoByContent<R extends { schema?: unknown }, F>(
  cache: Map<string, F>,
  compile: (route: R) => F,
): (route: R) => F {
  return (route) => {
    const key = JSON.stringify(route.schema);
    let fn = cache.get(key);
    if (!fn) cache.set(key, (fn = compile(route)));
    return fn;
  };
}

/** The map kept under `key` in `pools`, made on first use. */
function poolOf<K, V>(pools: { get(k: K): V | undefined; set(k: K, v: V): unknown }, key: K, make: () => V): V {
  let pool = pools.get(key);
  if (pool === undefined) pools.set(key, (pool = make()));
  return pool;
}

function cachedCompile(compile: (route: RouteSchema) => ValidateFn): (route: RouteSchema) => ValidateFn {
  return memoByContent(
    poolOf(compiledValidators, compile, () => new Map()),
    compile,
  );
}

/** Fastify's default response serializer compiler (fast-json-stringify), its functions kept for the process by schema content. */
function buildCachedSerializer(externalSchemas: Record<string, unknown>, serializerOpts?: Record<string, unknown>) {
  const key = `${JSON.stringify(externalSchemas)}\0${JSON.stringify(serializerOpts ?? {})}`;
  const compile = SerializerSelector()(externalSchemas, serializerOpts) as (route: {
    schema: unknown;
  }) => (data: unknown) => string;
  return memoByContent(
    poolOf(compiledSerializers, key, () => new Map()),
    compile,
  );
}

interface StrictOptions {
  /** Bodies Ajv accepts as sent skip the coercion (see buildStrictValidator); false only to compare with it in tests. */
  validFirst: boolean;
}

/** Fastify's `schemaController` option with the strict validator and the process-wide compiled schemas. */
export function strictSchemaController(
  strict: StrictOptions = { validFirst: true },
): NonNullable<FastifyServerOptions['schemaController']> {
  const buildValidator = (externalSchemas: Record<string, unknown>, options?: AjvServerOptions) =>
    buildStrictValidator(ajvFactoryFor(options), externalSchemas, options, strict);
  return { compilersFactory: { buildValidator, buildSerializer: buildCachedSerializer } } as unknown as NonNullable<
    FastifyServerOptions['schemaController']
  >;
}
