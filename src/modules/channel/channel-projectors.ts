// Changes of nights and rates become pending pushes, in the outbox relay's transaction: every
// reservation event (its nights, and the nights a modification left) and 'calendar.changed'
// (the owner's calendar, room types and rate plans, imported iCal blocks). Listings that are not
// linked get nothing. A repeated projection only queues the same range twice, which the push
// merges. A change of room types or rate plans (structure) also asks for the linked listing to be
// sent again, so a new plan or a new count of rooms exists there before its values are pushed;
// such a change reaches every night of the channel manager's window (500 nights), past our own
// calendar's horizon. The push sends only the nights whose value changed.
import type { Projections, Projector } from '../../kernel/events.ts';
import { addDays } from '../../kernel/calendar-dates.ts';
import { CALENDAR_CHANGED, type CalendarChangedEvent } from '../room-types/index.ts';
import { channelPushRepository } from './channel-push.repository.ts';
import { FULL_SYNC_DAYS } from './link-property.ts';

const RESERVATION_TOPICS = [
  'reservation.created',
  'reservation.modified',
  'reservation.cancelled',
  'reservation.expired',
];

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

const reservationProjector: Projector = async ({ tx, event }) => {
  const data = (event.data ?? {}) as {
    reservation_id?: unknown;
    old?: { checkin_date?: unknown; checkout_date?: unknown };
  };
  const id = Number(data.reservation_id);
  if (!Number.isSafeInteger(id) || id <= 0) return 0;
  const old =
    data.old && isDay(data.old.checkin_date) && isDay(data.old.checkout_date)
      ? { from: data.old.checkin_date, to: data.old.checkout_date }
      : undefined;
  await channelPushRepository(tx).queueReservation(id, old);
  return 0;
};

const calendarProjector: Projector = async ({ tx, event }) => {
  const change = (event.data ?? {}) as Partial<CalendarChangedEvent>;
  if (typeof change.property_id !== 'number' || !isDay(change.date_from) || !isDay(change.date_to)) return 0;
  const kinds = (change.kinds ?? []).filter((k) => k === 'availability' || k === 'restrictions');
  const repo = channelPushRepository(tx);
  const windowEnd = addDays(change.date_from, FULL_SYNC_DAYS);
  await repo.queueIfLinked(
    change.property_id,
    kinds,
    change.date_from,
    change.structure === true && windowEnd > change.date_to ? windowEnd : change.date_to,
  );
  if (change.structure === true) await repo.requestRelinkIfLinked(change.property_id);
  return 0;
};

/** Registers the channel push's projectors (only when a channel manager is configured). */
export function registerChannelProjectors<R extends Projections>(relay: R): R {
  for (const topic of RESERVATION_TOPICS) relay.addProjector(topic, reservationProjector);
  relay.addProjector(CALENDAR_CHANGED, calendarProjector);
  return relay;
}
