// What each e-mail says, as a list of blocks in the recipient's language. Strings carry `{var}`
// markers; a block or a row with `when` is shown only if that value is given (a reason, a refund).
// The HTML part (MJML) and the text part are both built from these blocks (render-email.ts).
import type { Messages, TemplateName } from './translations/en.ts';

export type { TemplateName };

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; when?: string }
  | { kind: 'code'; text: string }
  | { kind: 'details'; rows: Array<{ label: string; value: string; when?: string }> }
  | { kind: 'button'; label: string; href: string; when?: string }
  | { kind: 'note'; text: string; when?: string };

type Build = (m: Messages) => Block[];

const greeting = (m: Messages): Block => ({ kind: 'text', text: m.common.greeting });
const signoff = (m: Messages): Block => ({ kind: 'text', text: m.common.signoff });
const fallback = (m: Messages): Block => ({ kind: 'note', text: m.common.linkFallback });

const stayRows = (m: Messages) => [
  { label: m.common.labels.property, value: '{property}' },
  { label: m.common.labels.reference, value: '{ref}' },
  { label: m.common.labels.checkin, value: '{checkin}' },
  { label: m.common.labels.checkout, value: '{checkout}' },
];

export const TEMPLATES: Record<TemplateName, Build> = {
  'verification-code': (m) => {
    const t = m.templates['verification-code'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      { kind: 'code', text: '{code}' },
      { kind: 'text', text: t.validity },
      { kind: 'note', text: t.ignore },
      signoff(m),
    ];
  },
  'password-reset-code': (m) => {
    const t = m.templates['password-reset-code'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      { kind: 'code', text: '{code}' },
      { kind: 'text', text: t.validity },
      { kind: 'button', label: t.button, href: '{link}', when: 'link' },
      { kind: 'note', text: t.ignore },
      signoff(m),
    ];
  },
  'staff-invitation': (m) => {
    const t = m.templates['staff-invitation'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      { kind: 'button', label: t.button, href: '{link}' },
      { kind: 'text', text: t.validity },
      fallback(m),
      signoff(m),
    ];
  },
  'email-changed': (m) => {
    const t = m.templates['email-changed'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      { kind: 'text', text: t.mine },
      { kind: 'text', text: t.notMine },
      { kind: 'button', label: t.button, href: '{link}' },
      { kind: 'text', text: t.validity },
      fallback(m),
      signoff(m),
    ];
  },
  'owner-application-approved': (m) => {
    const t = m.templates['owner-application-approved'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      { kind: 'button', label: t.button, href: '{link}' },
      signoff(m),
    ];
  },
  'owner-application-rejected': (m) => {
    const t = m.templates['owner-application-rejected'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      { kind: 'text', text: t.reason, when: 'reason' },
      { kind: 'text', text: t.next },
      signoff(m),
    ];
  },
  'booking-confirmed-guest': (m) => {
    const t = m.templates['booking-confirmed-guest'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      { kind: 'details', rows: [...stayRows(m), { label: m.common.labels.total, value: '{total}' }] },
      { kind: 'button', label: t.button, href: '{link}' },
      signoff(m),
    ];
  },
  'booking-confirmed-owner': (m) => {
    const t = m.templates['booking-confirmed-owner'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      {
        kind: 'details',
        rows: [
          { label: m.common.labels.guest, value: '{guest}' },
          ...stayRows(m),
          { label: m.common.labels.total, value: '{total}' },
        ],
      },
      { kind: 'button', label: t.button, href: '{link}' },
      signoff(m),
    ];
  },
  'booking-modified': (m) => {
    const t = m.templates['booking-modified'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      {
        kind: 'details',
        rows: [
          ...stayRows(m),
          { label: m.common.labels.previousDates, value: '{old_checkin} – {old_checkout}', when: 'old_checkin' },
          { label: m.common.labels.total, value: '{total}' },
        ],
      },
      { kind: 'text', text: t.due, when: 'additional_due' },
      { kind: 'text', text: t.refund, when: 'refund' },
      { kind: 'button', label: t.payButton, href: '{payment_link}', when: 'additional_due' },
      { kind: 'button', label: t.button, href: '{link}' },
      signoff(m),
    ];
  },
  'booking-cancelled-guest': (m) => {
    const t = m.templates['booking-cancelled-guest'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      { kind: 'details', rows: [...stayRows(m), { label: m.common.labels.refund, value: '{refund}', when: 'refund' }] },
      { kind: 'text', text: t.refund, when: 'refund' },
      { kind: 'button', label: t.button, href: '{link}' },
      signoff(m),
    ];
  },
  'booking-cancelled-owner': (m) => {
    const t = m.templates['booking-cancelled-owner'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      { kind: 'details', rows: stayRows(m) },
      { kind: 'button', label: t.button, href: '{link}' },
      signoff(m),
    ];
  },
  'refund-sent': (m) => {
    const t = m.templates['refund-sent'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      {
        kind: 'details',
        rows: [
          { label: m.common.labels.property, value: '{property}' },
          { label: m.common.labels.reference, value: '{ref}' },
          { label: m.common.labels.refund, value: '{amount}' },
        ],
      },
      { kind: 'button', label: t.button, href: '{link}' },
      signoff(m),
    ];
  },
  'payment-receipt': (m) => {
    const t = m.templates['payment-receipt'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      {
        kind: 'details',
        rows: [
          ...stayRows(m),
          { label: m.common.labels.amount, value: '{amount}' },
          { label: m.common.labels.paidOn, value: '{paid_at}' },
        ],
      },
      { kind: 'button', label: t.button, href: '{link}' },
      signoff(m),
    ];
  },
  'webhook-endpoint-disabled': (m) => {
    const t = m.templates['webhook-endpoint-disabled'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      { kind: 'details', rows: [{ label: t.endpoint, value: '{url}' }] },
      { kind: 'text', text: t.fix },
      { kind: 'button', label: t.button, href: '{link}', when: 'link' },
      fallback(m),
      signoff(m),
    ];
  },
  'payout-sent': (m) => {
    const t = m.templates['payout-sent'];
    return [
      { kind: 'heading', text: t.heading },
      greeting(m),
      { kind: 'text', text: t.intro },
      {
        kind: 'details',
        rows: [
          { label: m.common.labels.payout, value: '{payout_ref}' },
          { label: m.common.labels.amount, value: '{amount}' },
          { label: m.common.labels.sentOn, value: '{sent_at}' },
        ],
      },
      signoff(m),
    ];
  },
};

export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];
