// The planners of events about one reservation: who hears what is decided in event-notifications.ts.
import { fill, say, type Texts, type Words } from './notification-texts.ts';
import {
  about,
  aboutReservation,
  type Data,
  money,
  num,
  type Planner,
  reservationData,
  stayVars,
  text,
  to,
} from './notification-planning.ts';

/** Who cancelled, by role → the catalogue's word for them. */
const WHO_CANCELLED: Record<string, keyof Words> = { guest: 'guest', owner: 'owner', admin: 'staff', support: 'staff' };

export const RESERVATION_PLANNERS: Record<string, Planner> = {
  'reservation.created': aboutReservation((c, d) => {
    const viaPlatform = d.source === 'channel';
    const guest = c.guestName ?? text(d.guest_name);
    return to(c.ownerId, {
      type: 'new_reservation',
      title: say((n) => n.newReservation.title),
      message: say((n) =>
        fill(viaPlatform ? n.newReservation.viaPlatform : n.newReservation.message, {
          ...stayVars(n, c),
          guest: guest ?? n.aGuest,
          provider: text(d.provider) ?? n.aPlatform,
        }),
      ),
      data: reservationData(c, {
        guest_name: guest,
        total: text(d.total),
        currency: text(d.currency),
        ...(viaPlatform ? { source: 'channel', provider: text(d.provider) } : {}),
      }),
    });
  }),

  'channel.booking.overbooked': aboutReservation((c, d) =>
    to(c.ownerId, {
      type: 'general',
      title: say((n) => n.overbooked.title),
      message: say((n) => fill(n.overbooked.message, { ...stayVars(n, c), provider: text(d.provider) ?? n.aPlatform })),
      data: reservationData(c, { overbooked: true, provider: text(d.provider), revision_id: text(d.revision_id) }),
    }),
  ),

  'reservation.confirmed': aboutReservation((c) => {
    const title = say((n) => n.confirmed.title);
    const type = 'reservation_confirmed';
    return [
      ...to(c.guestId, { type, title, message: about(c, (n) => n.confirmed.guest), data: reservationData(c) }),
      ...to(c.ownerId, {
        type,
        title,
        message: about(c, (n) => n.confirmed.owner),
        data: reservationData(c, { guest_name: c.guestName }),
      }),
    ];
  }),

  'payment.received': aboutReservation((c, d) => {
    const amount = money(d.amount, d.currency);
    const data = reservationData(c, { amount: text(d.amount), currency: text(d.currency) });
    const title = say((n) => n.paymentReceived.title);
    const type = 'payment_received';
    return [
      ...to(c.guestId, { type, title, message: about(c, (n) => n.paymentReceived.guest, { amount }), data }),
      ...to(c.ownerId, { type, title, message: about(c, (n) => n.paymentReceived.owner, { amount }), data }),
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
    const type = 'reservation_cancelled';
    return [
      ...to(c.guestId, { type, title, message: said(c.guestId, (n) => n.cancelled.guest, true), data }),
      ...to(c.ownerId, { type, title, message: said(c.ownerId, (n) => n.cancelled.owner, false), data }),
    ];
  }),

  'reservation.expired': aboutReservation((c) => {
    const data = reservationData(c, { reason: 'expired' });
    const title = say((n) => n.expired.title);
    const type = 'reservation_cancelled';
    return [
      ...to(c.guestId, { type, title, message: about(c, (n) => n.expired.guest), data }),
      ...to(c.ownerId, { type, title, message: about(c, (n) => n.expired.owner), data }),
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
    return [c.guestId, c.ownerId]
      .filter((u) => u !== by)
      .flatMap((u) => to(u, { type: 'general', title, message, data }));
  }),

  'refund.requested': aboutReservation((c, d) =>
    to(c.guestId, {
      type: 'refund_pending',
      title: say((n) => n.refundPending.title),
      message: about(c, (n) => n.refundPending.message, { amount: money(d.amount, d.currency) }),
      data: reservationData(c, { amount: text(d.amount), currency: text(d.currency), reason: text(d.reason) }),
    }),
  ),

  'review.created': aboutReservation((c, d) =>
    to(c.ownerId, {
      type: 'general',
      title: say((n) => n.review.title),
      message: about(c, (n) => n.review.message, { rating: text(d.rating) ?? '?' }),
      data: reservationData(c, { review_id: num(d.review_id), rating: num(d.rating) }),
    }),
  ),

  'refund.succeeded': aboutReservation((c, d) =>
    to(c.guestId, {
      type: 'general',
      title: say((n) => n.refundSent.title),
      message: about(c, (n) => n.refundSent.message, { amount: money(d.amount, d.currency) }),
      data: reservationData(c, { amount: text(d.amount), currency: text(d.currency), reason: text(d.reason) }),
    }),
  ),

  'reservation.change_reverted': aboutReservation((c, d) => {
    const data = reservationData(c, { reverted: d.reverted ?? null, currency: text(d.currency) });
    const title = say((n) => n.changeReverted.title);
    const message = about(c, (n) => n.changeReverted.message);
    return [c.guestId, c.ownerId].flatMap((u) => to(u, { type: 'general', title, message, data }));
  }),

  'payment.failed': aboutReservation((c, d) =>
    to(c.guestId, {
      type: 'general',
      title: say((n) => n.paymentFailed.title),
      message: about(c, (n) => (d.type === 'additional' ? n.paymentFailed.additional : n.paymentFailed.reservation), {
        amount: money(d.amount, d.currency),
      }),
      data: reservationData(c, { amount: text(d.amount), currency: text(d.currency), type: text(d.type) }),
    }),
  ),
};
