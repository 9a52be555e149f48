// Request values arrive as text (paths, query strings, multipart fields) and, where the interface
// spec says so, as strings inside JSON. Ajv's own coercion turns any string `s` with `s == +s`
// into a number, so `0x1`, `1e3`, ` 1`, `Infinity` and `1e999` became numbers: a path id `0x1`
// acted on record 1 and `Infinity` reached SQL and loops as a 500. This is the coercion instead,
// run before Ajv (which validates with coerceTypes off and strictNumbers on): the same rules as
// Ajv's `coerceTypes: 'array'` except that text becomes a number only when it is a plain decimal
// numeral that the number type can hold exactly (integers: safe integers, no fraction, no sign
// but `-`, no padding), and that null is never read as 0, false or empty text (`"price": null`
// made a free service), nor 0 or false as null; only empty text is null, for a member that may
// be. The document states each reading (app.ts, info.description). Anything else is left as it
// came, so Ajv refuses it with a 422 naming the field. Unions take the first branch, in order as Ajv does, that the value satisfies as it is or
// once coerced (so `receiver_id: "42"` is still the user 42, `"0"` the external thread "0", and a
// null sent for a nullable text member stays null rather than becoming an empty string).

export type Schema = Record<string, unknown>;

export interface CoerceOptions {
  /** Resolves a `$ref` of the schema (shared schemas, a document's own pointers); undefined when unknown. */
  resolve?: (ref: string) => Schema | undefined;
  /**
   * Whether a value satisfies a union branch: the validator's own verdict (validation.ts asks
   * Ajv); without it, type, bounds, length, pattern, const and enum are checked here.
   */
  fits?: (branch: Schema, value: unknown) => boolean;
}

const INTEGER = /^-?(?:0|[1-9][0-9]*)$/;
const DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;
const MAX_DEPTH = 64;
const NO = Symbol('not coercible');
type Maybe = unknown | typeof NO;

/** Text → number under the strict rules, or NO. */
export function strictNumber(text: string, integer: boolean): number | typeof NO {
  if (!(integer ? INTEGER : DECIMAL).test(text)) return NO;
  const n = Number(text);
  return integer ? (Number.isSafeInteger(n) ? n : NO) : Number.isFinite(n) ? n : NO;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function matches(type: string, v: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'null':
      return v === null;
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isObject(v);
    default:
      return false;
  }
}

function toType(type: string, v: unknown): Maybe {
  switch (type) {
    case 'string':
      return (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean' ? String(v) : NO;
    case 'integer':
    case 'number':
      if (typeof v === 'string') return strictNumber(v, type === 'integer');
      return typeof v === 'boolean' ? Number(v) : NO;
    case 'boolean':
      if (v === 'false' || v === 0) return false;
      return v === 'true' || v === 1 ? true : NO;
    case 'null':
      return v === '' ? null : NO;
    case 'array':
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? [v] : NO;
    default:
      return NO;
  }
}

const typesOf = (s: Schema): string[] =>
  Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];

/** The value as one of the types (first that fits as it is, else the first it coerces to), or NO. */
function asTypes(types: string[], v: unknown): Maybe {
  if (types.some((t) => matches(t, v))) return v;
  let x = v;
  // coerceTypes 'array' also reads a one-element array (a repeated query key sent once) as its element.
  if (Array.isArray(x) && x.length === 1 && !types.includes('array')) {
    x = x[0];
    if (types.some((t) => matches(t, x))) return x;
  }
  for (const t of types) {
    const c = toType(t, x);
    if (c !== NO) return c;
  }
  return NO;
}

/** The keywords that tell scalar union branches apart, for when no validator is at hand. */
export function withinBranch(s: Schema, v: unknown): boolean {
  if ('const' in s && s.const !== v) return false;
  if (Array.isArray(s.enum) && !s.enum.includes(v)) return false;
  if (typeof v === 'string') {
    const length = [...v].length;
    if (
      (typeof s.minLength === 'number' && length < s.minLength) ||
      (typeof s.maxLength === 'number' && length > s.maxLength)
    )
      return false;
    try {
      return typeof s.pattern !== 'string' || new RegExp(s.pattern, 'u').test(v);
    } catch {
      return true;
    }
  }
  if (typeof v !== 'number') return true;
  const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const [min, max, xmin, xmax] = [num('minimum'), num('maximum'), num('exclusiveMinimum'), num('exclusiveMaximum')];
  return !(
    (min !== undefined && v < min) ||
    (max !== undefined && v > max) ||
    (xmin !== undefined && v <= xmin) ||
    (xmax !== undefined && v >= xmax)
  );
}

/**
 * The value coerced to the schema; objects and arrays are changed in place (so the request part
 * Fastify holds sees it) and the root is returned.
 */
export function coerceInput(schema: unknown, value: unknown, options: CoerceOptions = {}): unknown {
  return coerce(schema, value, options, 0);
}

// A union tries each branch on a copy; only the branch taken changes the value itself.
function copyOf(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(copyOf);
  if (isObject(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v)))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copyOf(x)]));
  return v;
}

function coerce(schema: unknown, value: unknown, o: CoerceOptions, depth: number): unknown {
  if (!isObject(schema) || depth > MAX_DEPTH) return value;
  const s = schema as Schema;
  let v = value;
  if (typeof s.$ref === 'string') {
    const target = o.resolve?.(s.$ref);
    if (target) v = coerce(target, v, o, depth + 1);
  }
  if (Array.isArray(s.allOf)) for (const part of s.allOf) v = coerce(part, v, o, depth + 1);
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) v = coerceUnion(alternatives, v, o, depth + 1);
  const types = typesOf(s);
  if (types.length) {
    const c = asTypes(types, v);
    if (c !== NO) v = c;
  }
  if (isObject(v)) coerceMembers(s, v, o, depth);
  else if (Array.isArray(v)) coerceItems(s, v, o, depth);
  return v;
}

function coerceUnion(alternatives: unknown[], v: unknown, o: CoerceOptions, depth: number): unknown {
  const branches = alternatives
    .filter(isObject)
    .map((alt) => (typeof alt.$ref === 'string' ? (o.resolve?.(alt.$ref) ?? alt) : alt) as Schema);
  const candidates = branches
    .map((branch) => {
      const types = typesOf(branch);
      return { branch, value: types.length ? asTypes(types, v) : v };
    })
    .filter((c) => c.value !== NO);
  for (const { branch, value } of candidates) {
    const tried = coerce(branch, copyOf(value), o, depth + 1);
    if (o.fits ? o.fits(branch, tried) : withinBranch(branch, tried)) return coerce(branch, value, o, depth + 1);
  }
  // No branch is satisfied: the value stays as sent, for the validator to refuse.
  return v;
}

function coerceMembers(s: Schema, obj: Record<string, unknown>, o: CoerceOptions, depth: number): void {
  const props = isObject(s.properties) ? (s.properties as Record<string, unknown>) : {};
  const extra = isObject(s.additionalProperties) ? s.additionalProperties : undefined;
  for (const key of Object.keys(obj)) {
    const member = Object.hasOwn(props, key) ? props[key] : extra;
    if (member === undefined) continue;
    const before = obj[key];
    const after = coerce(member, before, o, depth + 1);
    if (after !== before) obj[key] = after;
  }
}

function coerceItems(s: Schema, arr: unknown[], o: CoerceOptions, depth: number): void {
  const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : [];
  const rest = isObject(s.items) ? s.items : undefined;
  for (let i = 0; i < arr.length; i++) {
    const item = i < prefix.length ? prefix[i] : rest;
    if (item !== undefined) arr[i] = coerce(item, arr[i], o, depth + 1);
  }
}
