// The owner performance report: who may see which listings, the range, and the figures of each
// listing and month in the listing's currency and converted to the default currency.
import type { AuthUser } from '../../kernel/caller.ts';
import type { Deps } from '../../kernel/deps.ts';
import { addDays, daysBetween, isSupportedDay } from '../../kernel/calendar-dates.ts';
import { minorToNumber } from '../../kernel/money.ts';
import { forbidden, invalidField, notFound } from '../../platform/errors.ts';
import { convertMinor } from '../payouts/index.ts';
import {
  ownerPerformanceRepository,
  type CurrencyRate,
  type PerformanceScope,
} from './owner-performance.repository.ts';
import { tallyPerformance, type Tally } from './performance-figures.ts';

export const MAX_NIGHTS = 731;

export interface PerformanceQuery {
  from?: string;
  to?: string;
  property_id?: number;
  owner_id?: number;
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
const ratio = (a: number, b: number) => (b === 0 ? null : round(a / b, 4));
const average = (sum: number, n: number) => (n === 0 ? null : round(sum / n, 2));
/** minor ÷ n as a currency amount rounded half-up to the currency's minor unit; null when n is 0. */
const perUnit = (minor: number | null, n: number, decimals: number) =>
  minor === null || n === 0 ? null : minorToNumber(Math.round(minor / n), decimals);

/** The twelve months ending with the current UTC month, [from, to). */
export function defaultRange(now: Date): { from: string; to: string } {
  const first = (y: number, m: number) => new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return {
    from: first(now.getUTCFullYear(), now.getUTCMonth() - 11),
    to: first(now.getUTCFullYear(), now.getUTCMonth() + 1),
  };
}

function rangeOf(q: PerformanceQuery, now: Date): { from: string; to: string } {
  const d = defaultRange(now);
  for (const f of ['from', 'to'] as const)
    if (q[f] !== undefined && !isSupportedDay(q[f]!)) throw invalidField(f, 'must be a real date, YYYY-MM-DD');
  const from = q.from ?? (q.to !== undefined ? addDays(q.to, -365) : d.from);
  const to = q.to ?? (q.from !== undefined ? addDays(q.from, 365) : d.to);
  if (to <= from) throw invalidField('to', 'must be after from');
  if (daysBetween(from, to) > MAX_NIGHTS) throw invalidField('to', `the range holds at most ${MAX_NIGHTS} nights`);
  return { from, to };
}

function scopeOf(caller: AuthUser, q: PerformanceQuery): PerformanceScope {
  const propertyId = q.property_id ?? null;
  if (caller.role === 'owner') {
    if (q.owner_id !== undefined && q.owner_id !== caller.id)
      throw forbidden('owner_id is for admins: an owner sees their own listings');
    return { ownerId: caller.id, propertyId };
  }
  if (caller.role !== 'admin') throw forbidden('Only owners and admins see performance figures');
  if (q.owner_id === undefined && propertyId === null)
    throw invalidField('owner_id', 'an admin names owner_id or property_id');
  return { ownerId: q.owner_id ?? null, propertyId };
}

export async function getOwnerPerformance(deps: Deps, caller: AuthUser, q: PerformanceQuery) {
  const scope = scopeOf(caller, q);
  const { from, to } = rangeOf(q, deps.clock.now());
  const repo = ownerPerformanceRepository(deps.db);
  const [listings, rates] = await Promise.all([repo.listings(scope), repo.currencies()]);
  if (scope.propertyId !== null && listings.length === 0) throw notFound('Property');
  const ids = listings.map((l) => l.propertyId);
  const [calendar, stays, cancellations] = await Promise.all([
    repo.calendar(ids, from, to),
    repo.stays(ids, from, to),
    repo.cancellations(ids, from, to),
  ]);
  const tallies = tallyPerformance({ listings, calendar, stays, cancellations, from, to });

  const byCode = new Map<string, CurrencyRate>(rates.map((r) => [r.code, r]));
  const def = rates.find((r) => r.isDefault) ?? null;
  const toDefault = (minor: number, code: string): number | null => {
    const rate = byCode.get(code);
    if (!def || !rate) return null;
    return code === def.code
      ? minor
      : convertMinor(minor, { rate: rate.rate, decimals: rate.decimals }, { rate: def.rate, decimals: def.decimals });
  };

  const months = [];
  const total = {
    available: 0,
    sold: 0,
    revenueDefaultMinor: 0 as number | null,
    cancellations: 0,
    arrivals: 0,
    lead: 0,
    los: 0,
  };
  const currencyOf = new Map(listings.map((l) => [l.propertyId, l.currency]));
  for (const [key, t] of [...tallies].sort(([a], [b]) => byMonthThenListing(a, b))) {
    const [pid, month] = key.split('|') as [string, string];
    const currency = currencyOf.get(Number(pid))!;
    const decimals = byCode.get(currency)?.decimals ?? 2;
    const revenueDefault = toDefault(t.revenueMinor, currency);
    months.push({
      month,
      property_id: Number(pid),
      currency,
      ...figures(t, t.revenueMinor, decimals),
      ...defaultFigures(t, revenueDefault, def?.decimals ?? 2),
    });
    total.available += t.nightsAvailable;
    total.sold += t.nightsSold;
    total.revenueDefaultMinor =
      total.revenueDefaultMinor === null || revenueDefault === null ? null : total.revenueDefaultMinor + revenueDefault;
    total.cancellations += t.cancellations;
    total.arrivals += t.arrivals;
    total.lead += t.leadDaysSum;
    total.los += t.nightsOfArrivalsSum;
  }
  const dd = def?.decimals ?? 2;
  return {
    currency: def?.code ?? null,
    from,
    to,
    months,
    totals: {
      nights_available: total.available,
      nights_sold: total.sold,
      occupancy: ratio(total.sold, total.available),
      adr: perUnit(total.revenueDefaultMinor, total.sold, dd),
      revpar: perUnit(total.revenueDefaultMinor, total.available, dd),
      revenue: total.revenueDefaultMinor === null ? null : minorToNumber(total.revenueDefaultMinor, dd),
      cancellations: total.cancellations,
      avg_lead_days: average(total.lead, total.arrivals),
      avg_length_of_stay: average(total.los, total.arrivals),
    },
  };
}

function byMonthThenListing(a: string, b: string): number {
  const [pa, ma] = a.split('|') as [string, string];
  const [pb, mb] = b.split('|') as [string, string];
  return ma < mb ? -1 : ma > mb ? 1 : Number(pa) - Number(pb);
}

function figures(t: Tally, revenueMinor: number, decimals: number) {
  return {
    nights_available: t.nightsAvailable,
    nights_sold: t.nightsSold,
    occupancy: ratio(t.nightsSold, t.nightsAvailable),
    adr: perUnit(revenueMinor, t.nightsSold, decimals),
    revpar: perUnit(revenueMinor, t.nightsAvailable, decimals),
    revenue: minorToNumber(revenueMinor, decimals),
    cancellations: t.cancellations,
    avg_lead_days: average(t.leadDaysSum, t.arrivals),
    avg_length_of_stay: average(t.nightsOfArrivalsSum, t.arrivals),
  };
}

function defaultFigures(t: Tally, revenueDefaultMinor: number | null, decimals: number) {
  return {
    revenue_default: revenueDefaultMinor === null ? null : minorToNumber(revenueDefaultMinor, decimals),
    adr_default: perUnit(revenueDefaultMinor, t.nightsSold, decimals),
    revpar_default: perUnit(revenueDefaultMinor, t.nightsAvailable, decimals),
  };
}
