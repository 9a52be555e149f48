// One-line text: names, usernames, titles, codes, address lines. Such a value is shown inside a
// sentence (a mail's greeting, a subject, a list row), so a line break in it lets whoever typed it
// write paragraphs of their own into text the service sends under its name. The schemas refuse
// them at the door (422 naming the field); what reaches a mail anyway (a row written before the
// rule, a name a sign-in provider supplied) is flattened by toOneLine.
import { Type, type TString } from 'typebox';

// C0 controls (tab, LF, CR, NUL included), DEL, C1 controls (NEL included), and the Unicode line
// and paragraph separators: every character some reader breaks a line on or cannot show.
const CONTROL = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029';

/** One line, possibly empty. */
export const ONE_LINE_PATTERN = `^[^${CONTROL}]*$`;
/**
 * One line with at least one visible character. The blank lead-in and the first visible
 * character are disjoint classes, so matching stays linear in the length.
 */
export const ONE_LINE_NOT_BLANK_PATTERN = `^[^\\S${CONTROL}]*[^\\s${CONTROL}][^${CONTROL}]*$`;

export const ONE_LINE_RULE = 'one line: no line breaks, tabs or other control characters';

/** The message a refused one-line value gets, by the pattern it failed; undefined for other patterns. */
export function oneLineMessage(pattern: unknown): string | undefined {
  if (pattern === ONE_LINE_PATTERN) return `must be ${ONE_LINE_RULE}`;
  if (pattern === ONE_LINE_NOT_BLANK_PATTERN) return `must not be blank, and must be ${ONE_LINE_RULE}`;
  return undefined;
}

export interface OneLineOptions {
  maxLength: number;
  minLength?: number;
  /** At least one visible character (the old `pattern: '\\S'`). */
  notBlank?: boolean;
  description?: string;
}

/** A TypeBox string for one-line text (see the file's head). */
export function OneLine(opts: OneLineOptions): TString {
  const { notBlank, description, ...lengths } = opts;
  return Type.String({
    ...lengths,
    pattern: notBlank ? ONE_LINE_NOT_BLANK_PATTERN : ONE_LINE_PATTERN,
    description: description ? `${description}; ${ONE_LINE_RULE}` : ONE_LINE_RULE,
  });
}

const CONTROL_RUN = new RegExp(`[${CONTROL}]+`, 'gu');

/**
 * The value on one line: each run of control characters becomes one space, the ends are trimmed,
 * and a value longer than `max` characters is cut with an ellipsis. For text the service did not
 * check on the way in.
 */
export function toOneLine(value: string, max = Number.POSITIVE_INFINITY): string {
  const flat = value.replace(CONTROL_RUN, ' ').trim();
  if (flat.length <= max) return flat;
  // Cut on a code point, never between the halves of a surrogate pair.
  return `${Array.from(flat)
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
}
