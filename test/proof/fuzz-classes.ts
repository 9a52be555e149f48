// The hostile values of issue 20, as classes the fuzzer sends to every member they fit: numerals
// that are not plain decimal or not finite, dates that are impossible or outside the supported
// range, URLs that hide a loopback or private IPv4 address inside IPv6, and an oversized header.
// Which members they fit is read from the schema (type, format, name), so a new route is covered
// without being named here.
import type { Schema } from './schema-arbitraries.ts';

/** Text no integer member may accept (not plain decimal, not finite, padded, or a fraction). */
export const BAD_INTEGERS = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e3',
  '1e999',
  '-1e999',
  '0x1',
  '0o7',
  '0b1',
  ' 1',
  '1 ',
  '01',
  '+1',
  '1.0',
  '1_000',
  '9007199254740993',
  '',
  '١',
];
/** The same for number members (where `1.0` is a fine decimal). */
export const BAD_NUMBERS = BAD_INTEGERS.filter((t) => !['1.0', '9007199254740993', '01'].includes(t)).concat([
  '1.',
  '.5',
  '0x1p3',
  '1e-7',
]);
/** JSON number tokens sent raw (not as strings): valid JSON, but 1e999 parses as Infinity. */
export const RAW_NUMBER_TOKENS = ['1e999', '-1e999', '1e3', '1.0', '-0', '1E+2'];
/** Dates the API must refuse: impossible, or outside 1900-01-01..2200-12-31 (calendar-day.ts). */
export const BAD_DATES = [
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '9999-12-30',
  '2026-02-30',
  '2025-02-29',
  '2026-04-31',
  '1899-12-31',
  '2201-01-01',
  '+02026-01-01',
  '2026-1-01',
  '20260101',
];

/**
 * URLs whose host is a loopback, private or metadata IPv4 address written as IPv6 (mapped,
 * compatible, NAT64, 6to4 …). `port` is the fuzzer's canary server, which no request the
 * service makes may reach.
 */
export const ipv6Urls = (port: number) => [
  `http://[::127.0.0.1]:${port}/`,
  `http://[::ffff:127.0.0.1]:${port}/`,
  `http://[::ffff:7f00:1]:${port}/cal.ics`,
  `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`,
  `http://[64:ff9b::7f00:1]:${port}/`,
  `http://[64:ff9b::127.0.0.1]/`,
  `http://[::ffff:169.254.169.254]/latest/meta-data/`,
  `http://[64:ff9b::a9fe:a9fe]/`,
  `http://[::ffff:10.0.0.1]/cal.ics`,
  `http://[2002:7f00:1::]:${port}/`,
  `http://[::1]:${port}/`,
  `webcal://[::ffff:127.0.0.1]:${port}/cal.ics`,
];

/** A Cookie header far beyond any server's header limit (Node's default is 16 KB). */
export const OVERSIZED_COOKIE = `session=${'a'.repeat(20 * 1024)}`;

const typesOf = (s: Schema | undefined): string[] => {
  if (!s || typeof s !== 'object') return [];
  const own = [s.type].flat().filter((t): t is string => typeof t === 'string');
  const alts: Schema[] = s.anyOf ?? s.oneOf ?? [];
  return [...own, ...alts.flatMap(typesOf)];
};
const formatsOf = (s: Schema | undefined): string[] =>
  !s || typeof s !== 'object' ? [] : [s.format, ...(s.anyOf ?? s.oneOf ?? []).flatMap(formatsOf)].filter(Boolean);

export const isInteger = (s: Schema | undefined) => typesOf(s).includes('integer');
export const isNumeric = (s: Schema | undefined) => typesOf(s).some((t) => t === 'integer' || t === 'number');
export const isDate = (s: Schema | undefined) => formatsOf(s).includes('date');
export const isUrlMember = (name: string, s: Schema | undefined) =>
  /url|uri|link|website|webhook|callback|endpoint/i.test(name) && typesOf(s).includes('string');
export const badNumeralsFor = (s: Schema | undefined) => (isInteger(s) ? BAD_INTEGERS : BAD_NUMBERS);

export type Path = Array<string | number>;

/** Where in a value of the schema a member passing `test` sits (through objects and arrays, index 0). */
export function memberPaths(
  s: Schema | undefined,
  test: (name: string, member: Schema) => boolean,
  at: Path = [],
  depth = 0,
): Path[] {
  if (!s || typeof s !== 'object' || depth > 5) return [];
  const out: Path[] = [];
  for (const [name, member] of Object.entries<Schema>(s.properties ?? {})) {
    if (test(name, member)) out.push([...at, name]);
    out.push(...memberPaths(member, test, [...at, name], depth + 1));
  }
  if (s.items && typeof s.items === 'object') out.push(...memberPaths(s.items, test, [...at, 0], depth + 1));
  for (const alt of s.anyOf ?? s.oneOf ?? [])
    if (typesOf(alt).some((t) => t === 'object' || t === 'array')) out.push(...memberPaths(alt, test, at, depth + 1));
  return out;
}

/** Puts `value` at `path`, making the objects and arrays on the way (a copy of the containers it changes). */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const arr = Array.isArray(root) ? [...root] : [];
    arr[head] = setAt(arr[head], rest, value);
    return arr;
  }
  const obj = root && typeof root === 'object' && !Array.isArray(root) ? { ...(root as Record<string, unknown>) } : {};
  obj[head!] = setAt(obj[head!], rest, value);
  return obj;
}

export const pathText = (p: Path) => p.join('.');
