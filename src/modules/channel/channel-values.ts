// What we tell the channel manager for a span of nights, read from our own calendar (never from
// the queued changes, which only say which nights to look at): per linked room type, the units
// left to sell; per linked rate plan, the night's rate (calendar price, else the plan's default;
// per_person plans one rate per count of adults) with the plan's weekday restrictions and
// stop-sell. A night without a price (0) is sent closed (stop-sell) and without a rate: Channex
// refuses a rate of 0 and keeps the old one (https://docs.channex.io/api-v.1-documentation/ari,
// "rate ... should be greater than 0"). Only nights whose value differs from what was last sent
// are pushed, consecutive equal ones as one inclusive range [dateFrom, dateTo].
import type { Executor } from '../../db/connection.ts';
import type { AvailabilityValue, RestrictionValue } from '../../ports/channel-manager.ts';
import { isoDecimals } from '../../kernel/money.ts';
import type { PropertyRow } from '../properties/index.ts';
import { addDays } from '../../kernel/calendar-dates.ts';
import { channelRepository } from './channel.repository.ts';

/** One night of one remote room type or rate plan. */
export interface RemoteNight<V> {
  remoteId: string;
  night: string;
  value: V;
}

export interface RestrictionNight {
  decimals: number;
  rateMinor?: number;
  rates?: Array<{ occupancy: number; rateMinor: number }>;
  minStayArrival: number;
  maxStay: number;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  stopSell: boolean;
}

/**
 * The rate per count of adults of a plan at `price` (minor units): a per_room plan has one, for
 * the most adults; a per_person plan one per possible count of adults, `price` each.
 */
export function occupancyRates(
  sellMode: string,
  occAdults: number,
  price: number,
): Array<{ occupancy: number; rateMinor: number }> {
  const most = Math.max(1, occAdults);
  if (sellMode !== 'per_person') return [{ occupancy: most, rateMinor: price }];
  return Array.from({ length: most }, (_, i) => ({ occupancy: i + 1, rateMinor: price * (i + 1) }));
}

/** Monday = 0, as the weekday arrays are stored. */
const weekday = (night: string) => (new Date(`${night}T00:00:00Z`).getUTCDay() + 6) % 7;

/** Units left per linked room type and night of [from, to). */
export async function availabilityNights(
  db: Executor,
  p: PropertyRow,
  from: string,
  to: string,
): Promise<Array<RemoteNight<number>>> {
  const repo = channelRepository(db);
  const rts = await repo.roomTypesWithPlans(p.id);
  const remoteOf = new Map<number, string | null>([
    [0, p.channelUnitRoomTypeId],
    ...rts.map((rt) => [rt.id, rt.channelRoomTypeId] as [number, string | null]),
  ]);
  const out = (await repo.nightValues(p.id, from, to))
    .filter((n) => remoteOf.get(n.roomTypeId))
    .map((n) => ({ remoteId: remoteOf.get(n.roomTypeId)!, night: n.night, value: n.available }));
  // A listing once linked as a whole and now sold by room type: its old whole-listing unit there
  // must sell nothing, or the same nights would be sold twice.
  if (rts.length && p.channelUnitRoomTypeId) {
    for (let night = from; night < to; night = addDays(night, 1))
      out.push({ remoteId: p.channelUnitRoomTypeId, night, value: 0 });
  }
  return out;
}

function restriction(
  decimals: number,
  rates: Array<{ occupancy: number; rateMinor: number }>,
  perPerson: boolean,
  r: Omit<RestrictionNight, 'decimals' | 'rateMinor' | 'rates'>,
): RestrictionNight {
  const priced = rates.every((x) => x.rateMinor > 0);
  const price = !priced ? {} : perPerson ? { rates } : { rateMinor: rates[0]!.rateMinor };
  return { decimals, ...price, ...r, stopSell: r.stopSell || !priced };
}

/** Rate and restrictions per linked rate plan and night of [from, to). */
export async function restrictionNights(
  db: Executor,
  p: PropertyRow,
  from: string,
  to: string,
): Promise<Array<RemoteNight<RestrictionNight>>> {
  const repo = channelRepository(db);
  const nights = await repo.nightValues(p.id, from, to);
  const rts = await repo.roomTypesWithPlans(p.id);
  const out: Array<RemoteNight<RestrictionNight>> = [];
  if (!rts.length && p.channelUnitRatePlanId) {
    const decimals = isoDecimals(p.currencyCode);
    for (const n of nights.filter((x) => x.roomTypeId === 0)) {
      out.push({
        remoteId: p.channelUnitRatePlanId,
        night: n.night,
        value: restriction(decimals, occupancyRates('per_room', 1, n.price ?? 0), false, {
          minStayArrival: 1,
          maxStay: 0,
          closedToArrival: false,
          closedToDeparture: false,
          stopSell: n.stopSell,
        }),
      });
    }
  }
  for (const rt of rts) {
    for (const plan of rt.plans) {
      if (!plan.channelRatePlanId) continue;
      const decimals = isoDecimals(plan.currency);
      for (const n of nights.filter((x) => x.roomTypeId === rt.id)) {
        const d = weekday(n.night);
        out.push({
          remoteId: plan.channelRatePlanId,
          night: n.night,
          value: restriction(
            decimals,
            occupancyRates(plan.sellMode, rt.occAdults, n.price ?? plan.price),
            plan.sellMode === 'per_person',
            {
              minStayArrival: plan.minStayArrival[d] ?? 1,
              maxStay: plan.maxStay[d] ?? 0,
              closedToArrival: plan.closedToArrival[d] ?? false,
              closedToDeparture: plan.closedToDeparture[d] ?? false,
              stopSell: n.stopSell || (plan.stopSell[d] ?? false),
            },
          ),
        });
      }
    }
  }
  return out;
}

/** The nights whose value differs from what was last sent (`sent`: `${remoteId}|${night}` → value as JSON). */
export function changedNights<V>(nights: Array<RemoteNight<V>>, sent: Map<string, string>): Array<RemoteNight<V>> {
  return nights.filter((n) => sent.get(`${n.remoteId}|${n.night}`) !== JSON.stringify(n.value));
}

/** Consecutive nights of one remote object with equal values, as inclusive ranges. */
export function ranges<V>(
  nights: Array<RemoteNight<V>>,
): Array<{ remoteId: string; from: string; to: string; value: V }> {
  const sorted = [...nights].sort((a, b) => a.remoteId.localeCompare(b.remoteId) || a.night.localeCompare(b.night));
  const out: Array<{ remoteId: string; from: string; to: string; value: V; key: string }> = [];
  for (const n of sorted) {
    const last = out.at(-1);
    const key = JSON.stringify(n.value);
    if (last && last.remoteId === n.remoteId && last.key === key && addDays(last.to, 1) === n.night) last.to = n.night;
    else out.push({ remoteId: n.remoteId, from: n.night, to: n.night, value: n.value, key });
  }
  return out.map(({ key: _k, ...r }) => r);
}

export function availabilityValues(p: PropertyRow, nights: Array<RemoteNight<number>>): AvailabilityValue[] {
  return ranges(nights).map((r) => ({
    propertyId: p.channelPropertyId!,
    roomTypeId: r.remoteId,
    dateFrom: r.from,
    dateTo: r.to,
    availability: r.value,
  }));
}

export function restrictionValues(p: PropertyRow, nights: Array<RemoteNight<RestrictionNight>>): RestrictionValue[] {
  return ranges(nights).map((r) => ({
    propertyId: p.channelPropertyId!,
    ratePlanId: r.remoteId,
    dateFrom: r.from,
    dateTo: r.to,
    ...r.value,
  }));
}
