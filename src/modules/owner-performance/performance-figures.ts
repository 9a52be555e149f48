// The arithmetic of the owner performance report, without I/O: the listings' units, calendar
// rows and stays in, one tally per listing and month out. What counts is written in the
// operation's description (owner-performance.routes.ts) and checked by hand in the tests.
import { addDays, daysBetween, stayNights, weekdayIndex } from '../../kernel/calendar-dates.ts';
import type { CalendarRow, ListingUnits, StayRow } from './owner-performance.repository.ts';

export interface Tally {
  nightsAvailable: number;
  nightsSold: number;
  /** Minor units of the listing's currency. */
  revenueMinor: number;
  cancellations: number;
  arrivals: number;
  leadDaysSum: number;
  nightsOfArrivalsSum: number;
}

const emptyTally = (): Tally => ({
  nightsAvailable: 0,
  nightsSold: 0,
  revenueMinor: 0,
  cancellations: 0,
  arrivals: 0,
  leadDaysSum: 0,
  nightsOfArrivalsSum: 0,
});

/** The months ('YYYY-MM') that hold a night of [from, to). */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d < to; d = `${addDays(`${d.slice(0, 7)}-01`, 32).slice(0, 7)}-01`) out.push(d.slice(0, 7));
  return out;
}

/**
 * A stay's total split over its nights in minor units: an equal share each, the remainder one
 * unit at a time to the first nights, so the shares add up to the total exactly.
 */
export function nightlyShares(totalMinor: number, nights: number): number[] {
  if (nights <= 0) return [];
  const base = Math.floor(totalMinor / nights);
  const rest = totalMinor - base * nights;
  return Array.from({ length: nights }, (_, i) => base + (i < rest ? 1 : 0));
}

/** Tallies keyed `${propertyId}|${month}` for every listing and month of the range. */
export function tallyPerformance(input: {
  listings: ListingUnits[];
  calendar: CalendarRow[];
  stays: StayRow[];
  cancellations: Array<{ propertyId: number; month: string; count: number }>;
  from: string;
  to: string;
}): Map<string, Tally> {
  const { listings, calendar, stays, cancellations, from, to } = input;
  const tallies = new Map<string, Tally>();
  const months = monthsOf(from, to);
  for (const l of listings) for (const m of months) tallies.set(`${l.propertyId}|${m}`, emptyTally());
  const at = (propertyId: number, month: string) => tallies.get(`${propertyId}|${month}`);

  // Units sold per listing, unit kind and night, from the stays' nights inside the range.
  const sold = new Map<string, number>();
  for (const s of stays) {
    const nights = stayNights(s.checkin, s.checkout);
    const shares = nightlyShares(s.totalMinor, nights.length);
    nights.forEach((night, i) => {
      if (night < from || night >= to) return;
      const t = at(s.propertyId, night.slice(0, 7));
      if (!t) return;
      t.revenueMinor += shares[i]!;
      for (const [rt, n] of s.rooms) {
        const key = `${s.propertyId}|${rt}|${night}`;
        sold.set(key, (sold.get(key) ?? 0) + n);
      }
    });
    if (s.checkin >= from && s.checkin < to) {
      const t = at(s.propertyId, s.checkin.slice(0, 7));
      if (t) {
        t.arrivals += 1;
        t.leadDaysSum += Math.max(0, daysBetween(s.bookedOn, s.checkin));
        t.nightsOfArrivalsSum += nights.length;
      }
    }
  }

  const closures = new Map<string, CalendarRow>();
  for (const c of calendar) closures.set(`${c.propertyId}|${c.roomTypeId}|${c.night}`, c);
  const nights = stayNights(from, to);
  for (const l of listings) {
    // A unit kind that holds sales without being one of the listing's (a whole-listing booking on a
    // listing later split into room types) still counts: its sold units are available units.
    const kinds = new Map(l.units);
    for (const key of sold.keys()) {
      const [pid, rt] = key.split('|');
      if (Number(pid) === l.propertyId && !kinds.has(Number(rt))) kinds.set(Number(rt), 0);
    }
    for (const night of nights) {
      const t = at(l.propertyId, night.slice(0, 7))!;
      const wd = weekdayIndex(night);
      for (const [rt, count] of kinds) {
        const c = closures.get(`${l.propertyId}|${rt}|${night}`);
        // A room type whose every plan stops selling on this weekday (or that has no plan) sells nothing that night.
        const plansSell = l.sellingDays.get(rt)?.[wd] ?? true;
        const open = !plansSell
          ? 0
          : c === undefined
            ? count
            : c.stopSell
              ? 0
              : Math.max(0, (c.availableRooms ?? count) - c.blocked);
        const n = sold.get(`${l.propertyId}|${rt}|${night}`) ?? 0;
        t.nightsSold += n;
        // A unit sold before its night was closed was still available to sell: occupancy stays ≤ 1.
        t.nightsAvailable += Math.max(open, n);
      }
    }
  }

  for (const c of cancellations) {
    const t = at(c.propertyId, c.month);
    if (t) t.cancellations += c.count;
  }
  return tallies;
}
