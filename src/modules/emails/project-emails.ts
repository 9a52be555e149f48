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

const stayMoney = (c: StayContext, minor: number): MoneyValue => ({
  money: { minor, currency: c.currency, decimals: c.decimals },
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

function stayVars(c: StayContext): Vars {
  return {
    property: c.propertyName,
    ref: c.ref,
    checkin: { date: c.checkin },
    checkout: { date: c.checkout },
    reservation_id: c.reservationId,
  };
}

function plan(
  event: PublishedEvent,
  d: Data,
  stays: Map<number, StayContext>,
  people: Map<number, Recipient>,
): Planned[] {
  const c = stays.get(id(d.reservation_id) ?? 0);
  switch (event.topic) {
    case 'reservation.confirmed':
      if (!c) return [];
      return [
        {
          template: 'booking-confirmed-guest',
          to: c.guest,
          vars: { ...stayVars(c), total: stayMoney(c, c.totalMinor) },
        },
        {
          template: 'booking-confirmed-owner',
          to: c.owner,
          vars: { ...stayVars(c), total: stayMoney(c, c.totalMinor), guest: c.guest?.fullName ?? c.guest?.name ?? '' },
        },
      ];
    case 'payment.received':
      if (!c) return [];
      return [
        {
          template: 'payment-receipt',
          to: c.guest,
          vars: { ...stayVars(c), amount: moneyOf(d.amount, d.currency), paid_at: { date: event.occurredAt } },
        },
      ];
    case 'reservation.modified': {
      if (!c) return [];
      const old = dataOf(d.old);
      const vars: Vars = {
        ...stayVars(c),
        total: stayMoney(c, c.totalMinor),
        old_checkin: str(old.checkin_date) ? { date: str(old.checkin_date)! } : null,
        old_checkout: str(old.checkout_date) ? { date: str(old.checkout_date)! } : null,
        additional_due: moneyOf(d.additional_due, d.currency),
        refund: moneyOf(d.refund_amount, d.currency),
      };
      return [
        { template: 'booking-modified', to: c.guest, vars },
        { template: 'booking-modified', to: c.owner, vars },
      ];
    }
    case 'reservation.cancelled': {
      if (!c) return [];
      const vars: Vars = {
        ...stayVars(c),
        cancelled_by: { word: CANCELLED_BY[String(d.cancelled_by_role)] ?? 'staff' },
      };
      return [
        {
          template: 'booking-cancelled-guest',
          to: c.guest,
          vars: { ...vars, refund: moneyOf(d.refund_amount, d.currency) },
        },
        { template: 'booking-cancelled-owner', to: c.owner, vars },
      ];
    }
    case 'refund.succeeded':
      if (!c) return [];
      return [
        { template: 'refund-sent', to: c.guest, vars: { ...stayVars(c), amount: moneyOf(d.amount, d.currency) } },
      ];
    case 'owner_request.approved':
      return [{ template: 'owner-application-approved', to: people.get(id(d.user_id) ?? 0) ?? null, vars: {} }];
    case 'owner_request.rejected':
      return [
        {
          template: 'owner-application-rejected',
          to: people.get(id(d.user_id) ?? 0) ?? null,
          vars: { reason: str(d.reason) },
        },
      ];
    case 'payout.paid':
      return [
        {
          template: 'payout-sent',
          to: people.get(id(d.owner_id) ?? 0) ?? null,
          vars: {
            amount: moneyOf(d.amount, d.currency),
            sent_at: { date: event.occurredAt },
            payout_ref: String(d.payout_id ?? ''),
          },
        },
      ];
    case 'webhook_endpoint.disabled':
      return [
        {
          template: 'webhook-endpoint-disabled',
          to: people.get(id(d.user_id) ?? 0) ?? null,
          vars: { url: str(d.url) ?? '', endpoint_id: String(d.endpoint_id ?? '') },
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
  for (const e of events) {
    const d = dataOf(e.data);
    const r = id(d.reservation_id);
    if (r) reservationIds.add(r);
    const u = id(
      e.topic === 'payout.paid'
        ? d.owner_id
        : e.topic.startsWith('owner_request.') || e.topic === 'webhook_endpoint.disabled'
          ? d.user_id
          : null,
    );
    if (u) userIds.add(u);
  }
  const stays = await repo.stayContexts([...reservationIds]);
  const people = await repo.recipients([...userIds]);
  const jobs: NewEmailJob[] = [];
  for (const e of events) {
    const seen = new Set<string>();
    for (const p of plan(e, dataOf(e.data), stays, people)) {
      // A host who booked their own listing hears each thing once per template.
      if (!p.to || seen.has(`${p.template}|${p.to.userId}`)) continue;
      seen.add(`${p.template}|${p.to.userId}`);
      jobs.push({
        sourceEventId: e.eventId,
        template: p.template,
        recipientUserId: p.to.userId,
        toAddress: p.to.email,
        locale: localeOf(p.to.locale),
        vars: { ...p.vars, name: p.to.name, ...(p.to.timeZone ? { time_zone: p.to.timeZone } : {}) },
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
