// Lengths of time as people say them ("24 hours", "15 minutes", "7 days"), for the mails and the
// API's own documentation: the largest unit that counts the length whole, by Intl's unit format.

interface DurationUnit {
  unit: 'day' | 'hour' | 'minute';
  seconds: number;
  from: number;
}
const MINUTES: DurationUnit = { unit: 'minute', seconds: 60, from: 0 };
const LARGER_UNITS: readonly DurationUnit[] = [
  // Days from three of them: "48 hours" is how a deadline of two days is usually said.
  { unit: 'day', seconds: 86_400, from: 3 * 86_400 },
  { unit: 'hour', seconds: 3_600, from: 3_600 },
];

/** `seconds` (rounded to whole minutes) in words of `intlLocale`: "24 hours" (en-GB), "24 heures" (fr-FR). */
export function durationInWords(seconds: number, intlLocale: string): string {
  const whole = Math.max(0, Math.round(seconds / 60) * 60);
  const { unit, seconds: size } = LARGER_UNITS.find((u) => whole >= u.from && whole % u.seconds === 0) ?? MINUTES;
  return new Intl.NumberFormat(intlLocale, { style: 'unit', unit, unitDisplay: 'long' }).format(whole / size);
}
