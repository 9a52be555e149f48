// The languages e-mails are written in, and how a request's Accept-Language picks one.
import Negotiator from 'negotiator';

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (v: unknown): v is Locale =>
  typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** A stored value → a locale we write in ('en' for anything unknown, e.g. a row from before the column). */
export const localeOf = (v: unknown): Locale => (isLocale(v) ? v : DEFAULT_LOCALE);

/** The best of our locales for an Accept-Language header ('fr-FR,fr;q=0.9' → 'fr'); 'en' when none fits. */
export function negotiateLocale(acceptLanguage: string | string[] | undefined): Locale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return DEFAULT_LOCALE;
  // Negotiator matches 'fr-FR' to an offered 'fr' (prefix match) and honours q-values.
  const best = new Negotiator({ headers: { 'accept-language': header } }).language([...LOCALES]);
  return localeOf(best);
}
