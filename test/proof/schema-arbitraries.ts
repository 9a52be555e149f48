// fast-check arbitraries from the JSON Schemas of the service's own /openapi.json: values that
// follow a schema, and deliberately broken versions of them (missing and wrong-typed members,
// prototype keys, huge, odd and traversal strings, and the classes of fuzz-classes.ts at any
// depth: numerals that are not plain decimal, impossible dates, IPv6-wrapped private URLs).
// Whether a sent value is valid is not decided here: the fuzzer asks ajv with the server's own
// options (see fuzz-oracle.ts).
import fc from 'fast-check';
import {
  BAD_DATES,
  RAW_NUMBER_TOKENS,
  badNumeralsFor,
  isDate,
  isNumeric,
  isUrlMember,
  memberPaths,
  pathText,
  setAt,
  type Path,
} from './fuzz-classes.ts';

export type Schema = Record<string, any>;

export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e\u202d',
  '😀'.repeat(50),
  '%s%n%x',
  "'; DROP TABLE users;--",
  '<script>alert(1)</script>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j lookup sent as text, on purpose
  '${jndi:ldap://x}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '\ud800',
  'a\r\nSet-Cookie: x=1',
];
export const TRAVERSAL = [
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  '%00',
  '.',
];
export const HUGE = 'x'.repeat(100_000);

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dateArb = fc.date({
  min: new Date('2024-01-01T00:00:00Z'),
  max: new Date('2032-12-31T00:00:00Z'),
  noInvalidDate: true,
});

function stringArb(s: Schema): fc.Arbitrary<string> {
  switch (s.format) {
    case 'date':
      return dateArb.map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return dateArb.map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'time':
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${pad(h)}:${pad(m)}:00`);
    case 'uuid':
      return fc.uuid();
  }
  if (s.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? 200));
    } catch {
      // a pattern JavaScript cannot compile: fall through to plain strings
    }
  }
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 40, min + 40));
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }).filter((v) => [...v].length >= min);
}

/** Values that follow the schema (best effort: keywords it does not know are ignored). */
export function arbitraryOf(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || typeof s !== 'object') return fc.jsonValue({ maxDepth: 1 });
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts) && alts.length) return fc.oneof(...alts.map((a: Schema) => arbitraryOf(a, depth)));
  if (Array.isArray(s.allOf) && s.allOf.length) return arbitraryOf(Object.assign({}, ...s.allOf), depth);
  const type = Array.isArray(s.type) ? s.type : [s.type];
  if (type.length > 1) return fc.oneof(...type.map((t: string) => arbitraryOf({ ...s, type: t }, depth)));
  switch (type[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -5);
      const max = Math.min(s.maximum ?? 100_000, min + 100_000);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number': {
      const min = s.minimum ?? 0;
      return fc.double({
        min,
        max: Math.min(s.maximum ?? 100_000, min + 100_000),
        noNaN: true,
        noDefaultInfinity: true,
      });
    }
    case 'string':
      return stringArb(s);
    case 'array': {
      if (depth > 3) return fc.constant([]);
      const min = s.minItems ?? 0;
      const size = { minLength: min, maxLength: Math.max(min, Math.min(s.maxItems ?? 3, 3)) };
      return s.uniqueItems
        ? fc.uniqueArray(arbitraryOf(s.items, depth + 1), { ...size, selector: (v) => JSON.stringify(v) })
        : fc.array(arbitraryOf(s.items, depth + 1), size);
    }
    case 'object': {
      const props: Record<string, Schema> = s.properties ?? {};
      if (depth > 3) return fc.constant({});
      const keys = Object.keys(props);
      if (!keys.length) return fc.constant({});
      const shape = Object.fromEntries(keys.map((k) => [k, arbitraryOf(props[k], depth + 1)]));
      return fc.record(shape, { requiredKeys: (s.required ?? []).filter((k: string) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A value of another JSON type than the schema's (which ajv's coercion cannot turn back). */
export const wrongTyped = (s: Schema | undefined): unknown => {
  const t = Array.isArray(s?.type) ? s!.type[0] : s?.type;
  if (t === 'object') return 'not-an-object';
  if (t === 'array') return { not: 'an array' };
  return { unexpected: ['object'] };
};

/** How a broken request differs from a valid one. */
export type Breakage =
  | { kind: 'valid' }
  | { kind: 'missing'; key: string }
  | { kind: 'wrong-type'; key: string }
  | { kind: 'extra' }
  | { kind: 'proto' }
  | { kind: 'huge'; key: string }
  | { kind: 'odd'; key: string; text: string }
  | { kind: 'traversal'; key: string; text: string }
  | { kind: 'not-json' }
  /** `raw`: the text goes into the JSON as a number token, not a string. */
  | { kind: 'bad-numeral'; path: Path; text: string; raw: boolean }
  | { kind: 'bad-date'; path: Path; text: string }
  | { kind: 'bad-url'; path: Path; text: string };

/** The issue-20 class a breakage belongs to (counted by the fuzzer), if any. */
export const classOf = (b: Breakage): string | null =>
  (({ 'bad-numeral': 'bad-numeral', 'bad-date': 'bad-date', 'bad-url': 'ipv6-url' }) as Record<string, string>)[
    b.kind
  ] ?? null;

/** Breakages at any depth of the body: each class where its members are. */
function deepBreakages(s: Schema | undefined, urls: string[]): Array<fc.WeightedArbitrary<Breakage>> {
  const out: Array<fc.WeightedArbitrary<Breakage>> = [];
  const numeric = memberPaths(s, (_, m) => isNumeric(m));
  const dates = memberPaths(s, (_, m) => isDate(m));
  const links = memberPaths(s, isUrlMember);
  const schemaAt = (path: Path) =>
    path.reduce<Schema | undefined>(
      (node, k) =>
        typeof k === 'number'
          ? node?.items
          : (node?.properties?.[k] ??
            (node?.anyOf ?? node?.oneOf ?? []).map((a: Schema) => a.properties?.[k]).find(Boolean)),
      s,
    );
  if (numeric.length) {
    out.push({
      weight: 2,
      arbitrary: fc.constantFrom(...numeric).chain((path) =>
        fc.oneof(
          {
            weight: 3,
            arbitrary: fc
              .constantFrom(...badNumeralsFor(schemaAt(path)))
              .map((text) => ({ kind: 'bad-numeral' as const, path, text, raw: false })),
          },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(...RAW_NUMBER_TOKENS)
              .map((text) => ({ kind: 'bad-numeral' as const, path, text, raw: true })),
          },
        ),
      ),
    });
  }
  if (dates.length)
    out.push({
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...dates), fc.constantFrom(...BAD_DATES))
        .map(([path, text]) => ({ kind: 'bad-date' as const, path, text })),
    });
  // Few operations take a URL: where one does, its cases lean on this class.
  if (links.length && urls.length)
    out.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...links), fc.constantFrom(...urls))
        .map(([path, text]) => ({ kind: 'bad-url' as const, path, text })),
    });
  return out;
}

export const describeBreakage = (b: Breakage) =>
  'path' in b ? `${b.kind} ${pathText(b.path)}=${JSON.stringify(b.text)}` : b.kind;

/** `urls`: the IPv6-wrapped private URLs for URL members (fuzz-classes.ts, with the canary's port). */
export function breakageOf(s: Schema | undefined, urls: string[] = []): fc.Arbitrary<Breakage> {
  const keys = Object.keys(s?.properties ?? {});
  const required: string[] = (s?.required ?? []).filter((k: string) => keys.includes(k));
  const stringKeys = keys.filter((k) => [s!.properties[k].type].flat().includes('string'));
  const options: Array<fc.Arbitrary<Breakage>> = [
    fc.constant({ kind: 'valid' as const }),
    fc.constant({ kind: 'valid' as const }),
    fc.constant({ kind: 'extra' as const }),
    fc.constant({ kind: 'proto' as const }),
    fc.constant({ kind: 'not-json' as const }),
  ];
  if (required.length) options.push(fc.constantFrom(...required).map((key) => ({ kind: 'missing' as const, key })));
  if (keys.length) options.push(fc.constantFrom(...keys).map((key) => ({ kind: 'wrong-type' as const, key })));
  if (stringKeys.length) {
    options.push(fc.constantFrom(...stringKeys).map((key) => ({ kind: 'huge' as const, key })));
    options.push(
      fc
        .tuple(fc.constantFrom(...stringKeys), fc.constantFrom(...ODD_STRINGS))
        .map(([key, text]) => ({ kind: 'odd' as const, key, text })),
    );
    options.push(
      fc
        .tuple(fc.constantFrom(...stringKeys), fc.constantFrom(...TRAVERSAL))
        .map(([key, text]) => ({ kind: 'traversal' as const, key, text })),
    );
  }
  // The classes of issue 20 weigh as much as all the others together, so every member they fit is reached.
  const deep = deepBreakages(s, urls);
  if (deep.length)
    return fc.oneof({ weight: 1, arbitrary: fc.oneof(...options) }, { weight: 1, arbitrary: fc.oneof(...deep) });
  return fc.oneof(...options);
}

/** The raw JSON text of a body broken as said (a `__proto__` member survives only in raw text). */
export function breakBody(body: unknown, b: Breakage, s: Schema | undefined): string {
  const obj =
    body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : body;
  const rec = obj as Record<string, unknown>;
  switch (b.kind) {
    case 'valid':
      return JSON.stringify(obj ?? {});
    case 'not-json':
      return '{"unterminated": ';
    case 'extra':
      return JSON.stringify({ ...rec, unexpected_member: 'x', role: 'admin', is_admin: true });
    case 'proto':
      return JSON.stringify(rec ?? {})
        .replace(/^\{/, '{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"polluted":1}},')
        .replace(/,}$/, '}');
    case 'missing':
      delete rec[b.key];
      return JSON.stringify(rec);
    case 'wrong-type':
      rec[b.key] = wrongTyped(s?.properties?.[b.key]);
      return JSON.stringify(rec);
    case 'huge':
      rec[b.key] = HUGE;
      return JSON.stringify(rec);
    case 'odd':
    case 'traversal':
      rec[b.key] = b.text;
      return JSON.stringify(rec);
    case 'bad-date':
    case 'bad-url':
      return JSON.stringify(setAt(obj, b.path, b.text));
    case 'bad-numeral': {
      if (!b.raw) return JSON.stringify(setAt(obj, b.path, b.text));
      const marker = `@@raw-number-${Math.random().toString(36).slice(2)}@@`;
      return JSON.stringify(setAt(obj, b.path, marker)).replace(`"${marker}"`, b.text);
    }
  }
}
