// Stay rules (contract §6): they show in `stay_validation` and block creation (422); the price
// is still computed for an invalid stay, so a preview can show both.
import { dayNumber, daysBetween, stayNights, weekdayIndex } from '../../kernel/calendar-dates.ts';
import type { PricingInput, Season, StayValidation, StayViolation } from './types.ts';

export const MIN_NIGHTS = 1;
export const MAX_NIGHTS = 365;

/**
 * The season a night falls in. Seasons may overlap: the most specific wins, i.e. the one that
 * started latest; on a tie, the first in input order.
 */
export function seasonFor(night: string, seasons: readonly Season[]): Season | null {
  const d = dayNumber(night);
  let best: Season | null = null;
  for (const s of seasons) {
    if (d < dayNumber(s.startDate) || d > dayNumber(s.endDate)) continue;
    if (!best || dayNumber(s.startDate) > dayNumber(best.startDate)) best = s;
  }
  return best;
}

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && n > 0;

/** `dates`: the stay's nights, when the caller has them (priceStay, which checked every unit lists them in order). */
export function validateStay(
  input: PricingInput,
  dates = stayNights(input.stay.checkin, input.stay.checkout),
): StayValidation {
  const { stay, units, seasons } = input;
  const v: StayViolation[] = [];
  const nights = daysBetween(stay.checkin, stay.checkout);
  const mins: number[] = [];
  const maxes: number[] = [];

  if (nights < MIN_NIGHTS) v.push({ rule: 'dates', message: 'checkout_date must be after checkin_date' });
  else if (nights > MAX_NIGHTS) v.push({ rule: 'nights_range', message: `a stay is at most ${MAX_NIGHTS} nights` });
  if (dayNumber(stay.checkin) < dayNumber(stay.today))
    v.push({ rule: 'checkin_in_past', message: 'checkin_date is in the past' });

  const guests = stay.guests.adults + stay.guests.children;
  const capacity = units.reduce((sum, u) => sum + u.capacityPerRoom * u.roomsCount, 0);
  if (guests > capacity) v.push({ rule: 'capacity', message: `${guests} guests exceed the capacity of ${capacity}` });

  // The season of the check-in night alone sets the season's min/max stay.
  const season = seasonFor(stay.checkin, seasons);
  if (season && positive(season.minStay)) {
    mins.push(season.minStay);
    if (nights < season.minStay)
      v.push({ rule: 'season_min_stay', message: `${season.name} requires at least ${season.minStay} nights` });
  }
  if (season && positive(season.maxStay)) {
    maxes.push(season.maxStay);
    if (nights > season.maxStay)
      v.push({ rule: 'season_max_stay', message: `${season.name} allows at most ${season.maxStay} nights` });
  }

  const arrival = weekdayIndex(stay.checkin);
  const departure = weekdayIndex(stay.checkout);
  for (const u of units) {
    const plan = u.ratePlan;
    const label = u.roomTypeTitle;
    if (plan) {
      const min = plan.minStayArrival[arrival];
      const max = plan.maxStay[arrival];
      if (positive(min)) {
        mins.push(min);
        if (nights < min)
          v.push({ rule: 'min_stay_arrival', message: `${label}: arriving that day requires at least ${min} nights` });
      }
      if (positive(max)) {
        maxes.push(max);
        if (nights > max)
          v.push({ rule: 'max_stay', message: `${label}: arriving that day allows at most ${max} nights` });
      }
      if (plan.closedToArrival[arrival])
        v.push({ rule: 'closed_to_arrival', message: `${label}: closed to arrival on ${stay.checkin}` });
      if (nights >= 1 && plan.closedToDeparture[departure]) {
        v.push({ rule: 'closed_to_departure', message: `${label}: closed to departure on ${stay.checkout}` });
      }
    }
    // A unit listing the stay's nights in order (as priceStay requires) needs no index by date.
    const inOrder = u.nights.length === dates.length && u.nights.every((n, i) => n.date === dates[i]);
    const byDate = inOrder ? undefined : new Map(u.nights.map((n) => [n.date, n]));
    for (let i = 0; i < dates.length; i++) {
      const date = dates[i]!;
      const night = byDate ? byDate.get(date) : u.nights[i];
      if (plan?.stopSell[weekdayIndex(date)] || night?.stopSell) {
        v.push({ rule: 'stop_sell', message: `${label}: not sold on ${date}`, night: date });
      }
      if (!night || night.available < u.roomsCount) {
        v.push({ rule: 'unavailable', message: `${label}: not enough units free on ${date}`, night: date });
      }
    }
  }

  const out: StayValidation = { valid: v.length === 0, message: v[0]?.message ?? null, violations: v };
  if (mins.length) out.min_stay = Math.max(...mins);
  if (maxes.length) out.max_stay = Math.min(...maxes);
  return out;
}

/** The stay rules met when arriving or leaving on `date`, as validateStay applies them. */
export interface DayRules {
  /** Strictest minimum for a stay arriving that day (season of that night, plan); null = none. */
  minStay: number | null;
  /** Strictest maximum for a stay arriving that day; null = none. */
  maxStay: number | null;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  /** The plan does not sell that night (the calendar row's own stop-sell is the caller's). */
  stopSell: boolean;
}

/**
 * The calendar's view of validateStay: what it would check of a stay arriving, leaving or
 * sleeping on `date`. Same season choice and weekday arrays, so the two cannot drift apart
 * (the availability property test holds them together).
 */
export function dayRules(
  date: string,
  seasons: readonly Season[],
  plan?: PricingInput['units'][number]['ratePlan'],
): DayRules {
  const season = seasonFor(date, seasons);
  const wd = weekdayIndex(date);
  const mins = [season?.minStay, plan?.minStayArrival[wd]].filter(positive);
  const maxes = [season?.maxStay, plan?.maxStay[wd]].filter(positive);
  return {
    minStay: mins.length ? Math.max(...mins) : null,
    maxStay: maxes.length ? Math.min(...maxes) : null,
    closedToArrival: plan?.closedToArrival[wd] ?? false,
    closedToDeparture: plan?.closedToDeparture[wd] ?? false,
    stopSell: plan?.stopSell[wd] ?? false,
  };
}
