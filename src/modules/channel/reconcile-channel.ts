// Drift: nights where the channel manager's availability differs from ours. For each linked
// listing the next DRIFT_DAYS nights are read there and compared with what we would push; the
// listing's drift rows are replaced by the differences found (none when all agree). Hourly job;
// a failure to read is recorded for the status route.
import type { Deps } from '../../container.ts';
import { ChannelManagerError } from '../../ports/channel-manager.ts';
import { propertiesRepository } from '../properties/properties.repository.ts';
import { addDays, todayIn } from '../room-types/calendar-dates.ts';
import { channelRepository } from './channel.repository.ts';

export const CHANNEL_RECONCILE_JOB = 'channel-reconcile';
export const DRIFT_DAYS = 90;

export async function reconcileChannel(deps: Deps, onlyPropertyId?: number): Promise<{ checked: number; driftNights: number }> {
  const channel = deps.channel;
  if (!channel) return { checked: 0, driftNights: 0 };
  const repo = channelRepository(deps.db);
  let checked = 0;
  let driftNights = 0;
  for (const id of onlyPropertyId !== undefined ? [onlyPropertyId] : await repo.linkedIds()) {
    const p = await propertiesRepository(deps.db).findById(id);
    if (!p?.channelPropertyId) continue;
    const from = todayIn(p.timezone ?? deps.config.DEFAULT_TIMEZONE, deps.clock.now());
    const to = addDays(from, DRIFT_DAYS);
    const remoteOf = new Map<number, string | null>([[0, p.channelUnitRoomTypeId]]);
    for (const rt of await repo.roomTypesWithPlans(p.id)) remoteOf.set(rt.id, rt.channelRoomTypeId);
    let remote: Map<string, Map<string, number>>;
    try {
      remote = await channel.getAvailability(p.channelPropertyId, from, addDays(to, -1));
    } catch (err) {
      if (!(err instanceof ChannelManagerError)) throw err;
      await repo.recordFailure(p.id, 'reconcile', `Reading availability for the drift check failed: ${err.message}`);
      continue;
    }
    const drift = (await repo.nightValues(p.id, from, to))
      .filter((n) => remoteOf.get(n.roomTypeId))
      .map((n) => ({ roomTypeId: n.roomTypeId, night: n.night, ours: n.available, remote: remote.get(remoteOf.get(n.roomTypeId)!)?.get(n.night) ?? 0 }))
      .filter((d) => d.ours !== d.remote);
    await deps.db.transaction(async (tx) => channelRepository(tx).replaceDrift(p.id, drift, deps.clock.now()));
    await repo.resolveFailures(p.id, 'reconcile', deps.clock.now());
    checked += 1;
    driftNights += drift.length;
  }
  return { checked, driftNights };
}
