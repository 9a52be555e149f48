// What we tell the channel manager for a span of nights, read from our own calendar (never from
// the queued changes, which only say which nights to look at): per linked room type, the units
// left to sell; per linked rate plan, the night's rate (calendar price, else the plan's default)
// with the plan's weekday restrictions and stop-sell. Consecutive nights with equal values become
// one inclusive range [dateFrom, dateTo], so a year of unchanged nights is one value.
import type { Executor } from '../../db/connection.ts';
import type { AvailabilityValue, RestrictionValue } from '../../ports/channel-manager.ts';
import { isoDecimals } from '../catalog/money.ts';
import type { PropertyRow } from '../properties/properties.repository.ts';
import { addDays } from '../room-types/calendar-dates.ts';
import { channelRepository } from './channel.repository.ts';

type Night = { night: string };
type Restriction = Required<Pick<RestrictionValue, 'rateMinor' | 'minStayArrival' | 'maxStay' | 'closedToArrival' | 'closedToDeparture' | 'stopSell'>>;

/** Ranges of consecutive nights whose `key` is equal, each with its first element. */
export function compress<T extends Night>(nights: T[], key: (x: T) => string): Array<{ first: T; from: string; to: string }> {
  const out: Array<{ first: T; from: string; to: string; key: string }> = [];
  for (const n of nights) {
    const last = out.at(-1);
    const k = key(n);
    if (last && last.key === k && addDays(last.to, 1) === n.night) last.to = n.night;
    else out.push({ first: n, from: n.night, to: n.night, key: k });
  }
  return out.map(({ first, from, to }) => ({ first, from, to }));
}

/** Monday = 0, as the weekday arrays are stored. */
const weekday = (night: string) => (new Date(`${night}T00:00:00Z`).getUTCDay() + 6) % 7;

/** Units left per linked room type and night of [from, to), as ranges. */
export async function availabilityValues(db: Executor, p: PropertyRow, from: string, to: string): Promise<AvailabilityValue[]> {
  const repo = channelRepository(db);
  const rts = await repo.roomTypesWithPlans(p.id);
  const remoteOf = new Map<number, string | null>([[0, p.channelUnitRoomTypeId], ...rts.map((rt) => [rt.id, rt.channelRoomTypeId] as [number, string | null])]);
  const nights = (await repo.nightValues(p.id, from, to)).filter((n) => remoteOf.get(n.roomTypeId));
  const out: AvailabilityValue[] = compress(nights, (n) => `${n.roomTypeId}|${n.available}`)
    .map((r) => ({ propertyId: p.channelPropertyId!, roomTypeId: remoteOf.get(r.first.roomTypeId)!, dateFrom: r.from, dateTo: r.to, availability: r.first.available }));
  // A listing once linked as a whole and now sold by room type: its old whole-listing unit there
  // must sell nothing, or the same nights would be sold twice.
  if (rts.length && p.channelUnitRoomTypeId && from < to) {
    out.push({ propertyId: p.channelPropertyId!, roomTypeId: p.channelUnitRoomTypeId, dateFrom: from, dateTo: addDays(to, -1), availability: 0 });
  }
  return out;
}

/** Rate and restrictions per linked rate plan and night of [from, to), as ranges. */
export async function restrictionValues(db: Executor, p: PropertyRow, from: string, to: string): Promise<RestrictionValue[]> {
  const repo = channelRepository(db);
  const nights = await repo.nightValues(p.id, from, to);
  const plans: Array<{ remote: string; decimals: number; rows: Array<Restriction & Night> }> = [];
  const rts = await repo.roomTypesWithPlans(p.id);
  if (!rts.length && p.channelUnitRatePlanId) {
    plans.push({
      remote: p.channelUnitRatePlanId, decimals: isoDecimals(p.currencyCode),
      rows: nights.filter((n) => n.roomTypeId === 0).map((n) => ({
        night: n.night, rateMinor: n.price ?? 0, minStayArrival: 1, maxStay: 0, closedToArrival: false, closedToDeparture: false, stopSell: n.stopSell,
      })),
    });
  }
  for (const rt of rts) {
    for (const plan of rt.plans) {
      if (!plan.channelRatePlanId) continue;
      plans.push({
        remote: plan.channelRatePlanId, decimals: isoDecimals(plan.currency),
        rows: nights.filter((n) => n.roomTypeId === rt.id).map((n) => {
          const d = weekday(n.night);
          return {
            night: n.night, rateMinor: n.price ?? plan.price, minStayArrival: plan.minStayArrival[d] ?? 1, maxStay: plan.maxStay[d] ?? 0,
            closedToArrival: plan.closedToArrival[d] ?? false, closedToDeparture: plan.closedToDeparture[d] ?? false, stopSell: n.stopSell || (plan.stopSell[d] ?? false),
          };
        }),
      });
    }
  }
  const out: RestrictionValue[] = [];
  for (const plan of plans) {
    for (const r of compress(plan.rows, ({ night: _n, ...v }) => JSON.stringify(v))) {
      const { night: _n, ...v } = r.first;
      out.push({ propertyId: p.channelPropertyId!, ratePlanId: plan.remote, dateFrom: r.from, dateTo: r.to, decimals: plan.decimals, ...v });
    }
  }
  return out;
}
