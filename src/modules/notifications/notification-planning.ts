// What the planners of event-notifications.ts share: reading an event's payload, addressing a
// notification, and the values every reservation text names.
import type { NotificationType } from './notification-types.ts';
import type { Localized, PlannedNotification, ReservationContext } from './notifications.repository.ts';
import { fill, say, type Texts, type TextVars } from './notification-texts.ts';

/** What planners read: the repository, or a batch's view of it with the contexts already loaded. */
export interface PlanningSource {
  reservationContext(reservationId: number): Promise<ReservationContext | undefined>;
  supportAgentIds(): Promise<number[]>;
}
export type Data = Record<string, unknown>;
export type Planner = (repo: PlanningSource, data: Data) => Promise<PlannedNotification[]>;

/** A positive id from a payload value (number or numeric text), else null. */
export const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** A payload value as text to show, else null. */
export const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

export const money = (amount: unknown, currency: unknown) => [text(amount), text(currency)].filter(Boolean).join(' ');

/** What a notification says and carries, whoever it goes to. */
export interface Notice {
  type: NotificationType;
  title: Localized;
  message: Localized;
  data: Data;
}

/** The notice for `userId`; nothing when there is no such recipient (a guest deleted, a payload without one). */
export function to(userId: number | null | undefined, notice: Notice): PlannedNotification[] {
  return userId ? [{ userId, ...notice }] : [];
}

/** A message's opening words, on one line. */
export function preview(content: string, max = 140): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** What every reservation text may name: {stay}, {ref}, {property}, {checkin}, {checkout}. */
export const stayVars = (n: Texts, c: ReservationContext): TextVars => ({
  stay: fill(n.stay, { property: c.propertyName, checkin: c.checkinDate, checkout: c.checkoutDate }),
  ref: c.bookingRefCode,
  property: c.propertyName,
  checkin: c.checkinDate,
  checkout: c.checkoutDate,
});

export function reservationData(c: ReservationContext, extra: Data = {}): Data {
  return {
    reservation_id: c.reservationId,
    property_id: c.propertyId,
    property_name: c.propertyName,
    booking_ref_code: c.bookingRefCode,
    checkin_date: c.checkinDate,
    checkout_date: c.checkoutDate,
    ...extra,
  };
}

/** A planner for an event about a reservation (payload reservation_id); nothing if it is gone. */
export function aboutReservation(plan: (c: ReservationContext, d: Data) => PlannedNotification[]): Planner {
  return async (repo, d) => {
    const id = num(d.reservation_id);
    const c = id ? await repo.reservationContext(id) : undefined;
    return c ? plan(c, d) : [];
  };
}

/** A reservation text for one side: `pick` chooses the template, every stay value is filled in. */
export const about = (c: ReservationContext, pick: (n: Texts) => string, extra: TextVars = {}) =>
  say((n) => fill(pick(n), { ...stayVars(n, c), ...extra }));
