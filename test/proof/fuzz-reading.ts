// How a sent value reads as the document describes it, before its schema judges it: a value of
// another type than the schema's reads as one only under the document's words (plain decimal
// numerals, true/false, flags, lists of one: fuzz-document-rules.ts); anything else stays as
// sent, for the schema to refuse. Written from
// the document alone: the schemas are found by JSON pointer in /openapi.json, and a union reads
// as its first branch (in the document's order) that accepts the value so read.
import type { Schema } from './schema-arbitraries.ts';
import type { InputRules } from './fuzz-document-rules.ts';

export interface ReadingContext {
  rules: InputRules;
  /** The schema at a pointer of the document ("openapi.json#/paths/…"), or undefined. */
  at(pointer: string): Schema | undefined;
  /** Whether the schema at the pointer accepts the value (the oracle's own validator). */
  accepts(pointer: string, value: unknown): boolean;
}

const MAX_DEPTH = 64;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const escapePart = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
export const pointerTo = (base: string, ...parts: Array<string | number>) =>
  parts.reduce<string>((p, part) => `${p}/${escapePart(String(part))}`, base);
/** A `$ref` of the document as an absolute pointer ("#/components/…" → "openapi.json#/components/…"). */
const absolute = (ref: string) => (ref.startsWith('#') ? `openapi.json${ref}` : ref);

function isOfType(type: string, v: unknown): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isRecord(v);
    case 'null':
      return v === null;
    default:
      return typeof v === type;
  }
}

/** The value as one of the types: as sent when it is one, else the first reading the document gives. */
function asTypes(types: string[], value: unknown, rules: InputRules): unknown {
  if (types.some((t) => isOfType(t, value))) return value;
  let v = value;
  // "a list of one sent for a single value is that value"
  if (Array.isArray(v) && v.length === 1 && !types.includes('array')) {
    v = v[0];
    if (types.some((t) => isOfType(t, v))) return v;
  }
  for (const type of types) {
    const read = rules.readAs(type, v);
    if (read !== undefined) return read;
  }
  return value;
}

/** The value read at the schema the pointer names (a copy where anything changes). */
export function readAs(ctx: ReadingContext, pointer: string, value: unknown, depth = 0): unknown {
  const s = ctx.at(pointer);
  if (!s || depth > MAX_DEPTH) return value;
  let v = value;
  if (typeof s.$ref === 'string') v = readAs(ctx, absolute(s.$ref), v, depth + 1);
  if (Array.isArray(s.allOf))
    for (let i = 0; i < s.allOf.length; i++) v = readAs(ctx, pointerTo(pointer, 'allOf', i), v, depth + 1);
  for (const union of ['anyOf', 'oneOf'] as const) {
    if (!Array.isArray(s[union])) continue;
    const branches = s[union].map((_: unknown, i: number) => pointerTo(pointer, union, i));
    const taken = branches
      .map((b: string) => readAs(ctx, b, v, depth + 1))
      .find((r: unknown, i: number) => ctx.accepts(branches[i], r));
    if (taken !== undefined) v = taken;
  }
  const types: string[] = [s.type].flat().filter((t): t is string => typeof t === 'string');
  if (types.length) v = asTypes(types, v, ctx.rules);
  if (isRecord(v) && (isRecord(s.properties) || isRecord(s.additionalProperties))) {
    const out: Record<string, unknown> = { ...v };
    for (const key of Object.keys(out)) {
      const member =
        isRecord(s.properties) && Object.hasOwn(s.properties, key)
          ? pointerTo(pointer, 'properties', key)
          : isRecord(s.additionalProperties)
            ? pointerTo(pointer, 'additionalProperties')
            : undefined;
      if (member) out[key] = readAs(ctx, member, out[key], depth + 1);
    }
    v = out;
  } else if (Array.isArray(v) && (Array.isArray(s.prefixItems) || isRecord(s.items))) {
    const prefix: unknown[] = Array.isArray(s.prefixItems) ? s.prefixItems : [];
    v = v.map((item, i) =>
      i < prefix.length
        ? readAs(ctx, pointerTo(pointer, 'prefixItems', i), item, depth + 1)
        : isRecord(s.items)
          ? readAs(ctx, pointerTo(pointer, 'items'), item, depth + 1)
          : item,
    );
  }
  return v;
}
