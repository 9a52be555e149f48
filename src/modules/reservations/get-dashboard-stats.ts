// The reservations dashboard: an owner sees their own listings, admin and support the platform.
import type { Deps } from '../../kernel/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { dashboardStatsRepository, type StatsScope } from './dashboard-stats.repository.ts';

export const STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'expired'] as const;
const OCCUPANCY_DAYS = 30;
const UPCOMING_DAYS = 7;
const UPCOMING_LIMIT = 20;

/** First days of the revenue window: the current UTC month and the 11 before it, [from, to). */
export function revenueWindow(now: Date): { from: string; to: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const first = (yy: number, mm: number) => new Date(Date.UTC(yy, mm, 1)).toISOString().slice(0, 10);
  return { from: first(y, m - 11), to: first(y, m + 1) };
}

/** Minor units → currency units, exact up to the final division (sums may pass 2^53 minor units only in theory). */
function toUnits(minor: bigint, decimals: number): number {
  return Number(minor) / 10 ** decimals;
}

export async function getDashboardStats(deps: Deps, caller: AuthUser) {
  let scope: StatsScope;
  if (caller.role === 'owner') scope = { ownerId: caller.id };
  else if (caller.role === 'admin' || caller.role === 'support') scope = { ownerId: null };
  else throw forbidden('Only owners and staff have a reservations dashboard');

  const now = deps.clock.now();
  const repo = dashboardStatsRepository(deps.db);
  const { from, to } = revenueWindow(now);
  const [counts, revenue, units, booked, checkins, checkouts] = await Promise.all([
    repo.countsByStatus(scope),
    repo.revenueByMonth(scope, from, to),
    repo.units(scope),
    repo.bookedUnitNights(scope, now, OCCUPANCY_DAYS),
    repo.upcoming(scope, 'checkin', now, UPCOMING_DAYS, UPCOMING_LIMIT),
    repo.upcoming(scope, 'checkout', now, UPCOMING_DAYS, UPCOMING_LIMIT),
  ]);
  const capacity = units * OCCUPANCY_DAYS;
  return {
    counts_by_status: Object.fromEntries(STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<
      (typeof STATUSES)[number],
      number
    >,
    revenue_by_month: revenue.map((r) => ({
      month: r.month,
      currency: r.currency,
      total: toUnits(r.totalMinor, r.decimals),
    })),
    // A whole-listing booking on a listing with room types can count more nights than its units; cap at full.
    occupancy_rate: capacity === 0 ? 0 : Math.min(1, Math.round((booked / capacity) * 10_000) / 10_000),
    upcoming_checkins: checkins,
    upcoming_checkouts: checkouts,
  };
}
