// Stay rules the engine reports, as the answer of a booking or a change of one (contract §6).
import { AppError, type FieldErrors } from '../../platform/errors.ts';
import type { PriceBreakdown, StayViolation } from '../pricing/index.ts';

/** Which request field a violated stay rule is about, for the 422 body. */
const FIELD_OF_RULE: Record<StayViolation['rule'], string> = {
  dates: 'checkout_date',
  nights_range: 'checkout_date',
  checkin_in_past: 'checkin_date',
  capacity: 'guests',
  season_min_stay: 'checkout_date',
  season_max_stay: 'checkout_date',
  min_stay_arrival: 'checkout_date',
  max_stay: 'checkout_date',
  closed_to_arrival: 'checkin_date',
  closed_to_departure: 'checkout_date',
  stop_sell: 'checkin_date',
  unavailable: 'checkin_date',
};

/**
 * Turns the engine's stay_validation into the booking answer: broken stay rules → 422 per field;
 * only nights already sold → 409 DATES_UNAVAILABLE. A re-priced reservation passes
 * `ownNightsHeld`: the calendar it was priced from still counts its own nights as sold, so
 * availability is left to the conditional holds of the transaction.
 */
export function checkStay(
  breakdown: PriceBreakdown,
  { hasRooms, ownNightsHeld = false }: { hasRooms: boolean; ownNightsHeld?: boolean },
): void {
  const validation = breakdown.stay_validation;
  if (validation.valid) return;
  const rules = validation.violations.filter((violation) => violation.rule !== 'unavailable');
  if (rules.length === 0 && ownNightsHeld) return;
  if (rules.length === 0)
    throw new AppError('DATES_UNAVAILABLE', validation.message ?? 'These dates are no longer available');
  const errors: FieldErrors = {};
  for (const { rule, message } of rules) {
    const field = hasRooms && (rule === 'stop_sell' || rule === 'capacity') ? 'rooms' : FIELD_OF_RULE[rule];
    (errors[field] ??= []).push(message);
  }
  throw new AppError('VALIDATION_FAILED', rules[0]!.message, errors);
}
