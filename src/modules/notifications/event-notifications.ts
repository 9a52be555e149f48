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
import type { PlannedNotification } from './notifications.repository.ts';
import { fill, say, verbatim } from './notification-texts.ts';
import { type Data, money, num, type Planner, preview, text, to } from './notification-planning.ts';
import { RESERVATION_PLANNERS } from './reservation-planners.ts';

export const PLANNERS: Record<string, Planner> = {
  ...RESERVATION_PLANNERS,

  'owner_request.approved': async (_repo, d) =>
    to(num(d.user_id), {
      type: 'general',
      title: say((n) => n.ownerApproved.title),
      message: say((n) => n.ownerApproved.message),
      data: { request_id: num(d.request_id), status: 'approved' },
    }),

  'owner_request.rejected': async (_repo, d) => {
    const reason = text(d.reason);
    return to(num(d.user_id), {
      type: 'general',
      title: say((n) => n.ownerRejected.title),
      message: say((n) => (reason ? fill(n.ownerRejected.withReason, { reason }) : n.ownerRejected.message)),
      data: { request_id: num(d.request_id), status: 'rejected', reason },
    });
  },

  'chatbot.handoff': async (repo, d) => {
    const question = typeof d.question === 'string' ? preview(d.question) : '';
    const data = { conversation_id: num(d.conversation_id), user_id: num(d.user_id), property_id: num(d.property_id) };
    const title = say((n) => n.handoff.title);
    const message = question ? verbatim(question) : say((n) => n.handoff.unanswered);
    return (await repo.supportAgentIds()).flatMap((id) => to(id, { type: 'general', title, message, data }));
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
    return (await repo.supportAgentIds()).flatMap((id) => to(id, { type: 'general', title, message, data }));
  },

  'message.created': async (_repo, d) => {
    const sender = text(d.sender_name);
    const kind = text(d.kind) ?? 'text';
    const content = typeof d.content === 'string' ? preview(d.content) : '';
    return to(num(d.receiver_id), {
      type: 'message',
      title: say((n) => fill(n.message.title, { sender: sender ?? n.someone })),
      message: content ? verbatim(content) : say((n) => (kind === 'image' ? n.message.image : n.message.file)),
      data: {
        message_id: num(d.message_id),
        sender_id: num(d.sender_id),
        sender_name: sender ?? 'Someone',
        kind,
        ...(num(d.reservation_id) ? { reservation_id: num(d.reservation_id) } : {}),
      },
    });
  },
};

/** One notification per recipient: a user who is both guest and host of a stay hears it once. */
export function oncePerRecipient(planned: PlannedNotification[]): PlannedNotification[] {
  const seen = new Set<number>();
  return planned.filter((p) => !seen.has(p.userId) && seen.add(p.userId));
}
