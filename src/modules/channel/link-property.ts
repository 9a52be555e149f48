// Linking a listing to the channel manager (POST /properties/{id}/channel/sync, or step 7's
// channel_sync_now): creates it there or updates it, with its room types and rate plans (a listing
// sold whole is one room type of one unit with one rate plan), stores the remote ids as each
// answer comes (a failure half-way keeps them, so the next attempt updates instead of creating
// twice), then queues a full push of the next 365 nights. Remote calls run outside any
// transaction. The owner of the listing or an admin may link it.
import type { Deps } from '../../container.ts';
import { AppError } from '../../platform/errors.ts';
import { ChannelManagerError, type ChannelManager } from '../../ports/channel-manager.ts';
import type { AuthUser } from '../auth/session-service.ts';
import { isoDecimals } from '../catalog/money.ts';
import { loadPropertyForWrite } from '../properties/property-access.ts';
import { propertiesRepository, type PropertyRow } from '../properties/properties.repository.ts';
import { addDays, todayIn } from '../room-types/calendar-dates.ts';
import { channelRepository } from './channel.repository.ts';

export const FULL_PUSH_DAYS = 365;
const seven = <T>(v: T) => Array.from({ length: 7 }, () => v);

export async function linkProperty(deps: Deps, caller: AuthUser, propertyId: number): Promise<void> {
  const property = await loadPropertyForWrite(deps.db, propertyId, caller);
  const channel = deps.channel;
  if (!channel) throw new AppError('CHANNEL_NOT_CONFIGURED', 'No channel manager is configured for this service (CHANNEL_MANAGER=none)');
  try {
    await pushStructure(deps, channel, property);
  } catch (err) {
    if (!(err instanceof ChannelManagerError)) throw err;
    await channelRepository(deps.db).recordFailure(property.id, 'link', err.message);
    throw new AppError(err.retryable ? 'CHANNEL_UNAVAILABLE' : 'CHANNEL_REJECTED', `The channel manager did not take the listing: ${err.message}`);
  }
}

/** Creates or updates the listing, its room types and rate plans there; records ids as they come. */
export async function pushStructure(deps: Deps, channel: ChannelManager, property: PropertyRow): Promise<void> {
  const repo = channelRepository(deps.db);
  const currency = property.currencyCode ?? 'EUR';
  const decimals = isoDecimals(currency);
  const remoteId = await channel.upsertProperty(property.channelPropertyId, {
    title: property.publicName || property.internalName || `Listing ${property.id}`, currency, country: property.countryCode ?? 'FR',
    address: property.address ?? undefined, latitude: property.latitude ?? undefined, longitude: property.longitude ?? undefined,
    timezone: property.timezone ?? deps.config.DEFAULT_TIMEZONE, propertyType: (await repo.propertyTypeName(property.typeId)) ?? 'apartment',
  });
  if (remoteId !== property.channelPropertyId) await repo.setPropertyLink(property.id, { channelPropertyId: remoteId });

  const rts = await repo.roomTypesWithPlans(property.id);
  if (!rts.length) {
    const unit = await channel.upsertRoomType(property.channelUnitRoomTypeId, {
      propertyId: remoteId, title: property.publicName || 'Whole listing', countOfRooms: 1, occAdults: Math.max(1, property.capacity ?? 1), occChildren: 0, occInfants: 0,
      defaultOccupancy: Math.max(1, property.capacity ?? 1),
    });
    await repo.setPropertyLink(property.id, { channelUnitRoomTypeId: unit });
    const plan = await channel.upsertRatePlan(property.channelUnitRatePlanId, {
      propertyId: remoteId, roomTypeId: unit, title: 'Standard', currency, sellMode: 'per_room', rateMode: 'manual', rateMinor: property.pricePerNight ?? 0,
      decimals, occupancy: Math.max(1, property.capacity ?? 1), maxStay: seven(0), minStayArrival: seven(1), closedToArrival: seven(false),
      closedToDeparture: seven(false), stopSell: seven(false),
    });
    await repo.setPropertyLink(property.id, { channelUnitRatePlanId: plan });
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
  const today = todayIn(property.timezone ?? deps.config.DEFAULT_TIMEZONE, now);
  await repo.setPropertyLink(property.id, { channelSyncedAt: now, channelSyncRequested: false });
  await repo.resolveFailures(property.id, 'link', now);
  await repo.queue(property.id, ['availability', 'restrictions'], today, addDays(today, FULL_PUSH_DAYS));
}

/** Links the listings whose owner asked for it in step 7 (channel_sync_now); a failure is recorded and retried next run. */
export async function linkRequestedProperties(deps: Deps): Promise<number> {
  const channel = deps.channel;
  if (!channel) return 0;
  const repo = channelRepository(deps.db);
  let linked = 0;
  for (const id of await repo.linkRequested()) {
    const property = await propertiesRepository(deps.db).findById(id);
    if (!property) continue;
    try {
      await pushStructure(deps, channel, property);
      linked += 1;
    } catch (err) {
      if (!(err instanceof ChannelManagerError)) throw err;
      await repo.recordFailure(id, 'link', err.message);
    }
  }
  return linked;
}
