// Linking a listing to the channel manager (POST /properties/{id}/channel/sync, step 7's
// channel_sync_now, or a linked listing whose room types or rate plans changed): creates it there
// or updates it, with its room types and rate plans (a listing sold whole is one room type of one
// unit with one rate plan), stores each remote id as soon as its create answers (a failure
// half-way keeps them, so the next attempt updates instead of creating twice), then queues a
// full push of the next 365 nights. Remote calls run outside any transaction. One attempt per
// listing at a time, across instances: the listing's 'link' state row is claimed (SKIP LOCKED)
// and leased while the calls run, so two clicks or two instances cannot create it twice.
import type { Deps } from '../../container.ts';
import { AppError } from '../../platform/errors.ts';
import { ChannelManagerError, type ChannelManager } from '../../ports/channel-manager.ts';
import type { AuthUser } from '../auth/session-service.ts';
import { isoDecimals } from '../catalog/money.ts';
import { loadPropertyForWrite } from '../properties/property-access.ts';
import { propertiesRepository, type PropertyRow } from '../properties/properties.repository.ts';
import { CALENDAR_HORIZON_DAYS } from '../room-types/calendar-changed.ts';
import { addDays, todayIn } from '../room-types/calendar-dates.ts';
import { channelPushRepository } from './channel-push.repository.ts';
import { channelRepository } from './channel.repository.ts';

export const FULL_PUSH_DAYS = CALENDAR_HORIZON_DAYS;
/** A link attempt not settled within this time is taken to have died with its process. */
const LINK_LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3600_000;
const seven = <T>(v: T) => Array.from({ length: 7 }, () => v);

type LinkOutcome = 'linked' | 'busy' | 'backing_off' | ChannelManagerError;

/** What the listing still lacks to exist at the channel manager (a name, a country), or null. */
export function missingForLink(p: PropertyRow): string | null {
  const missing = [!(p.publicName || p.internalName) && 'a name (step 2)', !p.countryCode && 'a country (step 3)'].filter(Boolean);
  return missing.length ? `The listing needs ${missing.join(' and ')} before it can be linked to the channel manager` : null;
}

export async function linkProperty(deps: Deps, caller: AuthUser, propertyId: number): Promise<void> {
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  const channel = deps.channel;
  if (!channel) throw new AppError('CHANNEL_NOT_CONFIGURED', 'No channel manager is configured for this service (CHANNEL_MANAGER=none)');
  const missing = missingForLink(property);
  if (missing) throw new AppError('CONFLICT', missing);
  const outcome = await sendListing(deps, channel, property, { manual: true });
  if (outcome === 'busy' || outcome === 'backing_off') throw new AppError('CONFLICT', 'This listing is being linked to the channel manager right now; try again in a moment');
  if (outcome instanceof ChannelManagerError) {
    throw new AppError(outcome.retryable ? 'CHANNEL_UNAVAILABLE' : 'CHANNEL_REJECTED', `The channel manager did not take the listing: ${outcome.message}`);
  }
}

/** Sends the listings waiting for a link (step 7, or changed room types/rate plans); failures are recorded and retried with backoff. */
export async function linkRequestedProperties(deps: Deps): Promise<number> {
  const channel = deps.channel;
  if (!channel) return 0;
  let linked = 0;
  for (const id of await channelRepository(deps.db).linkRequested(deps.clock.now())) {
    const property = await propertiesRepository(deps.db).findById(id);
    if (property && (await sendListing(deps, channel, property, { manual: false })) === 'linked') linked += 1;
  }
  return linked;
}

/** One claimed attempt: claim the 'link' state, send, settle. A manual attempt ignores the backoff. */
async function sendListing(deps: Deps, channel: ChannelManager, property: PropertyRow, opts: { manual: boolean }): Promise<LinkOutcome> {
  const now = deps.clock.now();
  const claim = await deps.db.transaction(async (tx) => {
    const push = channelPushRepository(tx);
    const state = await push.lockState(property.id, 'link');
    // windowStartedAt of the 'link' row: when the attempt in flight began (null when none is).
    if (!state || (state.windowStartedAt && now.getTime() - state.windowStartedAt.getTime() < LINK_LEASE_MS)) return 'busy' as const;
    if (!opts.manual && state.nextAttemptAt && state.nextAttemptAt > now) return 'backing_off' as const;
    await push.saveState(property.id, 'link', { windowStartedAt: now, lastPushAt: now });
    // Cleared now, not at the end: a change of room types during the attempt asks again.
    const requested = (await propertiesRepository(tx).findById(property.id))?.channelSyncRequested ?? false;
    await channelRepository(tx).setPropertyLink(property.id, { channelSyncRequested: false });
    return { attempts: state.attempts, requested };
  });
  if (typeof claim === 'string') return claim;

  try {
    await pushStructure(deps, channel, (await propertiesRepository(deps.db).findById(property.id)) ?? property);
  } catch (err) {
    const failed = err instanceof ChannelManagerError ? err : null;
    const at = deps.clock.now();
    const attempts = claim.attempts + 1;
    await deps.db.transaction(async (tx) => {
      await channelPushRepository(tx).saveState(property.id, 'link', {
        windowStartedAt: null, attempts, lastError: failed?.message ?? 'internal error',
        nextAttemptAt: new Date(at.getTime() + (failed?.retryAfterMs ?? Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1)))),
      });
      // Asked for in step 7, or worth another try by itself (429, 5xx): the push job retries it.
      if (claim.requested || failed?.retryable) await channelRepository(tx).setPropertyLink(property.id, { channelSyncRequested: true });
      if (failed) await channelRepository(tx).recordFailure(property.id, 'link', failed.message, at);
    });
    if (!failed) throw err;
    deps.log.warn({ propertyId: property.id, kind: failed.kind, status: failed.status }, 'linking a listing to the channel manager failed');
    return failed;
  }
  return 'linked';
}

/** Creates or updates the listing, its room types and rate plans there (ids recorded as they come), then queues the full push. */
async function pushStructure(deps: Deps, channel: ChannelManager, property: PropertyRow): Promise<void> {
  const repo = channelRepository(deps.db);
  const currency = property.currencyCode;
  const decimals = isoDecimals(currency);
  const typeName = await repo.propertyTypeName(property.typeId);
  const remoteId = await channel.upsertProperty(property.channelPropertyId, {
    title: (property.publicName || property.internalName)!, currency, country: property.countryCode!,
    address: property.address ?? undefined, latitude: property.latitude ?? undefined, longitude: property.longitude ?? undefined,
    timezone: property.timezone, propertyType: typeName ? typeName.toLowerCase().replace(/\s+/g, '_') : 'apartment',
  });
  if (remoteId !== property.channelPropertyId) await repo.setPropertyLink(property.id, { channelPropertyId: remoteId });

  const rts = await repo.roomTypesWithPlans(property.id);
  const guests = Math.max(1, property.capacity ?? 1);
  // A listing sold whole is one room type of one unit there; once it has room types that unit is
  // kept at availability 0 by the push (see push-channel-changes.ts), never deleted.
  if (!rts.length) {
    const unit = await channel.upsertRoomType(property.channelUnitRoomTypeId, {
      propertyId: remoteId, title: property.publicName || property.internalName || 'Whole listing', countOfRooms: 1,
      occAdults: guests, occChildren: 0, occInfants: 0, defaultOccupancy: guests,
    });
    if (unit !== property.channelUnitRoomTypeId) await repo.setPropertyLink(property.id, { channelUnitRoomTypeId: unit });
    const plan = await channel.upsertRatePlan(property.channelUnitRatePlanId, {
      propertyId: remoteId, roomTypeId: unit, title: 'Standard', currency, sellMode: 'per_room', rateMode: 'manual', rateMinor: property.pricePerNight ?? 0,
      decimals, occupancy: guests, maxStay: seven(0), minStayArrival: seven(1), closedToArrival: seven(false), closedToDeparture: seven(false), stopSell: seven(false),
    });
    if (plan !== property.channelUnitRatePlanId) await repo.setPropertyLink(property.id, { channelUnitRatePlanId: plan });
  }
  for (const rt of rts) {
    const rtId = await channel.upsertRoomType(rt.channelRoomTypeId, {
      propertyId: remoteId, title: rt.title, countOfRooms: rt.countOfRooms, occAdults: rt.occAdults, occChildren: rt.occChildren, occInfants: 0,
      defaultOccupancy: Math.max(1, Math.min(rt.occAdults, rt.capacity)),
    });
    if (rtId !== rt.channelRoomTypeId) await repo.setRoomTypeLink(rt.id, rtId);
    for (const rp of rt.plans) {
      const rpId = await channel.upsertRatePlan(rp.channelRatePlanId, {
        propertyId: remoteId, roomTypeId: rtId, title: rp.title, currency: rp.currency, sellMode: rp.sellMode, rateMode: rp.rateMode,
        rateMinor: rp.price, decimals: isoDecimals(rp.currency), occupancy: Math.max(1, rt.occAdults), maxStay: rp.maxStay, minStayArrival: rp.minStayArrival,
        closedToArrival: rp.closedToArrival, closedToDeparture: rp.closedToDeparture, stopSell: rp.stopSell,
      });
      if (rpId !== rp.channelRatePlanId) await repo.setRatePlanLink(rp.id, rpId);
    }
  }

  const now = deps.clock.now();
  const today = todayIn(property.timezone, now);
  await deps.db.transaction(async (tx) => {
    await channelRepository(tx).setPropertyLink(property.id, { channelSyncedAt: now });
    await channelRepository(tx).resolveFailures(property.id, 'link', now);
    await channelPushRepository(tx).saveState(property.id, 'link', { windowStartedAt: null, attempts: 0, nextAttemptAt: null, lastSuccessAt: now, lastError: null });
    await channelPushRepository(tx).queue(property.id, ['availability', 'restrictions'], today, addDays(today, FULL_PUSH_DAYS));
  });
}
