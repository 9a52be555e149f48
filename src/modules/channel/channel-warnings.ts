// The channel manager's refusals in an owner's words: which of our room types or rate plans, which
// nights, which value and why. Channex names its own ids and fields ("rate_plan 9f…, rate: must be
// greater than 0"); the owner knows "Standard (Double room)" and "the price".
import type { Executor } from '../../db/connection.ts';
import type { ChannelWarning } from '../../ports/channel-manager.ts';
import type { PropertyRow } from '../properties/index.ts';
import { channelRepository } from './channel.repository.ts';

const FIELDS: Record<string, string> = {
  rate: 'the price',
  rates: 'the prices per number of guests',
  availability: 'the number of units to sell',
  min_stay_arrival: 'the minimum stay',
  min_stay_through: 'the minimum stay',
  min_stay: 'the minimum stay',
  max_stay: 'the maximum stay',
  closed_to_arrival: 'closed to arrival',
  closed_to_departure: 'closed to departure',
  stop_sell: 'closed for sale',
  date: 'the date',
  date_from: 'the first night',
  date_to: 'the last night',
  property_id: 'the listing',
  room_type_id: 'the room type',
  rate_plan_id: 'the rate plan',
  values: 'the update',
};

/** Names of the listing's remote room types and rate plans, as its owner knows them. */
async function namesOf(db: Executor, p: PropertyRow): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const listing = p.publicName || p.internalName || 'the listing';
  if (p.channelUnitRoomTypeId) names.set(p.channelUnitRoomTypeId, `"${listing}"`);
  if (p.channelUnitRatePlanId) names.set(p.channelUnitRatePlanId, `the rate of "${listing}"`);
  for (const rt of await channelRepository(db).roomTypesWithPlans(p.id)) {
    if (rt.channelRoomTypeId) names.set(rt.channelRoomTypeId, `room type "${rt.title}"`);
    for (const plan of rt.plans)
      if (plan.channelRatePlanId) names.set(plan.channelRatePlanId, `rate plan "${plan.title}" of "${rt.title}"`);
  }
  return names;
}

function nights(w: ChannelWarning): string {
  if (!w.dateFrom) return '';
  return !w.dateTo || w.dateTo === w.dateFrom ? ` on ${w.dateFrom}` : ` from ${w.dateFrom} to ${w.dateTo}`;
}

/** One sentence per refused value, e.g. `Channex did not apply rate plan "Standard" of "Double" from 2031-03-12 to 2031-03-14: the price must be greater than 0.` */
export async function plainWarnings(db: Executor, p: PropertyRow, warnings: ChannelWarning[]): Promise<string[]> {
  const names = await namesOf(db, p);
  return warnings.map((w) => {
    const id = w.ratePlanId ?? w.roomTypeId;
    const target = id
      ? (names.get(id) ?? `${w.ratePlanId ? 'rate plan' : 'room type'} ${id} (not one of this listing's)`)
      : 'a value';
    const why = Object.entries(w.problems)
      .map(([field, reasons]) =>
        [FIELDS[field] ?? field.replace(/_/g, ' '), reasons.join(' and ')].filter(Boolean).join(' '),
      )
      .join('; ');
    return `Channex did not apply ${target}${nights(w)}: ${why}.`;
  });
}

/** Whether a pushed night was among the refused values (those nights are not recorded as sent). */
export function refused(warnings: ChannelWarning[], remoteId: string, night: string): boolean {
  return warnings.some((w) => {
    const id = w.ratePlanId ?? w.roomTypeId;
    if (!id || !w.dateFrom) return true;
    return id === remoteId && w.dateFrom <= night && night <= (w.dateTo ?? w.dateFrom);
  });
}
