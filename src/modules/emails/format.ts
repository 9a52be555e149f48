// Dates and amounts as the recipient reads them: Intl formats per locale; money goes from minor
// units to exact decimal text (kernel/money.ts) and only then to Intl, so no float rounding shows.
import { formatMinor } from '../../kernel/money.ts';
import type { Locale } from './locales.ts';

/** A calendar date (YYYY-MM-DD, a stay's night) or an instant (ISO with time). */
export interface DateValue {
  date: string;
}
/** An amount in minor units of its currency, with the currency's decimals. */
export interface MoneyValue {
  money: { minor: number; currency: string; decimals: number };
}
/** A word the template's language supplies (a role, a reason), by key. */
export interface WordValue {
  word: string;
}
export type VarValue = string | number | DateValue | MoneyValue | WordValue | null | undefined;
export type Vars = Record<string, VarValue>;

const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR' };

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: Locale, withTime: boolean, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}|${timeZone}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[locale], withTime
      ? { dateStyle: 'long', timeStyle: 'short', timeZone }
      : { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    dateFormats.set(key, f);
  }
  return f;
}

/** "Fri, 5 June 2026" / "ven. 5 juin 2026" for a calendar date; date and time in `timeZone` for an instant. */
export function formatDate(value: string, locale: Locale, timeZone = 'UTC'): string {
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = new Date(calendar ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return value;
  return dateFormat(locale, !calendar, timeZone).format(d);
}

/** "€1,234.50" / "1 234,50 €". */
export function formatMoney(minor: number, currency: string, decimals: number, locale: Locale): string {
  const exact = formatMinor(minor, decimals);
  try {
    const f = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    // Intl formats decimal text exactly (no binary float in between).
    return f.format(exact as unknown as number);
  } catch {
    return `${exact} ${currency}`;
  }
}

export const isMoney = (v: VarValue): v is MoneyValue => typeof v === 'object' && v !== null && 'money' in v;
export const isDate = (v: VarValue): v is DateValue => typeof v === 'object' && v !== null && 'date' in v;
export const isWord = (v: VarValue): v is WordValue => typeof v === 'object' && v !== null && 'word' in v;

/** Whether a value counts as given: a block shown `when` it is present needs more than "" or a zero amount. */
export function isPresent(v: VarValue): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (isMoney(v)) return v.money.minor > 0;
  return true;
}
