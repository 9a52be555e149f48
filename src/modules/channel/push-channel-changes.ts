// Pushes availability and rates/restrictions of linked listings to the channel manager: per
// listing and kind, the waiting changes are merged into one span, read back from our calendar,
// compressed into ranges of equal values and sent in ONE call. At most CHANNEX_CALLS_PER_MINUTE
// calls per listing and kind in a rolling minute (Channex allows 10); 429 and 5xx keep the
// changes and back off (Retry-After when given, else 5 s doubling up to 15 min); a 200 carrying
// warnings counts as a failure: it is recorded for the status route and the changes are dropped
// (the channel manager refused those values; resending them would fail the same way). Only the
// changes read before the call are deleted after it, so one arriving meanwhile is kept. One
// instance runs the job at a time (the job lease).
import type { Deps } from '../../container.ts';
import { ChannelManagerError, type AvailabilityValue, type ChannelManager, type RestrictionValue } from '../../ports/channel-manager.ts';
import { isoDecimals } from '../catalog/money.ts';
import { propertiesRepository, type PropertyRow } from '../properties/properties.repository.ts';
import { addDays } from '../room-types/calendar-dates.ts';
import { channelRepository, type NightValue, type PushKind } from './channel.repository.ts';

export const CHANNEL_PUSH_JOB = 'channel-push';
const WINDOW_MS = 60_000;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 15 * 60_000;

export type PushResult = 'pushed' | 'nothing' | 'rate_limited' | 'backing_off' | 'failed' | 'warned';

export async function pushChannelChanges(deps: Deps, onlyPropertyId?: number): Promise<PushResult[]> {
  const channel = deps.channel;
  if (!channel) return [];
  const out: PushResult[] = [];
  for (const w of await channelRepository(deps.db).waiting()) {
    if (onlyPropertyId !== undefined && w.propertyId !== onlyPropertyId) continue;
    out.push(await pushKind(deps, channel, w.propertyId, w.kind));
  }
  return out;
}

/** Ranges [from, to] (inclusive) of consecutive nights whose `key` is equal. */
function ranges<T>(nights: T[], night: (x: T) => string, key: (x: T) => string): Array<{ first: T; from: string; to: string }> {
  const out: Array<{ first: T; from: string; to: string; key: string }> = [];
  for (const n of nights) {
    const last = out.at(-1);
    const k = key(n);
    if (last && last.key === k && addDays(last.to, 1) === night(n)) last.to = night(n);
    else out.push({ first: n, from: night(n), to: night(n), key: k });
  }
  return out;
}

const weekday = (night: string) => (new Date(`${night}T00:00:00Z`).getUTCDay() + 6) % 7;

async function availabilityValues(deps: Deps, p: PropertyRow, nights: NightValue[]): Promise<AvailabilityValue[]> {
  const remoteOf = new Map<number, string | null>([[0, p.channelUnitRoomTypeId]]);
  for (const rt of await channelRepository(deps.db).roomTypesWithPlans(p.id)) remoteOf.set(rt.id, rt.channelRoomTypeId);
  return ranges(nights, (n) => n.night, (n) => `${n.roomTypeId}|${n.available}`)
    .filter((r) => remoteOf.get(r.first.roomTypeId))
    .map((r) => ({ propertyId: p.channelPropertyId!, roomTypeId: remoteOf.get(r.first.roomTypeId)!, dateFrom: r.from, dateTo: r.to, availability: r.first.available }));
}

async function restrictionValues(deps: Deps, p: PropertyRow, nights: NightValue[]): Promise<RestrictionValue[]> {
  const out: RestrictionValue[] = [];
  const perPlan: Array<{ remote: string; decimals: number; rows: Array<Required<Pick<RestrictionValue, 'rateMinor' | 'minStayArrival' | 'maxStay' | 'closedToArrival' | 'closedToDeparture' | 'stopSell'>> & { night: string }> }> = [];
  if (p.channelUnitRatePlanId) {
    perPlan.push({
      remote: p.channelUnitRatePlanId, decimals: isoDecimals(p.currencyCode ?? 'EUR'),
      rows: nights.filter((n) => n.roomTypeId === 0).map((n) => ({ night: n.night, rateMinor: n.price ?? 0, minStayArrival: 1, maxStay: 0, closedToArrival: false, closedToDeparture: false, stopSell: n.stopSell })),
    });
  }
  for (const rt of await channelRepository(deps.db).roomTypesWithPlans(p.id)) {
    for (const plan of rt.plans) {
      if (!plan.channelRatePlanId) continue;
      perPlan.push({
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
  for (const plan of perPlan) {
    for (const r of ranges(plan.rows, (x) => x.night, ({ night: _n, ...v }) => JSON.stringify(v))) {
      const { night: _n, ...v } = r.first;
      out.push({ propertyId: p.channelPropertyId!, ratePlanId: plan.remote, dateFrom: r.from, dateTo: r.to, decimals: plan.decimals, ...v });
    }
  }
  return out;
}

async function pushKind(deps: Deps, channel: ChannelManager, propertyId: number, kind: PushKind): Promise<PushResult> {
  const repo = channelRepository(deps.db);
  const now = deps.clock.now();
  const state = await repo.state(propertyId, kind);
  if (state?.nextAttemptAt && state.nextAttemptAt > now) return 'backing_off';
  const fresh = !state?.windowStartedAt || now.getTime() - state.windowStartedAt.getTime() >= WINDOW_MS;
  const windowStartedAt = fresh ? now : state!.windowStartedAt!;
  const calls = fresh ? 0 : state!.callsInWindow;
  if (calls >= deps.config.CHANNEX_CALLS_PER_MINUTE) return 'rate_limited';

  const rows = await repo.pending(propertyId, kind);
  const property = await propertiesRepository(deps.db).findById(propertyId);
  if (!rows.length || !property?.channelPropertyId) return 'nothing';
  const from = rows.map((r) => r.from).sort()[0]!;
  const to = rows.map((r) => r.to).sort().at(-1)!;
  const nights = await repo.nightValues(propertyId, from, to);
  const values = kind === 'availability' ? await availabilityValues(deps, property, nights) : await restrictionValues(deps, property, nights);
  const ids = rows.map((r) => r.id);
  if (!values.length) {
    await repo.dropPending(ids);
    return 'nothing';
  }
  const base = { propertyId, kind, windowStartedAt, callsInWindow: calls + 1, lastPushAt: now };
  await repo.saveState({ ...state, ...base });
  try {
    const outcome = kind === 'availability' ? await channel.pushAvailability(values as AvailabilityValue[]) : await channel.pushRestrictions(values as RestrictionValue[]);
    await repo.dropPending(ids);
    if (outcome.warnings.length) {
      await repo.saveState({ ...state, ...base, attempts: 0, nextAttemptAt: null, lastError: 'the channel manager refused some values (warnings)', lastWarnings: outcome.warnings });
      await repo.recordFailure(propertyId, kind, `The channel manager accepted the ${kind} push with warnings; those values were not applied`, outcome.warnings);
      return 'warned';
    }
    await repo.saveState({ ...state, ...base, attempts: 0, nextAttemptAt: null, lastSuccessAt: now, lastError: null, lastWarnings: null });
    await repo.resolveFailures(propertyId, kind, now);
    return 'pushed';
  } catch (err) {
    if (!(err instanceof ChannelManagerError)) throw err;
    const attempts = (state?.attempts ?? 0) + 1;
    const wait = err.retryAfterMs ?? Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1));
    await repo.saveState({ ...state, ...base, attempts, nextAttemptAt: new Date(now.getTime() + wait), lastError: err.message });
    await repo.recordFailure(propertyId, kind, err.message);
    if (!err.retryable) await repo.dropPending(ids);
    return 'failed';
  }
}
