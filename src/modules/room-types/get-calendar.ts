import type { Static } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { loadVisibleProperty } from '../properties/index.ts';
import { LAST_SUPPORTED_DAY, addDays, isRealDate, todayIn } from '../../kernel/calendar-dates.ts';
import { nightRange } from './calendar-dates.ts';
import { calendarUnit, readCalendar } from './calendar-unit.ts';
import type { CalendarQuery } from './room-types.schemas.ts';
import type { UnitRef } from './room-type-refs.ts';

/** Nightly rates and availability of a room type (or of the listing, `roomTypeId` null); anyone who may see the listing. */
export async function getCalendar(
  deps: Deps,
  caller: AuthUser | null,
  ref: UnitRef,
  query: Static<typeof CalendarQuery>,
) {
  const { propertyId, roomTypeId } = ref;
  const property = await loadVisibleProperty(deps.db, propertyId, caller);
  const unit = await calendarUnit(deps.db, property, roomTypeId);
  const from = query.from ?? todayIn(property.timezone, deps.clock.now());
  // An unreal `from` is refused by nightRange (422 from), before any day arithmetic on it; the
  // default end stops at the last supported day rather than refusing a range nobody asked for.
  const end = isRealDate(from) ? addDays(from, 29) : from;
  const range = nightRange(from, query.to ?? (end > LAST_SUPPORTED_DAY ? LAST_SUPPORTED_DAY : end));
  return readCalendar(deps.db, property, unit, range);
}
