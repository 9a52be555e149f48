// Drift: nights where the channel manager's availability differs from ours. For each linked
// listing the next DRIFT_DAYS nights are read there and compared with what we would push; the
// listing's drift rows are replaced by the differences found (none when all agree) in one
// transaction, and the check's time is kept in its 'reconcile' state row (drift.checked_at).
// Drift is shown, not pushed over: a lower number there is often a booking taken on a travel
// platform that we have not pulled yet, and raising it back would sell that night twice. What we
// last sent for those nights is forgotten, so the next push of them (any change, or a sync) sends
// them again and clears their drift rows. Hourly job; a failure to read is recorded for the status
// route.
//
// The same hourly pass moves each linked listing's window forward: the nights that entered the
// next 500 since the last pass are queued once (a change for Channex: it has never had them),
// instead of a daily full sync.
import type { Deps } from '../../kernel/deps.ts';
import { ChannelManagerError } from '../../ports/channel-manager.ts';
import { findPropertyById } from '../properties/index.ts';
import { addDays, todayIn } from '../../kernel/calendar-dates.ts';
import { FULL_SYNC_DAYS } from './link-property.ts';
import { channelPushRepository } from './channel-push.repository.ts';
import { channelSentRepository } from './channel-sent.repository.ts';
import { channelRepository } from './channel.repository.ts';

/** Queues the nights that entered the listing's window since it was last moved. */
async function extendWindow(deps: Deps, propertyId: number, today: string): Promise<void> {
  const end = addDays(today, FULL_SYNC_DAYS);
  await deps.db.transaction(async (tx) => {
    const push = channelPushRepository(tx);
    const through = (await push.state(propertyId, 'link'))?.syncedThrough ?? addDays(today, 365);
    if (through >= end) return;
    await push.queue(propertyId, ['availability', 'restrictions'], through < today ? today : through, end);
    await push.saveState(propertyId, 'link', { syncedThrough: end });
  });
}

export const CHANNEL_RECONCILE_JOB = 'channel-reconcile';
export const DRIFT_DAYS = 90;

export async function reconcileChannel(
  deps: Deps,
  onlyPropertyId?: number,
): Promise<{ checked: number; driftNights: number }> {
  const channel = deps.channel;
  if (!channel) return { checked: 0, driftNights: 0 };
  const repo = channelRepository(deps.db);
  let checked = 0;
  let driftNights = 0;
  for (const id of onlyPropertyId !== undefined ? [onlyPropertyId] : await repo.linkedIds()) {
    const property = await findPropertyById(deps.db, id);
    if (!property?.channelPropertyId) continue;
    const from = todayIn(property.timezone, deps.clock.now());
    const to = addDays(from, DRIFT_DAYS);
    await extendWindow(deps, property.id, from);
    const remoteOf = new Map<number, string | null>([[0, property.channelUnitRoomTypeId]]);
    for (const rt of await repo.roomTypesWithPlans(property.id)) remoteOf.set(rt.id, rt.channelRoomTypeId);
    let remote: Map<string, Map<string, number>>;
    try {
      remote = await channel.getAvailability(property.channelPropertyId, from, addDays(to, -1));
    } catch (err) {
      if (!(err instanceof ChannelManagerError)) throw err;
      const at = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await channelRepository(tx).recordFailure(
          property.id,
          'reconcile',
          `Reading availability for the drift check failed: ${err.message}`,
          at,
        );
        await channelPushRepository(tx).saveState(property.id, 'reconcile', { lastPushAt: at, lastError: err.message });
      });
      continue;
    }
    // Nights waiting to be pushed are about to be set there: not drift. Nights the channel
    // manager does not list for a linked room type count as 0 there.
    const waiting = await channelPushRepository(deps.db).pendingRanges(property.id, 'availability');
    const drift = (await repo.nightValues(property.id, from, to))
      .filter((n) => remoteOf.get(n.roomTypeId) && !waiting.some((w) => w.from <= n.night && n.night < w.to))
      .map((n) => ({
        roomTypeId: n.roomTypeId,
        night: n.night,
        ours: n.available,
        remote: remote.get(remoteOf.get(n.roomTypeId)!)?.get(n.night) ?? 0,
      }))
      .filter((d) => d.ours !== d.remote);
    const at = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      await channelRepository(tx).replaceDrift(property.id, drift, at);
      for (const [roomTypeId, remoteId] of remoteOf) {
        if (remoteId)
          await channelSentRepository(tx).forgetNights(
            property.id,
            'availability',
            remoteId,
            drift.filter((d) => d.roomTypeId === roomTypeId).map((d) => d.night),
          );
      }
      await channelRepository(tx).resolveFailures(property.id, 'reconcile', at);
      await channelPushRepository(tx).saveState(property.id, 'reconcile', {
        lastPushAt: at,
        lastSuccessAt: at,
        lastError: null,
      });
    });
    checked += 1;
    driftNights += drift.length;
  }
  return { checked, driftNights };
}
