// The input rules /openapi.json states in words (its info.description), as the fuzzer's oracle
// applies them beside the schemas. Each rule is read from the sentence that states it, and
// reading fails when the document no longer says it: the oracle judges by what the document
// promises, never by the server's code (nothing here comes from src/).
import type { Schema } from './schema-arbitraries.ts';

export interface InputRules {
  /**
   * A value sent where the document wants `type`, read as one under the document's words, or
   * undefined when they give no such reading (the schema then judges the value as sent).
   */
  readAs(type: string, value: unknown): unknown;
  /** "a date is a real YYYY-MM-DD day from <first> to <last>". */
  isDay(text: string): boolean;
  /** "no text (a value, a member name or an uploaded file name) holds a NUL character or an unpaired surrogate". */
  isBadText(text: string): boolean;
  /** "a JSON body with a member named __proto__, or a constructor member holding prototype" is unreadable (400). */
  hasPrototypeMember(value: unknown): boolean;
}

/** The sentence of the description that states a rule, or an error quoting what was looked for. */
function stated(description: string, words: RegExp, rule: string): RegExpExecArray {
  const found = words.exec(description);
  if (!found) throw new Error(`/openapi.json no longer states ${rule} (looked for ${words}); the oracle cannot judge`);
  return found;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NONE = undefined;

export function readInputRules(doc: Schema): InputRules {
  const text = String(doc.info?.description ?? '').replace(/\s+/g, ' ');
  const [, safe] = stated(
    text,
    /integers -\?digits within ±(\d+), numbers -\?digits\[\.digits\]; no exponent, hex, \+, leading zero or space\), numbers are finite/,
    'the plain decimal numerals',
  );
  // "-?digits" with no leading zero: 0 alone, or a first digit that is not 0.
  const integerText = /^-?(?:0|[1-9][0-9]*)$/;
  const numberText = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;
  const bound = Number(safe);
  stated(text, /a boolean sent as text is true or false/, 'the booleans sent as text');
  stated(text, /flags are read both ways \(1 and 0 for a boolean, true and false for a number\)/, 'the flags');
  stated(text, /a number or boolean sent for text is read as its text/, 'numbers sent for text');
  stated(
    text,
    /empty text sent for a member that may be null is null, and null is never read as anything else/,
    'the reading of null',
  );
  stated(
    text,
    /one value sent for a list is a list of one, and a list of one sent for a single value is that value/,
    'the lists of one',
  );
  const [, first = '', last = ''] = stated(
    text,
    /a date is a real YYYY-MM-DD day from (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/,
    'the range of dates',
  );
  stated(
    text,
    /no text \(a value, a member name or an uploaded file name\) holds a NUL character or an unpaired surrogate/,
    'the text PostgreSQL cannot hold',
  );
  stated(
    text,
    /400 unreadable request \(a JSON body with a member named __proto__, or a constructor member holding prototype, is one\)/,
    'the prototype members',
  );
  stated(text, /Anything else is a 422 naming the field, never read another way/, 'that nothing else is read');

  const readAs = (type: string, v: unknown): unknown => {
    switch (type) {
      case 'integer':
        if (typeof v === 'string') return integerText.test(v) && Math.abs(Number(v)) <= bound ? Number(v) : NONE;
        return typeof v === 'boolean' ? Number(v) : NONE;
      case 'number':
        if (typeof v === 'string') return numberText.test(v) && Number.isFinite(Number(v)) ? Number(v) : NONE;
        return typeof v === 'boolean' ? Number(v) : NONE;
      case 'boolean':
        if (v === 'true' || v === 1) return true;
        return v === 'false' || v === 0 ? false : NONE;
      case 'string':
        return (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean' ? String(v) : NONE;
      case 'null':
        return v === '' ? null : NONE;
      case 'array':
        return ['string', 'number', 'boolean'].includes(typeof v) ? [v] : NONE;
      default:
        return NONE;
    }
  };
  return {
    readAs,
    isDay: (day) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
      if (!m) return false;
      // A real day: the calendar gives back the same year, month and day (no 30 February).
      const date = new Date(Date.UTC(2000, Number(m[2]) - 1, Number(m[3])));
      date.setUTCFullYear(Number(m[1]));
      const real = date.toISOString().slice(0, 10) === day;
      return real && day >= first && day <= last;
    },
    isBadText: (s) => s.includes('\u0000') || LONE_SURROGATE.test(s),
    hasPrototypeMember,
  };
}

function hasPrototypeMember(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const [key, member] of Object.entries(value)) {
    if (key === '__proto__') return true;
    if (key === 'constructor' && typeof member === 'object' && member !== null && Object.hasOwn(member, 'prototype'))
      return true;
    if (hasPrototypeMember(member)) return true;
  }
  return false;
}

/** Whether any text of a value (strings and member names, at any depth) breaks the document's text rule. */
export function holdsBadText(value: unknown, rules: InputRules, depth = 0): boolean {
  if (typeof value === 'string') return rules.isBadText(value);
  if (typeof value !== 'object' || value === null || depth > 64) return false;
  return Object.entries(value).some(([k, v]) => rules.isBadText(k) || holdsBadText(v, rules, depth + 1));
}
