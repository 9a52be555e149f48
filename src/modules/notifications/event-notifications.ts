// Which domain event tells whom what. Each planner reads what its text needs with one query (the
// reservation with its listing and guest), whatever the number of recipients. Decisions:
// - reservation.created: the owner only (new_reservation). The guest has just had the answer of
//   the booking request; what they hear next is the confirmation, the payment, or the expiry.
// - reservation.confirmed / payment.received: guest and owner.
// - reservation.cancelled: guest and owner, the one who cancelled included (a record that it is
//   done, worded "you cancelled"); a cancellation by support or admin tells both.
// - reservation.expired: guest and owner as reservation_cancelled (the spec has no expired type);
//   the text says the unpaid hold expired. The owner was told of the booking, so is told it lapsed.
// - reservation.modified: the party who did not make the change (both when staff made it), as
//   'general' (no spec type describes a change of dates).
// - refund.requested: the guest (refund_pending).
// - owner_request.approved / rejected: the applicant (payload user_id), as 'general'.
// - message.created: the receiver when it is an account (not an external thread), as 'message'.
// - review.created: the listing's owner, as 'general'.
// - refund.succeeded: the guest, as 'general' (the money is on its way; refund_pending came first).
// - channel.booking.overbooked: the listing's owner, as 'general' (a platform booking took nights
//   already full; someone must move or cancel a stay).
// - chatbot.handoff: every active support agent, as 'general' (the team is small; the first to
//   reply answers through POST /history_chatbots/{id}/response).
import type { NotificationType } from './notification-types.ts';
import type { PlannedNotification, ReservationContext } from './notifications.repository.ts';

/** What planners read: the repository, or a batch's view of it with the contexts already loaded. */
export interface PlanningSource {
  reservationContext(reservationId: number): Promise<ReservationContext | undefined>;
  supportAgentIds(): Promise<number[]>;
}
type Data = Record<string, unknown>;
export type Planner = (repo: PlanningSource, data: Data) => Promise<PlannedNotification[]>;

export const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null);

function to(userId: number | null | undefined, type: NotificationType, title: string, message: string, data: Data): PlannedNotification[] {
  return userId ? [{ userId, type, title, message, data }] : [];
}

const stay = (c: ReservationContext) => `${c.propertyName} (${c.checkinDate} to ${c.checkoutDate})`;

function reservationData(c: ReservationContext, extra: Data = {}): Data {
  return {
    reservation_id: c.reservationId, property_id: c.propertyId, property_name: c.propertyName, booking_ref_code: c.bookingRefCode,
    checkin_date: c.checkinDate, checkout_date: c.checkoutDate, ...extra,
  };
}

/** A planner for an event about a reservation (payload reservation_id); nothing if it is gone. */
function aboutReservation(plan: (c: ReservationContext, d: Data) => PlannedNotification[]): Planner {
  return async (repo, d) => {
    const id = num(d.reservation_id);
    const c = id ? await repo.reservationContext(id) : undefined;
    return c ? plan(c, d) : [];
  };
}

const money = (amount: unknown, currency: unknown) => [text(amount), text(currency)].filter(Boolean).join(' ');

const WHO_CANCELLED: Record<string, string> = { guest: 'the guest', owner: 'the host', admin: 'our team', support: 'our team' };

function preview(content: string, max = 140): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export const PLANNERS: Record<string, Planner> = {
  'reservation.created': aboutReservation((c, d) => {
    const guest = c.guestName ?? text(d.guest_name) ?? 'A guest';
    const viaPlatform = d.source === 'channel';
    return to(c.ownerId, 'new_reservation', 'New reservation',
      viaPlatform
        ? `${guest} booked ${stay(c)} on ${text(d.provider) ?? 'a travel platform'}, reference ${c.bookingRefCode}; the platform took the payment.`
        : `${guest} booked ${stay(c)}, reference ${c.bookingRefCode}; it is confirmed once paid.`,
      reservationData(c, { guest_name: c.guestName ?? text(d.guest_name), total: text(d.total), currency: text(d.currency), ...(viaPlatform ? { source: 'channel', provider: text(d.provider) } : {}) }));
  }),

  'channel.booking.overbooked': aboutReservation((c, d) =>
    to(c.ownerId, 'general', 'Overbooking to resolve',
      `A booking made on ${text(d.provider) ?? 'a travel platform'} for ${stay(c)}, reference ${c.bookingRefCode}, takes nights that were already full. ` +
      'The guest has booked on the platform: move or cancel one of the stays.',
      reservationData(c, { overbooked: true, provider: text(d.provider), revision_id: text(d.revision_id) }))),

  'reservation.confirmed': aboutReservation((c) => [
    ...to(c.guestId, 'reservation_confirmed', 'Reservation confirmed', `Your stay at ${stay(c)} is confirmed, reference ${c.bookingRefCode}.`, reservationData(c)),
    ...to(c.ownerId, 'reservation_confirmed', 'Reservation confirmed', `Reservation ${c.bookingRefCode} at ${stay(c)} is confirmed.`, reservationData(c, { guest_name: c.guestName })),
  ]),

  'payment.received': aboutReservation((c, d) => {
    const paid = money(d.amount, d.currency);
    const data = reservationData(c, { amount: text(d.amount), currency: text(d.currency) });
    return [
      ...to(c.guestId, 'payment_received', 'Payment received', `We received your payment of ${paid} for ${stay(c)}, reference ${c.bookingRefCode}.`, data),
      ...to(c.ownerId, 'payment_received', 'Payment received', `A payment of ${paid} was received for reservation ${c.bookingRefCode} at ${stay(c)}.`, data),
    ];
  }),

  'reservation.cancelled': aboutReservation((c, d) => {
    const by = num(d.cancelled_by);
    const refund = text(d.refund_amount);
    const refundNote = refund && Number(refund) > 0 ? ` A refund of ${money(refund, d.currency)} is on its way.` : '';
    const data = reservationData(c, { reason: text(d.reason), refund_amount: refund, currency: text(d.currency), cancelled_by_role: text(d.cancelled_by_role) });
    const said = (userId: number | null, others: string) =>
      by !== null && userId === by ? `You cancelled reservation ${c.bookingRefCode} at ${stay(c)}.` : others;
    const who = WHO_CANCELLED[String(d.cancelled_by_role)] ?? 'our team';
    return [
      ...to(c.guestId, 'reservation_cancelled', 'Reservation cancelled', said(c.guestId, `Your reservation ${c.bookingRefCode} at ${stay(c)} was cancelled by ${who}.`) + refundNote, data),
      ...to(c.ownerId, 'reservation_cancelled', 'Reservation cancelled', said(c.ownerId, `Reservation ${c.bookingRefCode} at ${stay(c)} was cancelled by ${who}; the dates are free again.`), data),
    ];
  }),

  'reservation.expired': aboutReservation((c) => {
    const data = reservationData(c, { reason: 'expired' });
    return [
      ...to(c.guestId, 'reservation_cancelled', 'Reservation expired', `Your reservation ${c.bookingRefCode} at ${stay(c)} was not paid in time: the hold expired and it is cancelled.`, data),
      ...to(c.ownerId, 'reservation_cancelled', 'Reservation expired', `Reservation ${c.bookingRefCode} at ${stay(c)} expired unpaid; the dates are free again.`, data),
    ];
  }),

  'reservation.modified': aboutReservation((c, d) => {
    const by = num(d.modified_by);
    const old = (d.old ?? {}) as Data;
    const data = reservationData(c, { old: d.old ?? null, new: d.new ?? null, additional_due: text(d.additional_due), refund_amount: text(d.refund_amount), currency: text(d.currency) });
    const message = `Reservation ${c.bookingRefCode} at ${c.propertyName} now runs from ${c.checkinDate} to ${c.checkoutDate}` +
      (old.checkin_date ? ` (was ${text(old.checkin_date)} to ${text(old.checkout_date)}).` : '.');
    return [c.guestId, c.ownerId].filter((u) => u !== by).flatMap((u) => to(u, 'general', 'Reservation changed', message, data));
  }),

  'refund.requested': aboutReservation((c, d) =>
    to(c.guestId, 'refund_pending', 'Refund pending', `A refund of ${money(d.amount, d.currency)} for reservation ${c.bookingRefCode} at ${c.propertyName} is being processed.`,
      reservationData(c, { amount: text(d.amount), currency: text(d.currency), reason: text(d.reason) }))),

  'review.created': aboutReservation((c, d) =>
    to(c.ownerId, 'general', 'New review', `A guest rated their stay at ${c.propertyName} ${text(d.rating) ?? '?'}/5 (reservation ${c.bookingRefCode}).`,
      reservationData(c, { review_id: num(d.review_id), rating: num(d.rating) }))),

  'owner_request.approved': async (_repo, d) =>
    to(num(d.user_id), 'general', 'Host application approved', 'Your application to become a host was approved: you can now publish listings.',
      { request_id: num(d.request_id), status: 'approved' }),

  'owner_request.rejected': async (_repo, d) => {
    const reason = text(d.reason);
    return to(num(d.user_id), 'general', 'Host application not approved',
      `Your application to become a host was not approved${reason ? `: ${reason}` : '.'}`, { request_id: num(d.request_id), status: 'rejected', reason });
  },

  'refund.succeeded': aboutReservation((c, d) =>
    to(c.guestId, 'general', 'Refund sent', `Your refund of ${money(d.amount, d.currency)} for reservation ${c.bookingRefCode} at ${c.propertyName} has been sent.`,
      reservationData(c, { amount: text(d.amount), currency: text(d.currency), reason: text(d.reason) }))),

  'chatbot.handoff': async (repo, d) => {
    const question = typeof d.question === 'string' ? preview(d.question) : '';
    const data = { conversation_id: num(d.conversation_id), user_id: num(d.user_id), property_id: num(d.property_id) };
    return (await repo.supportAgentIds()).flatMap((id) => to(id, 'general', 'A guest needs help', question || 'The assistant could not answer a question.', data));
  },

  'message.created': async (_repo, d) => {
    const sender = text(d.sender_name) ?? 'Someone';
    const kind = text(d.kind) ?? 'text';
    const content = typeof d.content === 'string' ? preview(d.content) : '';
    const body = content || (kind === 'image' ? 'sent you an image' : 'sent you a file');
    return to(num(d.receiver_id), 'message', `New message from ${sender}`, body, {
      message_id: num(d.message_id), sender_id: num(d.sender_id), sender_name: sender, kind,
      ...(num(d.reservation_id) ? { reservation_id: num(d.reservation_id) } : {}),
    });
  },
};

/** One notification per recipient: a user who is both guest and host of a stay hears it once. */
export function oncePerRecipient(planned: PlannedNotification[]): PlannedNotification[] {
  const seen = new Set<number>();
  return planned.filter((p) => !seen.has(p.userId) && seen.add(p.userId));
}
