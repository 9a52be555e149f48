// Multipart bodies for the operations whose document declares multipart/form-data: every member
// as the text part a browser form sends (repeated parts for arrays), files as small real or bogus
// files, and the breakages that only multipart can carry — NUL in a field's text and in a file's
// name (raw, and RFC 5987 encoded) — beside missing members, numerals that are not plain
// decimal, impossible dates and odd text.
import fc from 'fast-check';
import { arbitraryOf, ODD_STRINGS, type Schema } from './schema-arbitraries.ts';
import { BAD_DATES, badNumeralsFor, isDate, isNumeric } from './fuzz-classes.ts';

export interface Part {
  name: string;
  value?: string;
  filename?: string;
  /** The file name as RFC 5987 `filename*` (percent-encoded UTF-8) instead of a quoted string. */
  encodedName?: boolean;
  data?: Buffer;
}

export interface MultipartCase {
  parts: Part[];
  kind: string;
  /** The issue-20 classes this case carries (counted by the fuzzer). */
  classes: string[];
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const FILES = [PNG, PDF, Buffer.from('plain text, not an image'), Buffer.alloc(0)];
const FILE_NAMES = ['photo.png', 'scan.pdf', 'a.jpg', '../../../etc/passwd', `${'n'.repeat(300)}.png`, 'ünïcødé.png'];
const NUL_FILE_NAMES = ['a\u0000.png', '\u0000', 'photo.png\u0000.exe', '\u0000../../etc/passwd', '../\u0000.png'];
const NUL_TEXT = ['a\u0000b', '\u0000', 'text\u0000'];

/** File members: binary strings, or unions/arrays of them (OpenAPI's form of the service's file fields). */
export const isFileMember = (s: Schema | undefined): boolean =>
  Boolean(
    s &&
      typeof s === 'object' &&
      (s.format === 'binary' || (s.items && isFileMember(s.items)) || (s.anyOf ?? s.oneOf ?? []).some(isFileMember)),
  );

const toText = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : v === null || v === undefined
      ? ''
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

function partsOf(name: string, member: Schema, value: unknown, file: fc.Arbitrary<Part>): fc.Arbitrary<Part[]> {
  if (isFileMember(member))
    return fc.array(file, { minLength: 1, maxLength: 2 }).map((ps) => ps.map((p) => ({ ...p, name })));
  if (Array.isArray(value)) return fc.constant(value.map((v) => ({ name, value: toText(v) })));
  return fc.constant([{ name, value: toText(value) }]);
}

export function multipartArb(schema: Schema | undefined): fc.Arbitrary<MultipartCase> {
  const props: Record<string, Schema> = schema?.properties ?? {};
  const keys = Object.keys(props);
  const required: string[] = (schema?.required ?? []).filter((k: string) => k in props);
  const file = fc.record({
    name: fc.constant(''),
    filename: fc.constantFrom(...FILE_NAMES),
    data: fc.constantFrom(...FILES),
  }) as fc.Arbitrary<Part>;
  const valid = (arbitraryOf(schema ?? { type: 'object' }) as fc.Arbitrary<Record<string, unknown>>)
    .map((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}))
    .chain((v) => {
      // arbitraryOf leaves optional file members out as often as not; a form usually carries them.
      const names = [
        ...new Set([...Object.keys(v), ...keys.filter((k) => isFileMember(props[k]) && !k.endsWith('[]'))]),
      ].filter((k) => k in props);
      return names.length
        ? fc.tuple(...names.map((k) => partsOf(k, props[k]!, v[k], file))).map((ps) => ps.flat())
        : fc.constant([] as Part[]);
    });

  const textKeys = keys.filter((k) => !isFileMember(props[k]));
  const fileKeys = keys.filter((k) => isFileMember(props[k]));
  const numeric = keys.filter((k) => isNumeric(props[k]));
  const dates = keys.filter((k) => isDate(props[k]));
  const replace = (parts: Part[], name: string, value: string): Part[] => [
    ...parts.filter((p) => p.name !== name),
    { name, value },
  ];

  const cases: Array<fc.Arbitrary<MultipartCase>> = [valid.map((parts) => ({ parts, kind: 'valid', classes: [] }))];
  if (required.length) {
    cases.push(
      fc
        .tuple(valid, fc.constantFrom(...required))
        .map(([parts, k]) => ({ parts: parts.filter((p) => p.name !== k), kind: `missing ${k}`, classes: [] })),
    );
  }
  if (numeric.length) {
    cases.push(
      fc.tuple(valid, fc.constantFrom(...numeric)).chain(([parts, k]) =>
        fc.constantFrom(...badNumeralsFor(props[k])).map((text) => ({
          parts: replace(parts, k, text),
          kind: `bad numeral ${k}=${JSON.stringify(text)}`,
          classes: ['bad-numeral'],
        })),
      ),
    );
  }
  if (dates.length) {
    cases.push(
      fc.tuple(valid, fc.constantFrom(...dates), fc.constantFrom(...BAD_DATES)).map(([parts, k, text]) => ({
        parts: replace(parts, k, text),
        kind: `bad date ${k}=${text}`,
        classes: ['bad-date'],
      })),
    );
  }
  if (textKeys.length) {
    cases.push(
      fc.tuple(valid, fc.constantFrom(...textKeys), fc.constantFrom(...NUL_TEXT)).map(([parts, k, text]) => ({
        parts: replace(parts, k, text),
        kind: `NUL in field ${k}`,
        classes: ['nul-multipart-field'],
      })),
    );
    cases.push(
      fc.tuple(valid, fc.constantFrom(...textKeys), fc.constantFrom(...ODD_STRINGS)).map(([parts, k, text]) => ({
        parts: replace(parts, k, text),
        kind: `odd ${k}`,
        classes: [],
      })),
    );
  }
  if (fileKeys.length) {
    cases.push(
      fc
        .tuple(
          valid,
          fc.constantFrom(...fileKeys),
          fc.constantFrom(...NUL_FILE_NAMES),
          fc.boolean(),
          fc.constantFrom(PNG, PDF),
        )
        .map(([parts, k, filename, encodedName, data]) => ({
          parts: [...parts.filter((p) => p.name !== k), { name: k, filename, encodedName, data }],
          kind: `NUL in file name of ${k}`,
          classes: ['nul-file-name'],
        })),
    );
  }
  return fc.oneof(...cases);
}

const quoted = (s: string) => `"${s.replace(/["\\\r\n]/g, (c) => encodeURIComponent(c))}"`;

/** The multipart/form-data body of the parts. */
export function encodeMultipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(p.name)}`;
    if (p.data !== undefined) {
      const name = p.filename ?? 'file';
      head += p.encodedName ? `; filename*=UTF-8''${encodeURIComponent(name)}` : `; filename=${quoted(name)}`;
      head += '\r\nContent-Type: application/octet-stream';
    }
    chunks.push(
      Buffer.from(`${head}\r\n\r\n`, 'utf8'),
      p.data ?? Buffer.from(p.value ?? '', 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** What the service's multipart parser makes of the parts, as the document describes it: files as binary strings. */
export function multipartAsDocumentValue(parts: Part[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of parts) {
    const v = p.data !== undefined ? '(binary)' : (p.value ?? '');
    out[p.name] = p.name in out ? [out[p.name]].flat().concat(v) : v;
  }
  return out;
}

// RFC 7578 §4.2: a receiver does "not use directory path information that may be present" in a
// file name, so the name the service receives is its last path segment (a NUL before a slash never
// reaches it).
const basename = (name: string) => {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  return base === '.' || base === '..' ? '' : base;
};

/** The names of the uploaded files as the service receives them. */
export const uploadedFileNames = (parts: Part[]) =>
  parts.filter((p) => p.data !== undefined).map((p) => basename(p.filename ?? ''));
