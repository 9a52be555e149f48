// The words of notifications come from the mails' catalogue (emails/translations, `notifications`),
// so a reader whose account says `fr` reads French in their mail and in the app alike. Each text
// is made in every language at once; the insert keeps the recipient's (notifications.repository.ts).
import { LOCALES, MESSAGES, type Messages } from '../emails/index.ts';
import type { Localized } from './notifications.repository.ts';

export type Texts = Messages['notifications'];
export type Words = Messages['words'];
export type TextVars = Record<string, string | number | null | undefined>;

/** `{name}` → its value, in one pass (a value that itself contains braces is left as it is). */
export const fill = (template: string, vars: TextVars) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => (vars[k] === null || vars[k] === undefined ? '' : String(vars[k])));

/** One text in every language: `build` writes it from one language's catalogue. */
export function say(build: (n: Texts, w: Words) => string): Localized {
  return Object.fromEntries(LOCALES.map((l) => [l, build(MESSAGES[l].notifications, MESSAGES[l].words)])) as Localized;
}

/** A text that is the same in every language (a person's own words: a question, a message). */
export const verbatim = (text: string): Localized => say(() => text);
