// Dates and amounts as the recipient reads them: Intl formats per locale; money goes from minor
// units to exact decimal text (kernel/money.ts) and only then to Intl, so no float rounding shows.
import { formatMinor } from '../../kernel/money.ts';
import { durationInWords } from '../../kernel/durations.ts';
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
/** A length of time (how long a code or a link lasts), shown in the unit people use for it. */
export interface DurationValue {
  duration: { seconds: number };
}
export type VarValue = string | number | DateValue | MoneyValue | WordValue | DurationValue | null | undefined;
export type Vars = Record<string, VarValue>;

const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR' };

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: Locale, withTime: boolean, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}|${timeZone}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      INTL_LOCALE[locale],
      // The zone is named ("UTC", "CET", "UTC+1"): the reader may live elsewhere than the zone shown.
      withTime
        ? {
            day: 'numeric',
            month: 'long',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            timeZoneName: 'short',
            timeZone,
          }
        : { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
    );
    dateFormats.set(key, f);
  }
  return f;
}

/**
 * "Fri, 5 June 2026" / "ven. 5 juin 2026" for a calendar date; for an instant, date and time in
 * `timeZone` with the zone's name: "29 November 2026 at 03:01 UTC" / "29 novembre 2026 à 04:01 UTC+1".
 */
export function formatDate(value: string, locale: Locale, timeZone = 'UTC'): string {
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = new Date(calendar ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return value;
  return dateFormat(locale, !calendar, timeZone).format(d);
}

/** "24 hours" / "24 heures", "15 minutes", "7 days" / "7 jours" (kernel/durations.ts). */
export function formatDuration(seconds: number, locale: Locale): string {
  return durationInWords(seconds, INTL_LOCALE[locale]);
}

// ES2023's Intl.NumberFormat v3 formats decimal text (Node 20 has it); the ES2022 lib types lack it.
declare global {
  namespace Intl {
    interface NumberFormat {
      format(value: `${number}`): string;
    }
  }
}

/** "€1,234.50" / "1 234,50 €". */
export function formatMoney(minor: number, currency: string, decimals: number, locale: Locale): string {
  const exact = formatMinor(minor, decimals);
  try {
    const f = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    // Intl formats decimal text exactly (no binary float in between).
    return f.format(exact as `${number}`);
  } catch {
    return `${exact} ${currency}`;
  }
}

export const isMoney = (v: VarValue): v is MoneyValue => typeof v === 'object' && v !== null && 'money' in v;
export const isDate = (v: VarValue): v is DateValue => typeof v === 'object' && v !== null && 'date' in v;
export const isWord = (v: VarValue): v is WordValue => typeof v === 'object' && v !== null && 'word' in v;
export const isDuration = (v: VarValue): v is DurationValue => typeof v === 'object' && v !== null && 'duration' in v;

/** Whether a value counts as given: a block shown `when` it is present needs more than "" or a zero amount. */
export function isPresent(v: VarValue): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (isMoney(v)) return v.money.minor > 0;
  return true;
}
