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
// - payment.mismatched: every active support agent, as 'general' (money received for another
//   amount or currency; refunded automatically, but someone should look at why).
// - reservation.change_reverted: guest and owner, as 'general' (an unpaid change undone at its
//   deadline: the stay is back to what was paid for).
// - payment.failed: the guest, as 'general' (a delayed payment method failed; the nights it was
//   for are released).
import type { NotificationType } from './notification-types.ts';
import type { Localized, PlannedNotification, ReservationContext } from './notifications.repository.ts';
import { fill, say, verbatim, type Texts, type TextVars, type Words } from './notification-texts.ts';

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
const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

function to(
  userId: number | null | undefined,
  type: NotificationType,
  title: Localized,
  message: Localized,
  data: Data,
): PlannedNotification[] {
  return userId ? [{ userId, type, title, message, data }] : [];
}

/** What every reservation text may name: {stay}, {ref}, {property}, {checkin}, {checkout}. */
const stayVars = (n: Texts, c: ReservationContext): TextVars => ({
  stay: fill(n.stay, { property: c.propertyName, checkin: c.checkinDate, checkout: c.checkoutDate }),
  ref: c.bookingRefCode,
  property: c.propertyName,
  checkin: c.checkinDate,
  checkout: c.checkoutDate,
});

function reservationData(c: ReservationContext, extra: Data = {}): Data {
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
function aboutReservation(plan: (c: ReservationContext, d: Data) => PlannedNotification[]): Planner {
  return async (repo, d) => {
    const id = num(d.reservation_id);
    const c = id ? await repo.reservationContext(id) : undefined;
    return c ? plan(c, d) : [];
  };
}

const money = (amount: unknown, currency: unknown) => [text(amount), text(currency)].filter(Boolean).join(' ');

/** Who cancelled, by role → the catalogue's word for them. */
const WHO_CANCELLED: Record<string, keyof Words> = { guest: 'guest', owner: 'owner', admin: 'staff', support: 'staff' };

function preview(content: string, max = 140): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A reservation text for one side: `pick` chooses the template, every stay value is filled in. */
const about = (c: ReservationContext, pick: (n: Texts) => string, extra: TextVars = {}) =>
  say((n) => fill(pick(n), { ...stayVars(n, c), ...extra }));

export const PLANNERS: Record<string, Planner> = {
  'reservation.created': aboutReservation((c, d) => {
    const viaPlatform = d.source === 'channel';
    const guest = c.guestName ?? text(d.guest_name);
    return to(
      c.ownerId,
      'new_reservation',
      say((n) => n.newReservation.title),
      say((n) =>
        fill(viaPlatform ? n.newReservation.viaPlatform : n.newReservation.message, {
          ...stayVars(n, c),
          guest: guest ?? n.aGuest,
          provider: text(d.provider) ?? n.aPlatform,
        }),
      ),
      reservationData(c, {
        guest_name: guest,
        total: text(d.total),
        currency: text(d.currency),
        ...(viaPlatform ? { source: 'channel', provider: text(d.provider) } : {}),
      }),
    );
  }),

  'channel.booking.overbooked': aboutReservation((c, d) =>
    to(
      c.ownerId,
      'general',
      say((n) => n.overbooked.title),
      say((n) => fill(n.overbooked.message, { ...stayVars(n, c), provider: text(d.provider) ?? n.aPlatform })),
      reservationData(c, { overbooked: true, provider: text(d.provider), revision_id: text(d.revision_id) }),
    ),
  ),

  'reservation.confirmed': aboutReservation((c) => {
    const title = say((n) => n.confirmed.title);
    return [
      ...to(
        c.guestId,
        'reservation_confirmed',
        title,
        about(c, (n) => n.confirmed.guest),
        reservationData(c),
      ),
      ...to(
        c.ownerId,
        'reservation_confirmed',
        title,
        about(c, (n) => n.confirmed.owner),
        reservationData(c, { guest_name: c.guestName }),
      ),
    ];
  }),

  'payment.received': aboutReservation((c, d) => {
    const amount = money(d.amount, d.currency);
    const data = reservationData(c, { amount: text(d.amount), currency: text(d.currency) });
    const title = say((n) => n.paymentReceived.title);
    return [
      ...to(
        c.guestId,
        'payment_received',
        title,
        about(c, (n) => n.paymentReceived.guest, { amount }),
        data,
      ),
      ...to(
        c.ownerId,
        'payment_received',
        title,
        about(c, (n) => n.paymentReceived.owner, { amount }),
        data,
      ),
    ];
  }),

  'reservation.cancelled': aboutReservation((c, d) => {
    const by = num(d.cancelled_by);
    const refund = text(d.refund_amount);
    const refunded = refund !== null && Number(refund) > 0;
    const data = reservationData(c, {
      reason: text(d.reason),
      refund_amount: refund,
      currency: text(d.currency),
      cancelled_by_role: text(d.cancelled_by_role),
    });
    const who = WHO_CANCELLED[String(d.cancelled_by_role)] ?? 'staff';
    const said = (userId: number | null, others: (n: Texts) => string, withRefund: boolean) =>
      say((n, w) => {
        const vars = { ...stayVars(n, c), who: w[who], amount: money(refund, d.currency) };
        const main = fill(by !== null && userId === by ? n.cancelled.self : others(n), vars);
        return withRefund && refunded ? main + fill(n.cancelled.refund, vars) : main;
      });
    const title = say((n) => n.cancelled.title);
    return [
      ...to(
        c.guestId,
        'reservation_cancelled',
        title,
        said(c.guestId, (n) => n.cancelled.guest, true),
        data,
      ),
      ...to(
        c.ownerId,
        'reservation_cancelled',
        title,
        said(c.ownerId, (n) => n.cancelled.owner, false),
        data,
      ),
    ];
  }),

  'reservation.expired': aboutReservation((c) => {
    const data = reservationData(c, { reason: 'expired' });
    const title = say((n) => n.expired.title);
    return [
      ...to(
        c.guestId,
        'reservation_cancelled',
        title,
        about(c, (n) => n.expired.guest),
        data,
      ),
      ...to(
        c.ownerId,
        'reservation_cancelled',
        title,
        about(c, (n) => n.expired.owner),
        data,
      ),
    ];
  }),

  'reservation.modified': aboutReservation((c, d) => {
    const by = num(d.modified_by);
    const old = (d.old ?? {}) as Data;
    const data = reservationData(c, {
      old: d.old ?? null,
      new: d.new ?? null,
      additional_due: text(d.additional_due),
      refund_amount: text(d.refund_amount),
      currency: text(d.currency),
    });
    const message = say((n) => {
      const vars = { ...stayVars(n, c), old_checkin: text(old.checkin_date), old_checkout: text(old.checkout_date) };
      return fill(n.modified.message, vars) + fill(old.checkin_date ? n.modified.was : n.modified.end, vars);
    });
    const title = say((n) => n.modified.title);
    return [c.guestId, c.ownerId].filter((u) => u !== by).flatMap((u) => to(u, 'general', title, message, data));
  }),

  'refund.requested': aboutReservation((c, d) =>
    to(
      c.guestId,
      'refund_pending',
      say((n) => n.refundPending.title),
      about(c, (n) => n.refundPending.message, { amount: money(d.amount, d.currency) }),
      reservationData(c, { amount: text(d.amount), currency: text(d.currency), reason: text(d.reason) }),
    ),
  ),

  'review.created': aboutReservation((c, d) =>
    to(
      c.ownerId,
      'general',
      say((n) => n.review.title),
      about(c, (n) => n.review.message, { rating: text(d.rating) ?? '?' }),
      reservationData(c, { review_id: num(d.review_id), rating: num(d.rating) }),
    ),
  ),

  'owner_request.approved': async (_repo, d) =>
    to(
      num(d.user_id),
      'general',
      say((n) => n.ownerApproved.title),
      say((n) => n.ownerApproved.message),
      { request_id: num(d.request_id), status: 'approved' },
    ),

  'owner_request.rejected': async (_repo, d) => {
    const reason = text(d.reason);
    return to(
      num(d.user_id),
      'general',
      say((n) => n.ownerRejected.title),
      say((n) => (reason ? fill(n.ownerRejected.withReason, { reason }) : n.ownerRejected.message)),
      { request_id: num(d.request_id), status: 'rejected', reason },
    );
  },

  'refund.succeeded': aboutReservation((c, d) =>
    to(
      c.guestId,
      'general',
      say((n) => n.refundSent.title),
      about(c, (n) => n.refundSent.message, { amount: money(d.amount, d.currency) }),
      reservationData(c, { amount: text(d.amount), currency: text(d.currency), reason: text(d.reason) }),
    ),
  ),

  'chatbot.handoff': async (repo, d) => {
    const question = typeof d.question === 'string' ? preview(d.question) : '';
    const data = { conversation_id: num(d.conversation_id), user_id: num(d.user_id), property_id: num(d.property_id) };
    const title = say((n) => n.handoff.title);
    const message = question ? verbatim(question) : say((n) => n.handoff.unanswered);
    return (await repo.supportAgentIds()).flatMap((id) => to(id, 'general', title, message, data));
  },

  'payment.mismatched': async (repo, d) => {
    const asked = (d.asked ?? {}) as Data;
    const got = (d.received ?? {}) as Data;
    const data = {
      reservation_id: num(d.reservation_id),
      payment_id: num(d.payment_id),
      refund_id: num(d.refund_id),
      booking_ref_code: text(d.booking_ref_code),
    };
    const title = say((n) => n.paymentMismatch.title);
    const message = say((n) =>
      fill(n.paymentMismatch.message, {
        payment: data.payment_id,
        ref: data.booking_ref_code ?? data.reservation_id,
        asked: money(asked.amount, asked.currency),
        received: money(got.amount, got.currency),
      }),
    );
    return (await repo.supportAgentIds()).flatMap((id) => to(id, 'general', title, message, data));
  },

  'reservation.change_reverted': aboutReservation((c, d) => {
    const data = reservationData(c, { reverted: d.reverted ?? null, currency: text(d.currency) });
    const title = say((n) => n.changeReverted.title);
    const message = about(c, (n) => n.changeReverted.message);
    return [c.guestId, c.ownerId].flatMap((u) => to(u, 'general', title, message, data));
  }),

  'payment.failed': aboutReservation((c, d) =>
    to(
      c.guestId,
      'general',
      say((n) => n.paymentFailed.title),
      about(c, (n) => (d.type === 'additional' ? n.paymentFailed.additional : n.paymentFailed.reservation), {
        amount: money(d.amount, d.currency),
      }),
      reservationData(c, { amount: text(d.amount), currency: text(d.currency), type: text(d.type) }),
    ),
  ),

  'message.created': async (_repo, d) => {
    const sender = text(d.sender_name);
    const kind = text(d.kind) ?? 'text';
    const content = typeof d.content === 'string' ? preview(d.content) : '';
    return to(
      num(d.receiver_id),
      'message',
      say((n) => fill(n.message.title, { sender: sender ?? n.someone })),
      content ? verbatim(content) : say((n) => (kind === 'image' ? n.message.image : n.message.file)),
      {
        message_id: num(d.message_id),
        sender_id: num(d.sender_id),
        sender_name: sender ?? 'Someone',
        kind,
        ...(num(d.reservation_id) ? { reservation_id: num(d.reservation_id) } : {}),
      },
    );
  },
};

/** One notification per recipient: a user who is both guest and host of a stay hears it once. */
export function oncePerRecipient(planned: PlannedNotification[]): PlannedNotification[] {
  const seen = new Set<number>();
  return planned.filter((p) => !seen.has(p.userId) && seen.add(p.userId));
}
