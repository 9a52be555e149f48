// Domain events → queued e-mails, in the outbox relay's transaction (the same pass that projects
// notifications): a mail is queued exactly when its event is published, and never twice (unique
// event × template × recipient). The queue is sent by the send-emails job (send-queued-emails.ts)
// with retries, so a mail server that is down delays mail and loses none.
//
// Who gets what (the e-mail counterpart of notifications/event-notifications.ts):
// - reservation.confirmed: the guest (booking-confirmed-guest) and the host (booking-confirmed-owner);
// - payment.received: the guest, a receipt of that payment;
// - reservation.modified: guest and host, whoever made the change (the new dates are the record);
// - reservation.cancelled: guest (with the refund coming, if any) and host;
// - refund.succeeded: the guest (the money was sent);
// - owner_request.approved / rejected: the applicant;
// - payout.paid: the host;
// - webhook_endpoint.disabled: the endpoint's subscriber (its deliveries failed for 5 days).
// Values are read here (names, listing, dates, amounts in minor units) and kept with the mail;
// links are made when it is sent, from the configuration of that moment.
import type { BatchProjector, Projections, PublishedEvent } from '../../kernel/events.ts';
import { toMinor } from '../../kernel/money.ts';
import type { MoneyValue, Vars } from './format.ts';
import { localeOf } from './locales.ts';
import type { TemplateName } from './templates.ts';
import { emailsRepository, type NewEmailJob, type Recipient, type StayContext } from './emails.repository.ts';

export const EMAIL_TOPICS = [
  'reservation.confirmed',
  'payment.received',
  'reservation.modified',
  'reservation.cancelled',
  'refund.succeeded',
  'owner_request.approved',
  'owner_request.rejected',
  'payout.paid',
  'webhook_endpoint.disabled',
] as const;

type Data = Record<string, unknown>;
const dataOf = (v: unknown): Data => (v && typeof v === 'object' ? (v as Data) : {});
const id = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Decimal text of an event ("120.50", written with the currency's decimals) → a money value. */
function moneyOf(amount: unknown, currency: unknown): MoneyValue | null {
  const text = typeof amount === 'number' ? String(amount) : str(amount);
  const code = str(currency);
  if (!text || !code) return null;
  const decimals = (/\.(\d+)$/.exec(text)?.[1] ?? '').length;
  const minor = toMinor(text, decimals);
  return minor === null ? null : { money: { minor, currency: code, decimals } };
}

const stayMoney = (stay: StayContext, minor: number): MoneyValue => ({
  money: { minor, currency: stay.currency, decimals: stay.decimals },
});

const CANCELLED_BY: Record<string, string> = {
  guest: 'guest',
  owner: 'owner',
  admin: 'staff',
  support: 'staff',
  platform: 'platform',
};

interface Planned {
  template: TemplateName;
  to: Recipient | null;
  vars: Vars;
}

function stayVars(stay: StayContext): Vars {
  return {
    property: stay.propertyName,
    ref: stay.ref,
    checkin: { date: stay.checkin },
    checkout: { date: stay.checkout },
    reservation_id: stay.reservationId,
  };
}

function plan(
  event: PublishedEvent,
  data: Data,
  stays: Map<number, StayContext>,
  people: Map<number, Recipient>,
): Planned[] {
  const stay = stays.get(id(data.reservation_id) ?? 0);
  switch (event.topic) {
    case 'reservation.confirmed':
      if (!stay) return [];
      return [
        {
          template: 'booking-confirmed-guest',
          to: stay.guest,
          vars: { ...stayVars(stay), total: stayMoney(stay, stay.totalMinor) },
        },
        {
          template: 'booking-confirmed-owner',
          to: stay.owner,
          vars: {
            ...stayVars(stay),
            total: stayMoney(stay, stay.totalMinor),
            guest: stay.guest?.fullName ?? stay.guest?.name ?? '',
          },
        },
      ];
    case 'payment.received':
      if (!stay) return [];
      return [
        {
          template: 'payment-receipt',
          to: stay.guest,
          vars: { ...stayVars(stay), amount: moneyOf(data.amount, data.currency), paid_at: { date: event.occurredAt } },
        },
      ];
    case 'reservation.modified': {
      if (!stay) return [];
      const old = dataOf(data.old);
      const vars: Vars = {
        ...stayVars(stay),
        total: stayMoney(stay, stay.totalMinor),
        old_checkin: str(old.checkin_date) ? { date: str(old.checkin_date)! } : null,
        old_checkout: str(old.checkout_date) ? { date: str(old.checkout_date)! } : null,
        additional_due: moneyOf(data.additional_due, data.currency),
        refund: moneyOf(data.refund_amount, data.currency),
      };
      return [
        { template: 'booking-modified', to: stay.guest, vars },
        { template: 'booking-modified', to: stay.owner, vars },
      ];
    }
    case 'reservation.cancelled': {
      if (!stay) return [];
      const vars: Vars = {
        ...stayVars(stay),
        cancelled_by: { word: CANCELLED_BY[String(data.cancelled_by_role)] ?? 'staff' },
      };
      return [
        {
          template: 'booking-cancelled-guest',
          to: stay.guest,
          vars: { ...vars, refund: moneyOf(data.refund_amount, data.currency) },
        },
        { template: 'booking-cancelled-owner', to: stay.owner, vars },
      ];
    }
    case 'refund.succeeded':
      if (!stay) return [];
      return [
        {
          template: 'refund-sent',
          to: stay.guest,
          vars: { ...stayVars(stay), amount: moneyOf(data.amount, data.currency) },
        },
      ];
    case 'owner_request.approved':
      return [{ template: 'owner-application-approved', to: people.get(id(data.user_id) ?? 0) ?? null, vars: {} }];
    case 'owner_request.rejected':
      return [
        {
          template: 'owner-application-rejected',
          to: people.get(id(data.user_id) ?? 0) ?? null,
          vars: { reason: str(data.reason) },
        },
      ];
    case 'payout.paid':
      return [
        {
          template: 'payout-sent',
          to: people.get(id(data.owner_id) ?? 0) ?? null,
          vars: {
            amount: moneyOf(data.amount, data.currency),
            sent_at: { date: event.occurredAt },
            payout_ref: String(data.payout_id ?? ''),
          },
        },
      ];
    case 'webhook_endpoint.disabled':
      return [
        {
          template: 'webhook-endpoint-disabled',
          to: people.get(id(data.user_id) ?? 0) ?? null,
          vars: { url: str(data.url) ?? '', endpoint_id: String(data.endpoint_id ?? '') },
        },
      ];
    default:
      return [];
  }
}

/** Queues the mails of a batch of events: two reads (stays, people) and one insert, whatever the batch. */
export const emailBatchProjector: BatchProjector = async ({ tx, events, now }) => {
  const repo = emailsRepository(tx);
  const reservationIds = new Set<number>();
  const userIds = new Set<number>();
  for (const event of events) {
    const data = dataOf(event.data);
    const reservationId = id(data.reservation_id);
    if (reservationId) reservationIds.add(reservationId);
    const userId = id(
      event.topic === 'payout.paid'
        ? data.owner_id
        : event.topic.startsWith('owner_request.') || event.topic === 'webhook_endpoint.disabled'
          ? data.user_id
          : null,
    );
    if (userId) userIds.add(userId);
  }
  const stays = await repo.stayContexts([...reservationIds]);
  const people = await repo.recipients([...userIds]);
  const jobs: NewEmailJob[] = [];
  for (const event of events) {
    const seen = new Set<string>();
    for (const planned of plan(event, dataOf(event.data), stays, people)) {
      // A host who booked their own listing hears each thing once per template.
      if (!planned.to || seen.has(`${planned.template}|${planned.to.userId}`)) continue;
      seen.add(`${planned.template}|${planned.to.userId}`);
      jobs.push({
        sourceEventId: event.eventId,
        template: planned.template,
        recipientUserId: planned.to.userId,
        toAddress: planned.to.email,
        locale: localeOf(planned.to.locale),
        vars: {
          ...planned.vars,
          name: planned.to.name,
          ...(planned.to.timeZone ? { time_zone: planned.to.timeZone } : {}),
        },
      });
    }
  }
  await repo.enqueue(jobs, now);
  // Queued mails are not outbox events: nothing more for the relay to publish.
  return 0;
};

/** Registers the e-mail projector on the relay for every topic that mails someone; returns the relay. */
export function registerEmailProjectors<R extends Projections>(relay: R): R {
  return relay.addBatchProjector(EMAIL_TOPICS, emailBatchProjector);
}
